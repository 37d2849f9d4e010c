// Package broken does not type-check: fencecheck must say so and exit 2.
package broken

var N int = "not a number"
