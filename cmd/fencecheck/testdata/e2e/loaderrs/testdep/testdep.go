// Package testdep type-checks; only its test imports a broken package.
package testdep

func write() {}

func run() { write() }
