package calls

import "testing"

func TestTestDouble(t *testing.T) {
	for path, want := range map[string]bool{
		"example.com/app/mockstore":  true,
		"example.com/app/mocks":      true,
		"example.com/app/storemocks": true,
		"example.com/app/fakes":      true,
		"example.com/app/fake":       true,
		"example.com/app/storetest":  true,
		"example.com/app/pg":         false,
		"example.com/app/store":      false,
		"example.com/app/latest":     true, // *test: named like a test package
	} {
		if got := TestDouble(path); got != want {
			t.Errorf("TestDouble(%q) = %v, want %v", path, got, want)
		}
	}
}
