// Package a declares a marked function.
package a

//mark
func Marked() {}

func Plain() {}

// T has a marked method.
type T struct{}

//mark
func (T) M() {}
