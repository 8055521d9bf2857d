package corpus

import "context"

// This file: enums from const groups.

// Unit is a temperature unit.
type Unit string

// The units.
const (
	// Celsius degrees.
	Celsius Unit = "celsius"
	// Fahrenheit degrees.
	Fahrenheit Unit = "fahrenheit"
	Kelvin     Unit = "kelvin"
)

// Priority of a task; the empty priority means "not set".
type Priority string

const (
	PriorityNone   Priority = ""
	PriorityLow    Priority = "low"
	PriorityNormal Priority = "normal"
	PriorityUrgent Priority = "urgent"
)

// Mode is how a sync runs.
type Mode string

const (
	ModeFast Mode = "fast"
	// ModeLegacy Mode = "legacy"
	ModeSafe Mode = "safe"
	ModeDry  Mode = "dry-run"
)

// SortOrder orders results.
type SortOrder string

const (
	SortNewest   SortOrder = "newest"
	SortOldest   SortOrder = "oldest"
	SortRelevant SortOrder = "relevance"
)

// Weekday is a day of the week, numbered from Sunday.
type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	Wednesday
	Thursday
	Friday
	Saturday
)

// ThermostatInput sets a thermostat.
type ThermostatInput struct {
	Room   string  `json:"room"`
	Target float64 `json:"target" jsonschema:"minimum=-20,maximum=40"`
	// Unit of Target.
	Unit Unit `json:"unit"`
}

// SetThermostat sets the target temperature of a room.
//
//tool:export
func SetThermostat(ctx context.Context, in ThermostatInput) (ThermostatInput, error) { return in, nil }

// TaskInput creates a task.
type TaskInput struct {
	Title string `json:"title"`
	// Priority of the task; leave it empty when unsure.
	Priority Priority  `json:"priority"`
	Due      []Weekday `json:"due,omitempty"`
}

// CreateTask adds a task to the list.
//
//tool:export
func CreateTask(ctx context.Context, in TaskInput) (TaskInput, error) { return in, nil }

// SyncInput starts a sync.
type SyncInput struct {
	Source string `json:"source"`
	Target string `json:"target"`
	// Mode of the sync.
	Mode Mode `json:"mode,omitempty"`
}

// StartSync copies changes from one folder to another.
//
//tool:export
func StartSync(ctx context.Context, in SyncInput) (SyncInput, error) { return in, nil }

// FeedInput reads a news feed.
type FeedInput struct {
	Topic string `json:"topic"`
	// Order of the items. Defaults to SortNewest.
	Order SortOrder `json:"order,omitempty"`
	// Days the feed covers; Monday to Friday when empty.
	Days []Weekday `json:"days,omitempty" jsonschema:"uniqueItems"`
}

// ReadFeed returns the latest items about a topic.
//
//tool:export
func ReadFeed(ctx context.Context, in FeedInput) (FeedInput, error) { return in, nil }

// AlarmInput sets an alarm.
type AlarmInput struct {
	Day     Weekday  `json:"day"`
	Hour    uint8    `json:"hour" jsonschema:"maximum=23"`
	Minute  uint8    `json:"minute" jsonschema:"maximum=59"`
	Repeat  *Weekday `json:"repeat,omitempty"`
	Label   Priority `json:"label,omitempty"`
	Comfort Unit     `json:"comfort_unit,omitempty"`
}

// SetAlarm sets a weekly alarm.
//
//tool:export
func SetAlarm(ctx context.Context, in AlarmInput) (AlarmInput, error) { return in, nil }
