//go:build !race

package attacktest

// raceEnabled reports that the tests run under the race detector.
const raceEnabled = false
