// Package cputime reads the CPU time of the process, which benchmarks
// report beside the wall time: a loaded machine disturbs it less.
package cputime

import (
	"syscall"
	"time"
)

// Process returns the CPU time the process has used, on all threads.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
