package tools

import (
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/examples/weather"
)

// handForecast is a decoder for weather.ForecastRequest written by hand
// for speed: one pass over the bytes, every check of the schema, the first
// problem reported without a path. It is the limit a generated decoder is
// measured against.
func handForecast(data []byte, v *weather.ForecastRequest) error {
	i := skip(data, 0)
	if i >= len(data) || data[i] != '{' {
		return errBad
	}
	i = skip(data, i+1)
	var hasCity, hasDays, hasUnit bool
	if i < len(data) && data[i] == '}' {
		i++
	} else {
		for {
			if i >= len(data) || data[i] != '"' {
				return errBad
			}
			start := i + 1
			i = start
			for i < len(data) && data[i] != '"' && data[i] != '\\' {
				i++
			}
			if i >= len(data) || data[i] != '"' {
				return errBad // escaped keys: not in this benchmark's inputs
			}
			key := data[start:i]
			i = skip(data, i+1)
			if i >= len(data) || data[i] != ':' {
				return errBad
			}
			i = skip(data, i+1)
			switch string(key) {
			case "city":
				s, n, err := str(data, i)
				if err != nil {
					return err
				}
				if c := utf8.RuneCount(s); c < 1 || c > 80 {
					return errBad
				}
				v.City, i, hasCity = string(s), n, true
			case "days":
				j := i
				for j < len(data) && (data[j] == '-' || '0' <= data[j] && data[j] <= '9') {
					j++
				}
				d, err := strconv.Atoi(string(data[i:j]))
				if err != nil || d < 1 || d > 14 {
					return errBad
				}
				v.Days, i, hasDays = d, j, true
			case "unit":
				s, n, err := str(data, i)
				if err != nil {
					return err
				}
				switch string(s) {
				case "celsius":
					v.Unit = weather.Celsius
				case "fahrenheit":
					v.Unit = weather.Fahrenheit
				default:
					return errBad
				}
				i, hasUnit = n, true
			case "include_wind":
				b := new(bool)
				switch {
				case len(data)-i >= 4 && string(data[i:i+4]) == "true":
					*b, i = true, i+4
				case len(data)-i >= 5 && string(data[i:i+5]) == "false":
					i += 5
				default:
					return errBad
				}
				v.IncludeWind = b
			default:
				return errBad
			}
			i = skip(data, i)
			if i < len(data) && data[i] == ',' {
				i = skip(data, i+1)
				continue
			}
			if i < len(data) && data[i] == '}' {
				i++
				break
			}
			return errBad
		}
	}
	if skip(data, i) != len(data) || !hasCity {
		return errBad
	}
	if !hasDays {
		v.Days = 3
	}
	if !hasUnit {
		v.Unit = weather.Celsius
	}
	return nil
}

// handForecastValue is handForecast returning the arguments, so that a
// caller through a func value keeps them on its stack.
func handForecastValue(data []byte) (v weather.ForecastRequest, err error) {
	err = handForecast(data, &v)
	return v, err
}

var errBad = errors.New("invalid arguments")

func skip(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\n' || data[i] == '\t' || data[i] == '\r') {
		i++
	}
	return i
}

// str reads a string without escapes, checking UTF-8.
func str(data []byte, i int) ([]byte, int, error) {
	if i >= len(data) || data[i] != '"' {
		return nil, 0, errBad
	}
	start := i + 1
	for i = start; i < len(data); i++ {
		switch c := data[i]; {
		case c == '"':
			s := data[start:i]
			if !utf8.Valid(s) {
				return nil, 0, errBad
			}
			return s, i + 1, nil
		case c == '\\' || c < 0x20:
			return nil, 0, errBad
		}
	}
	return nil, 0, errBad
}
