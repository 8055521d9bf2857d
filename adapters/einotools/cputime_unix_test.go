//go:build unix

package einotools_test

import "syscall"

// cpuTime returns the CPU time the process has used, in nanoseconds, or -1
// where it cannot tell.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
