// Package c is a root: calls of marked functions are reported.
package c

import (
	"example.com/mod/b"
	"example.com/mod/quiet"
)

func Use() {
	b.Wrap()   // call of marked b.Wrap
	b.Method() // call of marked b.Method
	b.Plain()
	quiet.Q()
}
