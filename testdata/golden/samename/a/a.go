// Package a has a recursive Item.
package a

// Item is a task with subtasks.
type Item struct {
	Title string  `json:"title"`
	Sub   []*Item `json:"sub,omitempty"`
}
