package world

import (
	"context"
	"errors"
	"strings"
)

// This file: plain functions in the style of adk-go's functiontool and
// Eino's InferTool: const-group enums beside enum tags, anonymous and
// empty argument structs, optional context and arguments, required
// groups, and long descriptions.

// Tone is how a reply sounds.
type Tone string

// The tones.
const (
	// ToneFormal is for customers.
	ToneFormal Tone = "formal"
	// ToneCasual is for colleagues.
	ToneCasual Tone = "casual"
)

// Level is an integer enum.
type Level int

// The levels.
const (
	LevelLow Level = iota + 1
	LevelMid
	LevelHigh
)

// DraftInput drafts a reply.
type DraftInput struct {
	// Text is the message to answer. It may hold "quotes", `backticks`,
	// and several lines:
	//
	//   - a list item
	//   - another
	//
	// Keep it under 4,000 characters — longer text is cut.
	Text string `json:"text" jsonschema:"maxLength=4000"`
	// Tone of the reply. Defaults to ToneFormal.
	Tone Tone `json:"tone,omitempty" jsonschema:"default=formal"`
	// Tones to try in turn.
	Tones []Tone `json:"tones,omitempty"`
	// Urgency of the reply.
	Urgency Level  `json:"urgency,omitempty"`
	Lang    string `json:"lang,omitempty" jsonschema:"enum=en,enum=fr,enum=de" jsonschema_description:"Language of the reply; «en» by default"`
	// Signature is appended to the reply.
	Signature *string `json:"signature,omitempty" jsonschema:"maxLength=200"`
	Audience  string  `json:"Audience,omitempty" description:"Who reads the reply"`
}

// DraftReply drafts a reply to a message.
//
// It answers in the tone asked for. A reply never promises dates; it
// says "soon" instead. Call SummarizeThread first when the thread is long.
//
//tool:export readonly
func DraftReply(ctx context.Context, in DraftInput) (DraftInput, error) { return in, nil }

// SummarizeThread summarizes a thread of messages.
//
//tool:export readonly
func SummarizeThread(in struct {
	Messages []string `json:"messages" jsonschema:"minItems=1"`
	MaxWords int      `json:"max_words,omitempty" jsonschema:"minimum=10,maximum=500,default=100"`
}) (string, error) {
	return strings.Join(in.Messages, " "), nil
}

// Ping checks that the assistant is up.
//
//tool:export readonly
func Ping(ctx context.Context, _ struct{}) (string, error) { return "pong", nil }

// Reset forgets the conversation.
//
//tool:export confirm
func Reset() error { return nil }

// ContactInput finds a contact by one of its keys.
type ContactInput struct {
	Email string `json:"email,omitempty" jsonschema:"oneof_required=by_email,format=email"`
	Phone string `json:"phone,omitempty" jsonschema:"oneof_required=by_phone,pattern=^\\+[0-9]{6\\,15}$"`
	Name  string `json:"name,omitempty"`
}

// FindContact finds a contact by email or phone.
//
//tool:export readonly
func FindContact(ctx context.Context, in *ContactInput) (*ContactInput, error) {
	if in == nil {
		return nil, errors.New("no input")
	}
	return in, nil
}

// NotifyInput sends a notification.
type NotifyInput struct {
	Channel string   `json:"channel" jsonschema:"enum=email,enum=sms,enum=push"`
	To      []string `json:"to" jsonschema:"minItems=1,maxItems=50,uniqueItems"`
	Subject string   `json:"subject,omitempty" jsonschema:"title=Subject line,maxLength=120"`
	Body    string   `json:"body" jsonschema:"minLength=1"`
	// Options are per-channel settings.
	Options *struct {
		Priority string `json:"priority,omitempty" jsonschema:"enum=low,enum=normal,enum=high,default=normal"`
		Silent   bool   `json:"silent,omitempty"`
		TTL      uint   `json:"ttl,omitempty" jsonschema:"maximum=86400"`
	} `json:"options,omitempty"`
	Attachments []struct {
		Name string `json:"name"`
		URL  string `json:"url" jsonschema:"format=uri"`
	} `json:"attachments,omitempty" jsonschema:"maxItems=5"`
}

// Notify sends a notification and reports how many were queued.
//
//tool:export confirm
func Notify(ctx context.Context, in NotifyInput) (NotifyInput, error) { return in, nil }

// Step is one step of a reasoning loop, in the style of Eino's and
// genkit's structured outputs, which say required=true and required=false
// in the jsonschema tag where invopop reads only the bare flag.
type Step struct {
	Status      string `json:"status,omitempty" jsonschema:"enum=CONTINUED,enum=FINISHED,required=true" jsonschema_description:"Whether the loop goes on"`
	Thought     string `json:"thought" jsonschema:"required=true,description=What was considered (e.g.\\, 'SELECT * FROM t')"`
	FinalAnswer string `json:"final_answer,omitempty" jsonschema:"required=false"`
	Evidence    string `json:"evidence,omitempty" jsonschema:"required=false,description=Sources\\, if any"`
}

// RecordStep records a step of the loop.
//
//tool:export idempotent
func RecordStep(ctx context.Context, in Step) (Step, error) { return in, nil }
