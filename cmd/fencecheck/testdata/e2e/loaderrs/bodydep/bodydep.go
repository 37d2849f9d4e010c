// Package bodydep imports dep, which does not type-check.
package bodydep

import "example.com/loaderrs/dep"

var X = dep.Y
