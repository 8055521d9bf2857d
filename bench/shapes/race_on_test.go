//go:build race

package shapes

// raceEnabled reports that the tests run under the race detector, whose
// sync.Pool drops a quarter of what it is given: TestShapesAllocs counts
// the pool's misses then.
const raceEnabled = true
