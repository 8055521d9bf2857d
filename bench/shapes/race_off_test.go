//go:build !race

package shapes

const raceEnabled = false
