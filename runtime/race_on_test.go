//go:build race

package runtime_test

// raceEnabled reports that the tests run under the race detector, which
// slows every call some tenfold: bounds of time are ten times as long.
const raceEnabled = true
