package clientv3

import (
	"context"

	pb "github.com/coreos/etcd/etcdserver/etcdserverpb"
)

type (
	CompactResponse pb.CompactionResponse
	PutResponse     pb.PutResponse
	GetResponse     pb.RangeResponse
	GetStreamChan   <-chan RangeStreamResponse
	DeleteResponse  pb.DeleteRangeResponse
	TxnResponse     pb.TxnResponse
)

type KV interface {
	// Put puts a key-value pair into etcd.
	Put(ctx context.Context, key, val string, opts ...OpOption) (*PutResponse, error)
	// Get retrieves keys.
	Get(ctx context.Context, key string, opts ...OpOption) (*GetResponse, error)
	// GetStream retrieves keys as a stream of chunks.
	GetStream(ctx context.Context, key string, opts ...OpOption) (GetStreamChan, error)
	// Delete deletes a key, or optionally using WithRange(end), [key, end).
	Delete(ctx context.Context, key string, opts ...OpOption) (*DeleteResponse, error)
	// Compact compacts etcd KV history before the given rev.
	Compact(ctx context.Context, rev int64, opts ...CompactOption) (*CompactResponse, error)
	// Do applies a single Op on KV without a transaction.
	Do(ctx context.Context, op Op) (OpResponse, error)
	// Txn creates a transaction.
	Txn(ctx context.Context) Txn
}

type RangeStreamResponse struct {
	*pb.RangeResponse
}

func (r *RangeStreamResponse) Err() error { return nil }

func GetStreamToGetResponse(stream GetStreamChan) (*GetResponse, error) { return nil, nil }

type OpResponse struct {
	put *PutResponse
	get *GetResponse
	del *DeleteResponse
	txn *TxnResponse
}

func (op OpResponse) Put() *PutResponse    { return op.put }
func (op OpResponse) Get() *GetResponse    { return op.get }
func (op OpResponse) Del() *DeleteResponse { return op.del }
func (op OpResponse) Txn() *TxnResponse    { return op.txn }

func (resp *PutResponse) OpResponse() OpResponse    { return OpResponse{put: resp} }
func (resp *GetResponse) OpResponse() OpResponse    { return OpResponse{get: resp} }
func (resp *DeleteResponse) OpResponse() OpResponse { return OpResponse{del: resp} }
func (resp *TxnResponse) OpResponse() OpResponse    { return OpResponse{txn: resp} }

type Txn interface {
	If(cs ...Cmp) Txn
	Then(ops ...Op) Txn
	Else(ops ...Op) Txn
	Commit() (*TxnResponse, error)
}

type CompactOp struct {
	revision int64
	physical bool
}

type CompactOption func(*CompactOp)

func OpCompact(rev int64, opts ...CompactOption) CompactOp { return CompactOp{revision: rev} }
func WithCompactPhysical() CompactOption                   { return func(op *CompactOp) { op.physical = true } }
