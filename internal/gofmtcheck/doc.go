// Package gofmtcheck holds the test that keeps the module's Go sources
// formatted as gofmt formats them; it has no code of its own.
package gofmtcheck
