// Package cfgnames is what TestConfigNamesResolved resolves configuration
// names against: a lock API of its own and a direct import, dep.
package cfgnames

import "custom/cfgnames/dep"

type Coord struct{}

type Grant struct{ Seq int64 }

func (c *Coord) Grab(name string) (bool, Grant) { return true, Grant{} }
func (c *Coord) Drop(name string)               {}

func Ship(seq int64, msg string) error { return dep.Send(msg) }
