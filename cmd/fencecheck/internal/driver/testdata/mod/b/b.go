// Package b calls a marked function, which marks its caller.
package b

import "example.com/mod/a"

func Wrap() { a.Marked() }

func Method() { a.T{}.M() }

func Plain() { a.Plain() }

func local() {
	f := func() { a.Marked() } // a literal: no object path, no exported fact
	f()
}

// Value puts a.T in b's API, so that importers of b see a.T (and facts
// about its methods) without importing a.
func Value() a.T { return a.T{} }
