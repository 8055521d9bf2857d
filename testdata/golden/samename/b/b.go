// Package b has another recursive Item.
package b

// Item is a comment with replies.
type Item struct {
	Text    string `json:"text"`
	Replies []Item `json:"replies,omitempty"`
}
