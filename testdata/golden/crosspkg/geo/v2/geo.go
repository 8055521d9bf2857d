// Package geo is imported by its path .../geo/v2 but named geo.
package geo

// Unit is a distance unit.
type Unit string

// The units.
const (
	Km    Unit = "km"
	Miles Unit = "mi"
)

// Place is a named place.
type Place struct {
	Name string `json:"name" jsonschema:"minLength=1"`
	Unit Unit   `json:"unit,omitempty" jsonschema:"default=km"`
}
