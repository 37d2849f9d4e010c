package c_test

import (
	"testing"

	"example.com/mod/c"
)

func TestX(t *testing.T) { c.Use() } // call of marked c.Use
