//go:build !unix

package config

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
