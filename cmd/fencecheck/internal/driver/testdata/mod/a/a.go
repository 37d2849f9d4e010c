// Package a declares a marked function.
package a

//driver:mark
func Marked() {}

func Plain() {}

// T has a marked method.
type T struct{}

//driver:mark
func (T) M() {}
