package testerr

import "testing"

func TestRun(t *testing.T) {
	var n int = "not a number"
	_ = n
}
