//go:build race

package attacktest

// raceEnabled reports that the tests run under the race detector, which
// slows every call some tenfold: the load test makes fewer calls.
const raceEnabled = true
