package model

// Check is a stable public identifier of a fencecheck check: users write
// both in suppression comments, CI configuration and dashboards, so neither
// ever changes once released.
type Check struct {
	Code string // "FC1001"
	Name string // analyzer name, "unfencedwrite"
}

// Catalog lists every check fencecheck has, in code order. FC0001 reports
// problems with fencecheck's own suppression comments.
var Catalog = []Check{
	{"FC0001", "suppression"},
	{"FC1001", "unfencedwrite"},
	{"FC1002", "uncheckedfence"},
	{"FC1003", "unfenceableeffect"},
	{"FC2001", "checkthenact"},
	{"FC2002", "splitfencecheck"},
	{"FC3001", "randomfence"},
	{"FC3002", "volatilefence"},
	{"FC4001", "wallclockttl"},
	{"FC5001", "unsaferelease"},
	{"FC5002", "ignoredleaseloss"},
}

// SuiteName is the name that stands for every check at once in
// //nolint:fencecheck and in the golangci-lint plugin.
const SuiteName = "fencecheck"

// CheckByCode returns the check with the given code, or false.
func CheckByCode(code string) (Check, bool) {
	for _, c := range Catalog {
		if c.Code == code {
			return c, true
		}
	}
	return Check{}, false
}

// Precedence orders checks that match the same effect: the most specific
// one is reported and the others are dropped. Lower wins.
var Precedence = map[string]int{
	"FC2001": 0, "FC4001": 1, "FC2002": 2, "FC3001": 3, "FC3002": 4, "FC5001": 5, "FC1002": 6, "FC1003": 7, "FC1001": 9,
}
