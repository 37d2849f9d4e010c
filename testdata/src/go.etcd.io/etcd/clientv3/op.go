package clientv3

import pb "go.etcd.io/etcd/etcdserver/etcdserverpb"

type (
	CompareTarget int
	CompareResult int
)

const (
	CompareVersion CompareTarget = iota
	CompareCreated
	CompareModified
	CompareValue
)

type Cmp struct {
	c *pb.Compare
}

func FromCompare(c *pb.Compare) Cmp             { return Cmp{c: c} }
func (cmp *Cmp) GetCompare() *pb.Compare        { return cmp.c }
func (cmp *Cmp) Clone() Cmp                     { return *cmp }
func Compare(cmp Cmp, result string, v any) Cmp { return cmp }
func Value(key string) Cmp                      { return Cmp{} }
func Version(key string) Cmp                    { return Cmp{} }
func CreateRevision(key string) Cmp             { return Cmp{} }
func ModRevision(key string) Cmp                { return Cmp{} }
func LeaseValue(key string) Cmp                 { return Cmp{} }
func (cmp *Cmp) KeyBytes() []byte               { return nil }
func (cmp *Cmp) WithKeyBytes(key []byte)        {}
func (cmp *Cmp) ValueBytes() []byte             { return nil }
func (cmp *Cmp) WithValueBytes(v []byte)        {}
func (cmp Cmp) WithRange(end string) Cmp        { return cmp }
func (cmp Cmp) WithPrefix() Cmp                 { return cmp }

type (
	SortTarget int
	SortOrder  int
)

const (
	SortNone SortOrder = iota
	SortAscend
	SortDescend
)

const (
	SortByKey SortTarget = iota
	SortByVersion
	SortByCreateRevision
	SortByModRevision
	SortByValue
)

type SortOption struct {
	Target SortTarget
	Order  SortOrder
}

// Op represents an Operation that kv can execute.
type Op struct {
	key     []byte
	val     []byte
	rev     int64
	cmps    []Cmp
	thenOps []Op
	elseOps []Op
}

func (op Op) IsTxn() bool                      { return op.cmps != nil }
func (op Op) Txn() ([]Cmp, []Op, []Op)         { return op.cmps, op.thenOps, op.elseOps }
func (op Op) KeyBytes() []byte                 { return op.key }
func (op *Op) WithKeyBytes(key []byte)         { op.key = key }
func (op Op) Rev() int64                       { return op.rev }
func (op Op) IsPut() bool                      { return false }
func (op Op) IsGet() bool                      { return false }
func (op Op) IsDelete() bool                   { return false }
func (op Op) ValueBytes() []byte               { return op.val }
func (op *Op) WithValueBytes(v []byte)         { op.val = v }
func NewOp() *Op                               { return &Op{} }
func OpGet(key string, opts ...OpOption) Op    { return Op{key: []byte(key)} }
func OpDelete(key string, opts ...OpOption) Op { return Op{key: []byte(key)} }
func OpPut(key, val string, opts ...OpOption) Op {
	return Op{key: []byte(key), val: []byte(val)}
}
func OpTxn(cmps []Cmp, thenOps []Op, elseOps []Op) Op {
	return Op{cmps: cmps, thenOps: thenOps, elseOps: elseOps}
}
func OpWatch(key string, opts ...OpOption) Op { return Op{key: []byte(key)} }

// OpOption configures Operations like Get, Put, Delete.
type OpOption func(*Op)

func WithLease(leaseID LeaseID) OpOption                   { return func(*Op) {} }
func WithLimit(n int64) OpOption                           { return func(*Op) {} }
func WithRev(rev int64) OpOption                           { return func(op *Op) { op.rev = rev } }
func WithSort(target SortTarget, order SortOrder) OpOption { return func(*Op) {} }
func GetPrefixRangeEnd(prefix string) string               { return prefix }
func WithPrefix() OpOption                                 { return func(*Op) {} }
func WithRange(endKey string) OpOption                     { return func(*Op) {} }
func WithFromKey() OpOption                                { return func(*Op) {} }
func WithSerializable() OpOption                           { return func(*Op) {} }
func WithKeysOnly() OpOption                               { return func(*Op) {} }
func WithCountOnly() OpOption                              { return func(*Op) {} }
func WithMinModRev(rev int64) OpOption                     { return func(*Op) {} }
func WithMaxModRev(rev int64) OpOption                     { return func(*Op) {} }
func WithMinCreateRev(rev int64) OpOption                  { return func(*Op) {} }
func WithMaxCreateRev(rev int64) OpOption                  { return func(*Op) {} }
func WithFirstCreate() []OpOption                          { return nil }
func WithLastCreate() []OpOption                           { return nil }
func WithFirstKey() []OpOption                             { return nil }
func WithLastKey() []OpOption                              { return nil }
func WithFirstRev() []OpOption                             { return nil }
func WithLastRev() []OpOption                              { return nil }
func WithProgressNotify() OpOption                         { return func(*Op) {} }
func WithCreatedNotify() OpOption                          { return func(*Op) {} }
func WithFilterPut() OpOption                              { return func(*Op) {} }
func WithFilterDelete() OpOption                           { return func(*Op) {} }
func WithPrevKV() OpOption                                 { return func(*Op) {} }
func WithIgnoreValue() OpOption                            { return func(*Op) {} }
func WithIgnoreLease() OpOption                            { return func(*Op) {} }

// LeaseOp represents an Operation that lease can execute.
type LeaseOp struct {
	id           LeaseID
	attachedKeys bool
}

// LeaseOption configures lease operations.
type LeaseOption func(*LeaseOp)

func WithAttachedKeys() LeaseOption { return func(op *LeaseOp) { op.attachedKeys = true } }
