// Package b has no findings of its own and one call the fake check reports.
package b

func write() {}

func B() { write() }
