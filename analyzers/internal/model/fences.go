package model

// FenceCalls are calls whose result is (or contains) a fencing token.
// Every value derived from the result counts as the token.
var FenceCalls = collect(func(l *Library) []Func { return l.Fences })

// FenceFields are struct fields that hold a fencing token wherever they are
// read. Reading them from some other record is rare enough that treating
// every read as a token keeps fencecheck quiet rather than wrong.
var FenceFields = collect(func(l *Library) []Field { return l.FenceFields })
