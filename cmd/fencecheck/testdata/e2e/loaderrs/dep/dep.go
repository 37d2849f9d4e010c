// Package dep has a type error inside a function body, which a check of
// its declarations alone does not see.
package dep

var Y int

func F() {
	var z int = "not a number"
	_ = z
}
