// Package testerr type-checks; only its test file does not.
package testerr

func write() {}

func run() { write() }
