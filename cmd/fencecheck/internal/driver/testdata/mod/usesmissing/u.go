// Package usesmissing imports a package of a module that cannot be
// resolved (here: not required, and no proxy): go list reports the error
// at this import.
package usesmissing

import (
	"context"

	"example.com/missing/gen"
)

func F(ctx context.Context) { gen.G(ctx) }
