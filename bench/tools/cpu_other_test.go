//go:build !linux

package tools

import "time"

// processCPU returns 0: the CPU time is read on Linux only.
func processCPU() time.Duration { return 0 }
