package testdep

import (
	"testing"

	"example.com/loaderrs/brokenhelper"
)

func TestRun(t *testing.T) { _ = brokenhelper.N }
