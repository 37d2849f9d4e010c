package a

import "testing"

func TestA(t *testing.T) {
	write("from a test")
}
