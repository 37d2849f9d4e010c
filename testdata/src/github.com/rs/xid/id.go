package xid

import "time"

const rawLen = 12

// ID represents a unique request id
type ID [rawLen]byte

func New() ID                          { return ID{} }
func NewWithTime(t time.Time) ID       { return ID{} }
func FromString(id string) (ID, error) { return ID{}, nil }
func (id ID) String() string           { return "" }
func (id ID) Time() time.Time          { return time.Time{} }
func (id ID) Counter() int32           { return 0 }
