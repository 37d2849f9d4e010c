// Package brokenhelper is a test helper that does not type-check.
package brokenhelper

var N int = "not a number"
