// Package embedmiss does not build: its //go:embed pattern matches no file.
package embedmiss

import _ "embed"

//go:embed nothing.txt
var s string

func write() {}

func run() { write() }
