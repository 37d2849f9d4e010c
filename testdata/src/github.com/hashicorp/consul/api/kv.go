package api

// KVPair is used to represent a single K/V entry.
type KVPair struct {
	Key         string
	CreateIndex uint64
	ModifyIndex uint64
	LockIndex   uint64
	Flags       uint64
	Value       []byte
	Session     string
	Namespace   string `json:",omitempty"`
	Partition   string `json:",omitempty"`
}

type KVPairs []*KVPair

// KV is used to manipulate the K/V API.
type KV struct {
	c *Client
}

func (c *Client) KV() *KV { return &KV{c} }

func (k *KV) Get(key string, q *QueryOptions) (*KVPair, *QueryMeta, error)     { return nil, nil, nil }
func (k *KV) List(prefix string, q *QueryOptions) (KVPairs, *QueryMeta, error) { return nil, nil, nil }
func (k *KV) Keys(prefix, separator string, q *QueryOptions) ([]string, *QueryMeta, error) {
	return nil, nil, nil
}
func (k *KV) Put(p *KVPair, q *WriteOptions) (*WriteMeta, error)             { return nil, nil }
func (k *KV) CAS(p *KVPair, q *WriteOptions) (bool, *WriteMeta, error)       { return false, nil, nil }
func (k *KV) Acquire(p *KVPair, q *WriteOptions) (bool, *WriteMeta, error)   { return false, nil, nil }
func (k *KV) Release(p *KVPair, q *WriteOptions) (bool, *WriteMeta, error)   { return false, nil, nil }
func (k *KV) Delete(key string, w *WriteOptions) (*WriteMeta, error)         { return nil, nil }
func (k *KV) DeleteCAS(p *KVPair, q *WriteOptions) (bool, *WriteMeta, error) { return false, nil, nil }
func (k *KV) DeleteTree(prefix string, w *WriteOptions) (*WriteMeta, error)  { return nil, nil }
func (k *KV) Txn(txn KVTxnOps, q *QueryOptions) (bool, *KVTxnResponse, *QueryMeta, error) {
	return false, nil, nil, nil
}
