package model

// ValidityChecks are calls that report a local or past view of whether the
// lock is still held. Branching on them before a write is check-then-act:
// the lease can expire between the check and the write (FC2001).
var ValidityChecks = collect(func(l *Library) []Func { return l.Validity })
