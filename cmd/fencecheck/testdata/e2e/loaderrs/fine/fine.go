// Package fine loads: its finding is reported whatever the others do.
package fine

func write() {}

func run() { write() }
