package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// processAddressSpace reads RLIMIT_AS (all ones: unlimited) and the
// process's VmSize.
func processAddressSpace() (limit, reserved uint64, ok bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil || rl.Cur == ^uint64(0) {
		return 0, 0, false
	}
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, found := strings.CutPrefix(sc.Text(), "VmSize:"); found {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				return 0, 0, false
			}
			return rl.Cur, kb << 10, true
		}
	}
	return 0, 0, false
}
