package weather

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/schematest"
)

// The fuzz targets feed arbitrary bytes to the generated decoders: nothing
// may panic, and what they accept must be what the schema accepts. The
// seed corpus is in testdata/fuzz.

func FuzzGetForecast(f *testing.F) {
	schematest.Fuzz(f, "get_forecast", getForecastInfo.Parameters, schematest.ForPaths(fastForecastRequest, decodeForecastRequest))
}

func FuzzConvertTemperature(f *testing.F) {
	schematest.Fuzz(f, "convert_temperature", convertTemperatureInfo.Parameters, schematest.ForPaths(fastConvertTemperatureArgs, decodeConvertTemperatureArgs))
}
