// Package lib has exported types built on unexported ones.
package lib

type hidden struct{ A int }

// Hid has a field of an unexported type.
type Hid struct {
	H hidden `json:"h"`
}

type tag string

// Tags has a map with an unexported key type.
type Tags struct {
	M map[tag]int `json:"m"`
}

type inner struct {
	A int `json:"a"`
}

// Outer embeds an unexported struct.
type Outer struct {
	inner
	C int `json:"c"`
}
