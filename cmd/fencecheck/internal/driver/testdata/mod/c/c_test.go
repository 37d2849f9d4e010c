package c

import (
	"testing"

	"example.com/mod/b"
)

func TestUse(t *testing.T) { b.Wrap() } // call of marked b.Wrap
