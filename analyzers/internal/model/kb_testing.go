package model

// testingLibrary is test helpers that poll a condition: the result of a
// condition function only ends the wait, it grants no authority (FC4001).
var testingLibrary = Library{
	Name:    "testing",
	Modules: []string{"github.com/onsi/gomega", "github.com/stretchr/testify"},
	PollTakers: map[string][]string{
		"github.com/onsi/gomega":              {"Eventually", "EventuallyWithOffset", "Consistently", "ConsistentlyWithOffset"},
		"github.com/stretchr/testify/assert":  {"Eventually", "EventuallyWithT", "Never", "Condition"},
		"github.com/stretchr/testify/require": {"Eventually", "EventuallyWithT", "Never", "Condition"},
	},
}
