//go:build !linux

package main

// processAddressSpace: the address-space limit is read on Linux only.
func processAddressSpace() (limit, reserved uint64, ok bool) { return 0, 0, false }
