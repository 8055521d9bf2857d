// Package weather is a toolgen example: two tools over a small built-in
// forecast table, so it runs without a network.
package weather

//go:generate go run github.com/toolgen-go/toolgen/cmd/toolgen

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/toolgen-go/toolgen/runtime"
)

// Unit is a temperature unit.
type Unit string

const (
	// Celsius is degrees Celsius.
	Celsius Unit = "celsius"
	// Fahrenheit is degrees Fahrenheit.
	Fahrenheit Unit = "fahrenheit"
)

// ForecastRequest asks for a forecast.
type ForecastRequest struct {
	// City to forecast, such as "Paris".
	City string `json:"city" jsonschema:"minLength=1,maxLength=80"`
	// Days of forecast, starting today.
	Days int `json:"days,omitempty" jsonschema:"minimum=1,maximum=14,default=3"`
	// Unit of the temperatures.
	Unit Unit `json:"unit,omitempty" jsonschema:"default=celsius"`
	// IncludeWind adds the wind speed to each day.
	IncludeWind *bool `json:"include_wind,omitempty"`
}

// Forecast is the weather of a city, day by day.
type Forecast struct {
	City string `json:"city"`
	Unit Unit   `json:"unit"`
	Days []Day  `json:"days"`
}

// Day is the weather of one day.
type Day struct {
	Day     int      `json:"day"` // 0 is today
	Summary string   `json:"summary"`
	High    float64  `json:"high"`
	Low     float64  `json:"low"`
	WindKPH *float64 `json:"wind_kph,omitempty"`
}

// GetForecast returns the daily weather forecast for a city, up to 14 days
// ahead. Use it when the user asks what the weather will be like.
//
//tool:export get_forecast timeout=5s group=weather readonly title="Get the weather forecast"
func GetForecast(ctx context.Context, in ForecastRequest) (*Forecast, error) {
	c, ok := climates[strings.ToLower(in.City)]
	if !ok {
		return nil, runtime.Failf("no forecast for %q; the cities covered are %s", in.City, strings.Join(cities(), ", "))
	}
	f := &Forecast{City: c.name, Unit: in.Unit}
	for day := range in.Days {
		// A deterministic wave around the city's mean stands in for a model.
		swing := c.swing * math.Sin(float64(day+c.phase))
		d := Day{
			Day:     day,
			Summary: c.skies[(day+c.phase)%len(c.skies)],
			High:    convert(c.mean+swing+4, Celsius, in.Unit),
			Low:     convert(c.mean+swing-4, Celsius, in.Unit),
		}
		if in.IncludeWind != nil && *in.IncludeWind {
			wind := math.Round(c.wind + 3*math.Cos(float64(day)))
			d.WindKPH = &wind
		}
		f.Days = append(f.Days, d)
	}
	return f, nil
}

// ConvertTemperature converts a temperature from one unit to another.
//
//tool:export group=weather readonly openworld=false title="Convert a temperature"
//tool:param value The temperature to convert.
//tool:param from The unit value is in.
//tool:param to The unit to convert to.
func ConvertTemperature(value float64, from, to Unit) (string, error) {
	return fmt.Sprintf("%g %s is %g %s", value, from, convert(value, from, to), to), nil
}

func convert(v float64, from, to Unit) float64 {
	if from == to {
		return math.Round(v*10) / 10
	}
	if to == Fahrenheit {
		return math.Round((v*9/5+32)*10) / 10
	}
	return math.Round((v-32)*5/9*10) / 10
}

type climate struct {
	name        string
	mean, swing float64 // °C
	wind        float64 // km/h
	phase       int
	skies       []string
}

var climates = map[string]climate{
	"paris":     {"Paris", 14, 3, 12, 0, []string{"cloudy", "light rain", "sunny", "overcast"}},
	"reykjavik": {"Reykjavik", 5, 2, 25, 1, []string{"windy", "snow showers", "overcast"}},
	"cairo":     {"Cairo", 28, 2, 10, 2, []string{"sunny", "hazy"}},
	"tokyo":     {"Tokyo", 17, 4, 9, 3, []string{"sunny", "rain", "cloudy", "humid"}},
}

func cities() []string {
	var out []string
	for _, c := range climates {
		out = append(out, c.name)
	}
	slices.Sort(out)
	return out
}
