// Package service passes a stream option where an events option is
// expected, which compiles because the two interfaces are identical.
package service

import (
	"example.com/mod/ifopt/events"
	"example.com/mod/ifopt/stream"
)

func Run() int { return events.Read(stream.WithConcurrency(2)) }
