package main

import (
	"syscall"
	"testing"
)

// processAddressSpace reads RLIMIT_AS and VmSize: none when unlimited, the
// limit and a plausible reservation when set.
func TestProcessAddressSpace(t *testing.T) {
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &old); err != nil {
		t.Skip(err)
	}
	if old.Cur != ^uint64(0) {
		t.Skipf("the test runs under a ulimit -v (%d)", old.Cur)
	}
	if _, _, ok := processAddressSpace(); ok {
		t.Errorf("no limit read as one")
	}
	const limit = 1 << 40 // far above what the test process reserves
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: limit, Max: old.Max}); err != nil {
		t.Skip(err)
	}
	defer syscall.Setrlimit(syscall.RLIMIT_AS, &old)
	got, reserved, ok := processAddressSpace()
	if !ok || got != limit || reserved < 1<<20 || reserved > limit {
		t.Errorf("processAddressSpace = %d, %d, %v; want %d and the process's VmSize", got, reserved, ok, int64(limit))
	}
}
