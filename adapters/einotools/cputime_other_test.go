//go:build !unix

package einotools_test

// cpuTime returns -1: the CPU time of the process is read on Unix only.
func cpuTime() int64 { return -1 }
