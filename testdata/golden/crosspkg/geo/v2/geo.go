// Package geo is imported by its path .../geo/v2 but named geo.
package geo

// Unit is a distance unit.
type Unit string

// The units.
const (
	// Km is the kilometre.
	Km Unit = "km"
	// Miles is the statute mile.
	Miles Unit = "mi"
	// NauticalMiles is the sea mile.
	NauticalMiles Unit = "nmi"
)

// Place is a named place.
type Place struct {
	// Name of the place, such as "Lyon".
	Name string `json:"name" jsonschema:"minLength=1"`
	Unit Unit   `json:"unit,omitempty" jsonschema:"default=km"`
}

// Query asks for the places around a point.
type Query struct {
	// Center is the point to search around.
	Center Coord `json:"center"`
	// Radius to search within, in Unit; at sea, in NauticalMiles.
	Radius float64 `json:"radius" jsonschema:"minimum=0"`
	Unit   Unit    `json:"unit"` // Unit of the radius.
}

// Coord is a point on the globe, in degrees.
type Coord struct {
	Lat float64 `json:"lat" jsonschema:"minimum=-90,maximum=90"` // Latitude, north positive.
	// Longitude, east positive.
	Lon float64 `json:"lon" jsonschema:"minimum=-180,maximum=180"`
}

// Visit is a stay at a place, with fields promoted from an unexported
// struct, which code of another package cannot name.
type Visit struct {
	stamp
	Place string `json:"place"`
	note  `json:"note"`
}

// stamp is when and by whom.
type stamp struct {
	At int `json:"at"`
	By string
}

// note is an unexported struct with a tag, written as a field.
type note struct{ Text string }

// NewVisit makes a visit.
func NewVisit(place string, at int) Visit {
	return Visit{stamp: stamp{At: at, By: "me"}, Place: place, note: note{"n"}}
}

// Log holds fields whose types code of another package cannot name: an
// unexported type, unnamed structs with an unexported field or an
// interface with an unexported method, left out when zero, and a map
// whose key type is unexported.
type Log struct {
	Last entry `json:"last"`
	Span struct {
		from int
		To   int `json:"to"`
	} `json:"span,omitzero"`
	Marks [1]struct{ at, N int } `json:"marks,omitzero"`
	Hook  struct {
		H interface{ hook() }
	} `json:"hook,omitzero"`
	Tags map[tag]int `json:"tags"`
}

// entry is unexported.
type entry struct{ Msg string }

// Entry names entry for other packages.
type Entry = entry

// tag is unexported.
type tag string

// NewLog makes a log.
func NewLog(msg string, to int) Log {
	l := Log{Last: entry{msg}, Tags: map[tag]int{"b": 2, "a": 1}}
	l.Span.from, l.Span.To = 1, to
	l.Marks[0].N = to
	return l
}
