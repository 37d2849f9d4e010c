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
