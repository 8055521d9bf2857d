//go:build !linux

package tools

import "time"

// threadCPU returns 0: the CPU time of one thread is read on Linux only.
func threadCPU() time.Duration { return 0 }
