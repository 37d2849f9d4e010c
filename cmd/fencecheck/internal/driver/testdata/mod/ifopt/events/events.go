// Package events redefines stream's option type: ReaderOption's method set
// is stream's unexported apply, so stream's options are ReaderOptions.
package events

import "example.com/mod/ifopt/stream"

type ReaderOption stream.ConsumerOption

func Read(opts ...ReaderOption) int { return len(opts) }
