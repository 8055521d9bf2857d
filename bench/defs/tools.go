// Code written by gen.go; 100 tools for benchmarks.

// Package defs holds 100 tools, for the Definitions benchmark.
package defs

//go:generate go tool toolgen

import (
	"context"
	"time"
)

// Status is an enum.
type Status string

// The statuses.
const (
	Open   Status = "open"
	Closed Status = "closed"
)

// Address is nested.
type Address struct {
	Street string `json:"street" jsonschema:"minLength=1"`
	City   string `json:"city"`
	Zip    string `json:"zip,omitempty" jsonschema:"pattern=^[0-9]{5}$"`
}

// Args000 are the arguments of tool 0.
type Args000 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=50,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool000 does task 0 for the record it is given.
//
//tool:export readonly
func Tool000(ctx context.Context, in Args000) (string, error) { return in.ID, nil }

// Args001 are the arguments of tool 1.
type Args001 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=51,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool001 does task 1 for the record it is given.
//
//tool:export readonly
func Tool001(ctx context.Context, in Args001) (string, error) { return in.ID, nil }

// Args002 are the arguments of tool 2.
type Args002 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=52,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool002 does task 2 for the record it is given.
//
//tool:export readonly
func Tool002(ctx context.Context, in Args002) (string, error) { return in.ID, nil }

// Args003 are the arguments of tool 3.
type Args003 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=53,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool003 does task 3 for the record it is given.
//
//tool:export readonly
func Tool003(ctx context.Context, in Args003) (string, error) { return in.ID, nil }

// Args004 are the arguments of tool 4.
type Args004 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=54,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool004 does task 4 for the record it is given.
//
//tool:export readonly
func Tool004(ctx context.Context, in Args004) (string, error) { return in.ID, nil }

// Args005 are the arguments of tool 5.
type Args005 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=55,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool005 does task 5 for the record it is given.
//
//tool:export readonly
func Tool005(ctx context.Context, in Args005) (string, error) { return in.ID, nil }

// Args006 are the arguments of tool 6.
type Args006 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=56,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool006 does task 6 for the record it is given.
//
//tool:export readonly
func Tool006(ctx context.Context, in Args006) (string, error) { return in.ID, nil }

// Args007 are the arguments of tool 7.
type Args007 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=57,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool007 does task 7 for the record it is given.
//
//tool:export readonly
func Tool007(ctx context.Context, in Args007) (string, error) { return in.ID, nil }

// Args008 are the arguments of tool 8.
type Args008 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=58,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool008 does task 8 for the record it is given.
//
//tool:export readonly
func Tool008(ctx context.Context, in Args008) (string, error) { return in.ID, nil }

// Args009 are the arguments of tool 9.
type Args009 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=59,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool009 does task 9 for the record it is given.
//
//tool:export readonly
func Tool009(ctx context.Context, in Args009) (string, error) { return in.ID, nil }

// Args010 are the arguments of tool 10.
type Args010 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=60,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool010 does task 10 for the record it is given.
//
//tool:export readonly
func Tool010(ctx context.Context, in Args010) (string, error) { return in.ID, nil }

// Args011 are the arguments of tool 11.
type Args011 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=61,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool011 does task 11 for the record it is given.
//
//tool:export readonly
func Tool011(ctx context.Context, in Args011) (string, error) { return in.ID, nil }

// Args012 are the arguments of tool 12.
type Args012 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=62,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool012 does task 12 for the record it is given.
//
//tool:export readonly
func Tool012(ctx context.Context, in Args012) (string, error) { return in.ID, nil }

// Args013 are the arguments of tool 13.
type Args013 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=63,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool013 does task 13 for the record it is given.
//
//tool:export readonly
func Tool013(ctx context.Context, in Args013) (string, error) { return in.ID, nil }

// Args014 are the arguments of tool 14.
type Args014 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=64,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool014 does task 14 for the record it is given.
//
//tool:export readonly
func Tool014(ctx context.Context, in Args014) (string, error) { return in.ID, nil }

// Args015 are the arguments of tool 15.
type Args015 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=65,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool015 does task 15 for the record it is given.
//
//tool:export readonly
func Tool015(ctx context.Context, in Args015) (string, error) { return in.ID, nil }

// Args016 are the arguments of tool 16.
type Args016 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=66,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool016 does task 16 for the record it is given.
//
//tool:export readonly
func Tool016(ctx context.Context, in Args016) (string, error) { return in.ID, nil }

// Args017 are the arguments of tool 17.
type Args017 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=67,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool017 does task 17 for the record it is given.
//
//tool:export readonly
func Tool017(ctx context.Context, in Args017) (string, error) { return in.ID, nil }

// Args018 are the arguments of tool 18.
type Args018 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=68,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool018 does task 18 for the record it is given.
//
//tool:export readonly
func Tool018(ctx context.Context, in Args018) (string, error) { return in.ID, nil }

// Args019 are the arguments of tool 19.
type Args019 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=69,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool019 does task 19 for the record it is given.
//
//tool:export readonly
func Tool019(ctx context.Context, in Args019) (string, error) { return in.ID, nil }

// Args020 are the arguments of tool 20.
type Args020 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=70,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool020 does task 20 for the record it is given.
//
//tool:export readonly
func Tool020(ctx context.Context, in Args020) (string, error) { return in.ID, nil }

// Args021 are the arguments of tool 21.
type Args021 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=71,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool021 does task 21 for the record it is given.
//
//tool:export readonly
func Tool021(ctx context.Context, in Args021) (string, error) { return in.ID, nil }

// Args022 are the arguments of tool 22.
type Args022 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=72,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool022 does task 22 for the record it is given.
//
//tool:export readonly
func Tool022(ctx context.Context, in Args022) (string, error) { return in.ID, nil }

// Args023 are the arguments of tool 23.
type Args023 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=73,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool023 does task 23 for the record it is given.
//
//tool:export readonly
func Tool023(ctx context.Context, in Args023) (string, error) { return in.ID, nil }

// Args024 are the arguments of tool 24.
type Args024 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=74,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool024 does task 24 for the record it is given.
//
//tool:export readonly
func Tool024(ctx context.Context, in Args024) (string, error) { return in.ID, nil }

// Args025 are the arguments of tool 25.
type Args025 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=75,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool025 does task 25 for the record it is given.
//
//tool:export readonly
func Tool025(ctx context.Context, in Args025) (string, error) { return in.ID, nil }

// Args026 are the arguments of tool 26.
type Args026 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=76,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool026 does task 26 for the record it is given.
//
//tool:export readonly
func Tool026(ctx context.Context, in Args026) (string, error) { return in.ID, nil }

// Args027 are the arguments of tool 27.
type Args027 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=77,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool027 does task 27 for the record it is given.
//
//tool:export readonly
func Tool027(ctx context.Context, in Args027) (string, error) { return in.ID, nil }

// Args028 are the arguments of tool 28.
type Args028 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=78,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool028 does task 28 for the record it is given.
//
//tool:export readonly
func Tool028(ctx context.Context, in Args028) (string, error) { return in.ID, nil }

// Args029 are the arguments of tool 29.
type Args029 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=79,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool029 does task 29 for the record it is given.
//
//tool:export readonly
func Tool029(ctx context.Context, in Args029) (string, error) { return in.ID, nil }

// Args030 are the arguments of tool 30.
type Args030 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=80,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool030 does task 30 for the record it is given.
//
//tool:export readonly
func Tool030(ctx context.Context, in Args030) (string, error) { return in.ID, nil }

// Args031 are the arguments of tool 31.
type Args031 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=81,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool031 does task 31 for the record it is given.
//
//tool:export readonly
func Tool031(ctx context.Context, in Args031) (string, error) { return in.ID, nil }

// Args032 are the arguments of tool 32.
type Args032 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=82,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool032 does task 32 for the record it is given.
//
//tool:export readonly
func Tool032(ctx context.Context, in Args032) (string, error) { return in.ID, nil }

// Args033 are the arguments of tool 33.
type Args033 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=83,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool033 does task 33 for the record it is given.
//
//tool:export readonly
func Tool033(ctx context.Context, in Args033) (string, error) { return in.ID, nil }

// Args034 are the arguments of tool 34.
type Args034 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=84,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool034 does task 34 for the record it is given.
//
//tool:export readonly
func Tool034(ctx context.Context, in Args034) (string, error) { return in.ID, nil }

// Args035 are the arguments of tool 35.
type Args035 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=85,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool035 does task 35 for the record it is given.
//
//tool:export readonly
func Tool035(ctx context.Context, in Args035) (string, error) { return in.ID, nil }

// Args036 are the arguments of tool 36.
type Args036 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=86,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool036 does task 36 for the record it is given.
//
//tool:export readonly
func Tool036(ctx context.Context, in Args036) (string, error) { return in.ID, nil }

// Args037 are the arguments of tool 37.
type Args037 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=87,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool037 does task 37 for the record it is given.
//
//tool:export readonly
func Tool037(ctx context.Context, in Args037) (string, error) { return in.ID, nil }

// Args038 are the arguments of tool 38.
type Args038 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=88,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool038 does task 38 for the record it is given.
//
//tool:export readonly
func Tool038(ctx context.Context, in Args038) (string, error) { return in.ID, nil }

// Args039 are the arguments of tool 39.
type Args039 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=89,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool039 does task 39 for the record it is given.
//
//tool:export readonly
func Tool039(ctx context.Context, in Args039) (string, error) { return in.ID, nil }

// Args040 are the arguments of tool 40.
type Args040 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=90,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool040 does task 40 for the record it is given.
//
//tool:export readonly
func Tool040(ctx context.Context, in Args040) (string, error) { return in.ID, nil }

// Args041 are the arguments of tool 41.
type Args041 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=91,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool041 does task 41 for the record it is given.
//
//tool:export readonly
func Tool041(ctx context.Context, in Args041) (string, error) { return in.ID, nil }

// Args042 are the arguments of tool 42.
type Args042 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=92,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool042 does task 42 for the record it is given.
//
//tool:export readonly
func Tool042(ctx context.Context, in Args042) (string, error) { return in.ID, nil }

// Args043 are the arguments of tool 43.
type Args043 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=93,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool043 does task 43 for the record it is given.
//
//tool:export readonly
func Tool043(ctx context.Context, in Args043) (string, error) { return in.ID, nil }

// Args044 are the arguments of tool 44.
type Args044 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=94,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool044 does task 44 for the record it is given.
//
//tool:export readonly
func Tool044(ctx context.Context, in Args044) (string, error) { return in.ID, nil }

// Args045 are the arguments of tool 45.
type Args045 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=95,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool045 does task 45 for the record it is given.
//
//tool:export readonly
func Tool045(ctx context.Context, in Args045) (string, error) { return in.ID, nil }

// Args046 are the arguments of tool 46.
type Args046 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=96,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool046 does task 46 for the record it is given.
//
//tool:export readonly
func Tool046(ctx context.Context, in Args046) (string, error) { return in.ID, nil }

// Args047 are the arguments of tool 47.
type Args047 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=97,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool047 does task 47 for the record it is given.
//
//tool:export readonly
func Tool047(ctx context.Context, in Args047) (string, error) { return in.ID, nil }

// Args048 are the arguments of tool 48.
type Args048 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=98,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool048 does task 48 for the record it is given.
//
//tool:export readonly
func Tool048(ctx context.Context, in Args048) (string, error) { return in.ID, nil }

// Args049 are the arguments of tool 49.
type Args049 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=99,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool049 does task 49 for the record it is given.
//
//tool:export readonly
func Tool049(ctx context.Context, in Args049) (string, error) { return in.ID, nil }

// Args050 are the arguments of tool 50.
type Args050 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=100,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool050 does task 50 for the record it is given.
//
//tool:export readonly
func Tool050(ctx context.Context, in Args050) (string, error) { return in.ID, nil }

// Args051 are the arguments of tool 51.
type Args051 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=101,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool051 does task 51 for the record it is given.
//
//tool:export readonly
func Tool051(ctx context.Context, in Args051) (string, error) { return in.ID, nil }

// Args052 are the arguments of tool 52.
type Args052 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=102,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool052 does task 52 for the record it is given.
//
//tool:export readonly
func Tool052(ctx context.Context, in Args052) (string, error) { return in.ID, nil }

// Args053 are the arguments of tool 53.
type Args053 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=103,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool053 does task 53 for the record it is given.
//
//tool:export readonly
func Tool053(ctx context.Context, in Args053) (string, error) { return in.ID, nil }

// Args054 are the arguments of tool 54.
type Args054 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=104,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool054 does task 54 for the record it is given.
//
//tool:export readonly
func Tool054(ctx context.Context, in Args054) (string, error) { return in.ID, nil }

// Args055 are the arguments of tool 55.
type Args055 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=105,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool055 does task 55 for the record it is given.
//
//tool:export readonly
func Tool055(ctx context.Context, in Args055) (string, error) { return in.ID, nil }

// Args056 are the arguments of tool 56.
type Args056 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=106,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool056 does task 56 for the record it is given.
//
//tool:export readonly
func Tool056(ctx context.Context, in Args056) (string, error) { return in.ID, nil }

// Args057 are the arguments of tool 57.
type Args057 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=107,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool057 does task 57 for the record it is given.
//
//tool:export readonly
func Tool057(ctx context.Context, in Args057) (string, error) { return in.ID, nil }

// Args058 are the arguments of tool 58.
type Args058 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=108,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool058 does task 58 for the record it is given.
//
//tool:export readonly
func Tool058(ctx context.Context, in Args058) (string, error) { return in.ID, nil }

// Args059 are the arguments of tool 59.
type Args059 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=109,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool059 does task 59 for the record it is given.
//
//tool:export readonly
func Tool059(ctx context.Context, in Args059) (string, error) { return in.ID, nil }

// Args060 are the arguments of tool 60.
type Args060 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=110,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool060 does task 60 for the record it is given.
//
//tool:export readonly
func Tool060(ctx context.Context, in Args060) (string, error) { return in.ID, nil }

// Args061 are the arguments of tool 61.
type Args061 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=111,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool061 does task 61 for the record it is given.
//
//tool:export readonly
func Tool061(ctx context.Context, in Args061) (string, error) { return in.ID, nil }

// Args062 are the arguments of tool 62.
type Args062 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=112,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool062 does task 62 for the record it is given.
//
//tool:export readonly
func Tool062(ctx context.Context, in Args062) (string, error) { return in.ID, nil }

// Args063 are the arguments of tool 63.
type Args063 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=113,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool063 does task 63 for the record it is given.
//
//tool:export readonly
func Tool063(ctx context.Context, in Args063) (string, error) { return in.ID, nil }

// Args064 are the arguments of tool 64.
type Args064 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=114,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool064 does task 64 for the record it is given.
//
//tool:export readonly
func Tool064(ctx context.Context, in Args064) (string, error) { return in.ID, nil }

// Args065 are the arguments of tool 65.
type Args065 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=115,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool065 does task 65 for the record it is given.
//
//tool:export readonly
func Tool065(ctx context.Context, in Args065) (string, error) { return in.ID, nil }

// Args066 are the arguments of tool 66.
type Args066 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=116,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool066 does task 66 for the record it is given.
//
//tool:export readonly
func Tool066(ctx context.Context, in Args066) (string, error) { return in.ID, nil }

// Args067 are the arguments of tool 67.
type Args067 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=117,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool067 does task 67 for the record it is given.
//
//tool:export readonly
func Tool067(ctx context.Context, in Args067) (string, error) { return in.ID, nil }

// Args068 are the arguments of tool 68.
type Args068 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=118,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool068 does task 68 for the record it is given.
//
//tool:export readonly
func Tool068(ctx context.Context, in Args068) (string, error) { return in.ID, nil }

// Args069 are the arguments of tool 69.
type Args069 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=119,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool069 does task 69 for the record it is given.
//
//tool:export readonly
func Tool069(ctx context.Context, in Args069) (string, error) { return in.ID, nil }

// Args070 are the arguments of tool 70.
type Args070 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=120,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool070 does task 70 for the record it is given.
//
//tool:export readonly
func Tool070(ctx context.Context, in Args070) (string, error) { return in.ID, nil }

// Args071 are the arguments of tool 71.
type Args071 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=121,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool071 does task 71 for the record it is given.
//
//tool:export readonly
func Tool071(ctx context.Context, in Args071) (string, error) { return in.ID, nil }

// Args072 are the arguments of tool 72.
type Args072 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=122,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool072 does task 72 for the record it is given.
//
//tool:export readonly
func Tool072(ctx context.Context, in Args072) (string, error) { return in.ID, nil }

// Args073 are the arguments of tool 73.
type Args073 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=123,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool073 does task 73 for the record it is given.
//
//tool:export readonly
func Tool073(ctx context.Context, in Args073) (string, error) { return in.ID, nil }

// Args074 are the arguments of tool 74.
type Args074 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=124,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool074 does task 74 for the record it is given.
//
//tool:export readonly
func Tool074(ctx context.Context, in Args074) (string, error) { return in.ID, nil }

// Args075 are the arguments of tool 75.
type Args075 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=125,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool075 does task 75 for the record it is given.
//
//tool:export readonly
func Tool075(ctx context.Context, in Args075) (string, error) { return in.ID, nil }

// Args076 are the arguments of tool 76.
type Args076 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=126,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool076 does task 76 for the record it is given.
//
//tool:export readonly
func Tool076(ctx context.Context, in Args076) (string, error) { return in.ID, nil }

// Args077 are the arguments of tool 77.
type Args077 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=127,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool077 does task 77 for the record it is given.
//
//tool:export readonly
func Tool077(ctx context.Context, in Args077) (string, error) { return in.ID, nil }

// Args078 are the arguments of tool 78.
type Args078 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=128,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool078 does task 78 for the record it is given.
//
//tool:export readonly
func Tool078(ctx context.Context, in Args078) (string, error) { return in.ID, nil }

// Args079 are the arguments of tool 79.
type Args079 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=129,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool079 does task 79 for the record it is given.
//
//tool:export readonly
func Tool079(ctx context.Context, in Args079) (string, error) { return in.ID, nil }

// Args080 are the arguments of tool 80.
type Args080 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=130,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool080 does task 80 for the record it is given.
//
//tool:export readonly
func Tool080(ctx context.Context, in Args080) (string, error) { return in.ID, nil }

// Args081 are the arguments of tool 81.
type Args081 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=131,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool081 does task 81 for the record it is given.
//
//tool:export readonly
func Tool081(ctx context.Context, in Args081) (string, error) { return in.ID, nil }

// Args082 are the arguments of tool 82.
type Args082 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=132,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool082 does task 82 for the record it is given.
//
//tool:export readonly
func Tool082(ctx context.Context, in Args082) (string, error) { return in.ID, nil }

// Args083 are the arguments of tool 83.
type Args083 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=133,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool083 does task 83 for the record it is given.
//
//tool:export readonly
func Tool083(ctx context.Context, in Args083) (string, error) { return in.ID, nil }

// Args084 are the arguments of tool 84.
type Args084 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=134,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool084 does task 84 for the record it is given.
//
//tool:export readonly
func Tool084(ctx context.Context, in Args084) (string, error) { return in.ID, nil }

// Args085 are the arguments of tool 85.
type Args085 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=135,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool085 does task 85 for the record it is given.
//
//tool:export readonly
func Tool085(ctx context.Context, in Args085) (string, error) { return in.ID, nil }

// Args086 are the arguments of tool 86.
type Args086 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=136,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool086 does task 86 for the record it is given.
//
//tool:export readonly
func Tool086(ctx context.Context, in Args086) (string, error) { return in.ID, nil }

// Args087 are the arguments of tool 87.
type Args087 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=137,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool087 does task 87 for the record it is given.
//
//tool:export readonly
func Tool087(ctx context.Context, in Args087) (string, error) { return in.ID, nil }

// Args088 are the arguments of tool 88.
type Args088 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=138,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool088 does task 88 for the record it is given.
//
//tool:export readonly
func Tool088(ctx context.Context, in Args088) (string, error) { return in.ID, nil }

// Args089 are the arguments of tool 89.
type Args089 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=139,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool089 does task 89 for the record it is given.
//
//tool:export readonly
func Tool089(ctx context.Context, in Args089) (string, error) { return in.ID, nil }

// Args090 are the arguments of tool 90.
type Args090 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=140,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool090 does task 90 for the record it is given.
//
//tool:export readonly
func Tool090(ctx context.Context, in Args090) (string, error) { return in.ID, nil }

// Args091 are the arguments of tool 91.
type Args091 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=141,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool091 does task 91 for the record it is given.
//
//tool:export readonly
func Tool091(ctx context.Context, in Args091) (string, error) { return in.ID, nil }

// Args092 are the arguments of tool 92.
type Args092 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=142,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool092 does task 92 for the record it is given.
//
//tool:export readonly
func Tool092(ctx context.Context, in Args092) (string, error) { return in.ID, nil }

// Args093 are the arguments of tool 93.
type Args093 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=143,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool093 does task 93 for the record it is given.
//
//tool:export readonly
func Tool093(ctx context.Context, in Args093) (string, error) { return in.ID, nil }

// Args094 are the arguments of tool 94.
type Args094 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=144,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool094 does task 94 for the record it is given.
//
//tool:export readonly
func Tool094(ctx context.Context, in Args094) (string, error) { return in.ID, nil }

// Args095 are the arguments of tool 95.
type Args095 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=145,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool095 does task 95 for the record it is given.
//
//tool:export readonly
func Tool095(ctx context.Context, in Args095) (string, error) { return in.ID, nil }

// Args096 are the arguments of tool 96.
type Args096 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=146,default=10"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty" jsonschema:"maxItems=5"`
}

// Tool096 does task 96 for the record it is given.
//
//tool:export readonly
func Tool096(ctx context.Context, in Args096) (string, error) { return in.ID, nil }

// Args097 are the arguments of tool 97.
type Args097 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit   int     `json:"limit,omitempty" jsonschema:"minimum=1,maximum=147,default=10"`
	Status  Status  `json:"status,omitempty"`
	Address Address `json:"address"`
}

// Tool097 does task 97 for the record it is given.
//
//tool:export readonly
func Tool097(ctx context.Context, in Args097) (string, error) { return in.ID, nil }

// Args098 are the arguments of tool 98.
type Args098 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=148,default=10"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Tool098 does task 98 for the record it is given.
//
//tool:export readonly
func Tool098(ctx context.Context, in Args098) (string, error) { return in.ID, nil }

// Args099 are the arguments of tool 99.
type Args099 struct {
	// ID of the record.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Limit on results.
	Limit  int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=149,default=10"`
	Status Status    `json:"status,omitempty"`
	Notes  []Address `json:"notes,omitempty"`
	Flag   *bool     `json:"flag,omitempty"`
}

// Tool099 does task 99 for the record it is given.
//
//tool:export readonly
func Tool099(ctx context.Context, in Args099) (string, error) { return in.ID, nil }

// Address2 is Address for google/jsonschema-go.
type Address2 struct {
	Street string `json:"street"`
	City   string `json:"city"`
	Zip    string `json:"zip,omitempty"`
}

// Plain000 is Args000 with description-only tags.
type Plain000 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain001 is Args001 with description-only tags.
type Plain001 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain002 is Args002 with description-only tags.
type Plain002 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain003 is Args003 with description-only tags.
type Plain003 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain004 is Args004 with description-only tags.
type Plain004 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain005 is Args005 with description-only tags.
type Plain005 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain006 is Args006 with description-only tags.
type Plain006 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain007 is Args007 with description-only tags.
type Plain007 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain008 is Args008 with description-only tags.
type Plain008 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain009 is Args009 with description-only tags.
type Plain009 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain010 is Args010 with description-only tags.
type Plain010 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain011 is Args011 with description-only tags.
type Plain011 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain012 is Args012 with description-only tags.
type Plain012 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain013 is Args013 with description-only tags.
type Plain013 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain014 is Args014 with description-only tags.
type Plain014 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain015 is Args015 with description-only tags.
type Plain015 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain016 is Args016 with description-only tags.
type Plain016 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain017 is Args017 with description-only tags.
type Plain017 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain018 is Args018 with description-only tags.
type Plain018 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain019 is Args019 with description-only tags.
type Plain019 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain020 is Args020 with description-only tags.
type Plain020 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain021 is Args021 with description-only tags.
type Plain021 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain022 is Args022 with description-only tags.
type Plain022 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain023 is Args023 with description-only tags.
type Plain023 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain024 is Args024 with description-only tags.
type Plain024 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain025 is Args025 with description-only tags.
type Plain025 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain026 is Args026 with description-only tags.
type Plain026 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain027 is Args027 with description-only tags.
type Plain027 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain028 is Args028 with description-only tags.
type Plain028 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain029 is Args029 with description-only tags.
type Plain029 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain030 is Args030 with description-only tags.
type Plain030 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain031 is Args031 with description-only tags.
type Plain031 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain032 is Args032 with description-only tags.
type Plain032 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain033 is Args033 with description-only tags.
type Plain033 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain034 is Args034 with description-only tags.
type Plain034 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain035 is Args035 with description-only tags.
type Plain035 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain036 is Args036 with description-only tags.
type Plain036 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain037 is Args037 with description-only tags.
type Plain037 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain038 is Args038 with description-only tags.
type Plain038 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain039 is Args039 with description-only tags.
type Plain039 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain040 is Args040 with description-only tags.
type Plain040 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain041 is Args041 with description-only tags.
type Plain041 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain042 is Args042 with description-only tags.
type Plain042 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain043 is Args043 with description-only tags.
type Plain043 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain044 is Args044 with description-only tags.
type Plain044 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain045 is Args045 with description-only tags.
type Plain045 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain046 is Args046 with description-only tags.
type Plain046 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain047 is Args047 with description-only tags.
type Plain047 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain048 is Args048 with description-only tags.
type Plain048 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain049 is Args049 with description-only tags.
type Plain049 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain050 is Args050 with description-only tags.
type Plain050 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain051 is Args051 with description-only tags.
type Plain051 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain052 is Args052 with description-only tags.
type Plain052 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain053 is Args053 with description-only tags.
type Plain053 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain054 is Args054 with description-only tags.
type Plain054 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain055 is Args055 with description-only tags.
type Plain055 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain056 is Args056 with description-only tags.
type Plain056 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain057 is Args057 with description-only tags.
type Plain057 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain058 is Args058 with description-only tags.
type Plain058 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain059 is Args059 with description-only tags.
type Plain059 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain060 is Args060 with description-only tags.
type Plain060 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain061 is Args061 with description-only tags.
type Plain061 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain062 is Args062 with description-only tags.
type Plain062 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain063 is Args063 with description-only tags.
type Plain063 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain064 is Args064 with description-only tags.
type Plain064 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain065 is Args065 with description-only tags.
type Plain065 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain066 is Args066 with description-only tags.
type Plain066 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain067 is Args067 with description-only tags.
type Plain067 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain068 is Args068 with description-only tags.
type Plain068 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain069 is Args069 with description-only tags.
type Plain069 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain070 is Args070 with description-only tags.
type Plain070 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain071 is Args071 with description-only tags.
type Plain071 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain072 is Args072 with description-only tags.
type Plain072 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain073 is Args073 with description-only tags.
type Plain073 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain074 is Args074 with description-only tags.
type Plain074 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain075 is Args075 with description-only tags.
type Plain075 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain076 is Args076 with description-only tags.
type Plain076 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain077 is Args077 with description-only tags.
type Plain077 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain078 is Args078 with description-only tags.
type Plain078 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain079 is Args079 with description-only tags.
type Plain079 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain080 is Args080 with description-only tags.
type Plain080 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain081 is Args081 with description-only tags.
type Plain081 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain082 is Args082 with description-only tags.
type Plain082 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain083 is Args083 with description-only tags.
type Plain083 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain084 is Args084 with description-only tags.
type Plain084 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain085 is Args085 with description-only tags.
type Plain085 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain086 is Args086 with description-only tags.
type Plain086 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain087 is Args087 with description-only tags.
type Plain087 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain088 is Args088 with description-only tags.
type Plain088 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain089 is Args089 with description-only tags.
type Plain089 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain090 is Args090 with description-only tags.
type Plain090 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain091 is Args091 with description-only tags.
type Plain091 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain092 is Args092 with description-only tags.
type Plain092 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain093 is Args093 with description-only tags.
type Plain093 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain094 is Args094 with description-only tags.
type Plain094 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain095 is Args095 with description-only tags.
type Plain095 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// Plain096 is Args096 with description-only tags.
type Plain096 struct {
	ID     string   `json:"id" jsonschema:"ID of the record"`
	Limit  int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status   `json:"status,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Plain097 is Args097 with description-only tags.
type Plain097 struct {
	ID      string   `json:"id" jsonschema:"ID of the record"`
	Limit   int      `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status  Status   `json:"status,omitempty"`
	Address Address2 `json:"address"`
}

// Plain098 is Args098 with description-only tags.
type Plain098 struct {
	ID     string    `json:"id" jsonschema:"ID of the record"`
	Limit  int       `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status    `json:"status,omitempty"`
	Since  time.Time `json:"since,omitempty"`
	Score  float64   `json:"score"`
}

// Plain099 is Args099 with description-only tags.
type Plain099 struct {
	ID     string     `json:"id" jsonschema:"ID of the record"`
	Limit  int        `json:"limit,omitempty" jsonschema:"Limit on results"`
	Status Status     `json:"status,omitempty"`
	Notes  []Address2 `json:"notes,omitempty"`
	Flag   *bool      `json:"flag,omitempty"`
}

// PlainValues has a value of each Plain type.
var PlainValues = []any{
	Plain000{},
	Plain001{},
	Plain002{},
	Plain003{},
	Plain004{},
	Plain005{},
	Plain006{},
	Plain007{},
	Plain008{},
	Plain009{},
	Plain010{},
	Plain011{},
	Plain012{},
	Plain013{},
	Plain014{},
	Plain015{},
	Plain016{},
	Plain017{},
	Plain018{},
	Plain019{},
	Plain020{},
	Plain021{},
	Plain022{},
	Plain023{},
	Plain024{},
	Plain025{},
	Plain026{},
	Plain027{},
	Plain028{},
	Plain029{},
	Plain030{},
	Plain031{},
	Plain032{},
	Plain033{},
	Plain034{},
	Plain035{},
	Plain036{},
	Plain037{},
	Plain038{},
	Plain039{},
	Plain040{},
	Plain041{},
	Plain042{},
	Plain043{},
	Plain044{},
	Plain045{},
	Plain046{},
	Plain047{},
	Plain048{},
	Plain049{},
	Plain050{},
	Plain051{},
	Plain052{},
	Plain053{},
	Plain054{},
	Plain055{},
	Plain056{},
	Plain057{},
	Plain058{},
	Plain059{},
	Plain060{},
	Plain061{},
	Plain062{},
	Plain063{},
	Plain064{},
	Plain065{},
	Plain066{},
	Plain067{},
	Plain068{},
	Plain069{},
	Plain070{},
	Plain071{},
	Plain072{},
	Plain073{},
	Plain074{},
	Plain075{},
	Plain076{},
	Plain077{},
	Plain078{},
	Plain079{},
	Plain080{},
	Plain081{},
	Plain082{},
	Plain083{},
	Plain084{},
	Plain085{},
	Plain086{},
	Plain087{},
	Plain088{},
	Plain089{},
	Plain090{},
	Plain091{},
	Plain092{},
	Plain093{},
	Plain094{},
	Plain095{},
	Plain096{},
	Plain097{},
	Plain098{},
	Plain099{},
}

// Values has a value of each argument type, for reflection-based peers.
var Values = []any{
	Args000{},
	Args001{},
	Args002{},
	Args003{},
	Args004{},
	Args005{},
	Args006{},
	Args007{},
	Args008{},
	Args009{},
	Args010{},
	Args011{},
	Args012{},
	Args013{},
	Args014{},
	Args015{},
	Args016{},
	Args017{},
	Args018{},
	Args019{},
	Args020{},
	Args021{},
	Args022{},
	Args023{},
	Args024{},
	Args025{},
	Args026{},
	Args027{},
	Args028{},
	Args029{},
	Args030{},
	Args031{},
	Args032{},
	Args033{},
	Args034{},
	Args035{},
	Args036{},
	Args037{},
	Args038{},
	Args039{},
	Args040{},
	Args041{},
	Args042{},
	Args043{},
	Args044{},
	Args045{},
	Args046{},
	Args047{},
	Args048{},
	Args049{},
	Args050{},
	Args051{},
	Args052{},
	Args053{},
	Args054{},
	Args055{},
	Args056{},
	Args057{},
	Args058{},
	Args059{},
	Args060{},
	Args061{},
	Args062{},
	Args063{},
	Args064{},
	Args065{},
	Args066{},
	Args067{},
	Args068{},
	Args069{},
	Args070{},
	Args071{},
	Args072{},
	Args073{},
	Args074{},
	Args075{},
	Args076{},
	Args077{},
	Args078{},
	Args079{},
	Args080{},
	Args081{},
	Args082{},
	Args083{},
	Args084{},
	Args085{},
	Args086{},
	Args087{},
	Args088{},
	Args089{},
	Args090{},
	Args091{},
	Args092{},
	Args093{},
	Args094{},
	Args095{},
	Args096{},
	Args097{},
	Args098{},
	Args099{},
}
