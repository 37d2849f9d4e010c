// Package stream declares an option interface with an unexported method:
// only this package can implement it.
package stream

type ConsumerOption interface{ apply(*config) }

type config struct{ n int }

type concurrency int

func (c concurrency) apply(cfg *config) { cfg.n = int(c) }

// WithConcurrency is an option of this package.
func WithConcurrency(n int) ConsumerOption { return concurrency(n) }
