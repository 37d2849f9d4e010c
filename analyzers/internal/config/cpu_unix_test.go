//go:build unix

package config

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used: a timing that a machine
// busy with other work does not inflate as it does the wall clock.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
