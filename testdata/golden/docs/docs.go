// Package docs takes descriptions from doc comments.
package docs

import "context"

// Priority says how urgent a ticket is.
type Priority string

const (
	// Low can wait.
	Low Priority = "low"
	// Urgent needs a reply today.
	Urgent Priority = "urgent"
	// Later Priority = "later"
	// TODO: a priority for tickets that wait on the customer.

	// Blocked stops other work.
	Blocked Priority = "blocked"
)

// Channel is how a reply reaches the customer.
type Channel string

// The channels.
const (
	// ChannelEmail can reach the customer at any hour.
	ChannelEmail Channel = "email"
	// ChannelPhone rings the customer's phone:
	//   - at work hours
	//   - on the number of the account
	ChannelPhone Channel = "phone"
)

// Role is what a member of the support team may do.
type Role int

// The roles.
const (
	// RoleViewer can read tickets.
	RoleViewer Role = iota
	// RoleEditor can change tickets.
	RoleEditor
	RoleOwner
)

// Contact is how to reach the customer.
type Contact struct {
	// Email address to reply to.
	Email string `json:"email"`
}

// Ticket is a support request.
type Ticket struct {
	// Subject is a one-line summary.
	Subject string `json:"subject"`
	// The full text of the request.
	//
	// Markdown is fine.
	Body     string   `json:"body"`
	Priority Priority `json:"priority"` // how urgent it is
	Contact  Contact  `json:"contact"`
	// Tags overrides the doc comment with its tag.
	Tags []string `json:"tags,omitempty" jsonschema_description:"Labels for routing"`
	// DelayMS to wait before the first reply, in milliseconds.
	// TODO: take this from the
	// account's plan.
	DelayMS int `json:"delay_ms,omitempty"`
	// Escalation is the priority to raise the ticket to after the delay.
	// Defaults to Urgent; never Low.
	//
	// FIXME: check it against the account's plan.
	Escalation Priority `json:"escalation,omitempty"`
	// ReplyOn is ChannelEmail unless the customer asked for ChannelPhone.
	ReplyOn Channel `json:"reply_on,omitempty"`
	// Fallbacks are the channels to try, in order, when the first fails.
	Fallbacks []Channel `json:"fallbacks,omitempty"`
	// Notify are the roles told of changes.
	Notify []Role `json:"notify,omitempty"`
	// Signature to end the reply with:
	//   - a name, for a personal reply
	//   - a team, for the others
	Signature string `json:"signature,omitempty" jsonschema:"maxLength=40"`
}

// OpenTicket opens a support ticket for the customer. Use it when the
// customer reports a problem that the help center does not answer.
//
// Do not open a ticket twice for the same problem. Before it:
//   - look for an open ticket of the customer
//   - ask the customer for a contact if there is
//     none
//
//tool:export
func OpenTicket(ctx context.Context, t Ticket) (string, error) { return "T-1", nil }
