package api

// Txn is used to manipulate the Txn API.
type Txn struct {
	c *Client
}

func (c *Client) Txn() *Txn { return &Txn{c} }

type TxnOp struct {
	KV      *KVTxnOp
	Node    *NodeTxnOp
	Service *ServiceTxnOp
	Check   *CheckTxnOp
}

type TxnOps []*TxnOp

type TxnResult struct {
	KV      *KVPair
	Node    *Node
	Service *AgentService
	Check   *HealthCheck
}

type TxnResults []*TxnResult

type TxnError struct {
	OpIndex int
	What    string
}

type TxnErrors []*TxnError

type TxnResponse struct {
	Results TxnResults
	Errors  TxnErrors
}

type KVOp string

const (
	KVSet            KVOp = "set"
	KVDelete         KVOp = "delete"
	KVDeleteCAS      KVOp = "delete-cas"
	KVDeleteTree     KVOp = "delete-tree"
	KVCAS            KVOp = "cas"
	KVLock           KVOp = "lock"
	KVUnlock         KVOp = "unlock"
	KVGet            KVOp = "get"
	KVGetOrEmpty     KVOp = "get-or-empty"
	KVGetTree        KVOp = "get-tree"
	KVCheckSession   KVOp = "check-session"
	KVCheckIndex     KVOp = "check-index"
	KVCheckNotExists KVOp = "check-not-exists"
)

type KVTxnOp struct {
	Verb      KVOp
	Key       string
	Value     []byte
	Flags     uint64
	Index     uint64
	Session   string
	Namespace string `json:",omitempty"`
	Partition string `json:",omitempty"`
}

type KVTxnOps []*KVTxnOp

type KVTxnResponse struct {
	Results []*KVPair
	Errors  TxnErrors
}

type NodeOp string

const (
	NodeGet       NodeOp = "get"
	NodeSet       NodeOp = "set"
	NodeCAS       NodeOp = "cas"
	NodeDelete    NodeOp = "delete"
	NodeDeleteCAS NodeOp = "delete-cas"
)

type NodeTxnOp struct {
	Verb NodeOp
	Node Node
}

type ServiceOp string

const (
	ServiceGet       ServiceOp = "get"
	ServiceSet       ServiceOp = "set"
	ServiceCAS       ServiceOp = "cas"
	ServiceDelete    ServiceOp = "delete"
	ServiceDeleteCAS ServiceOp = "delete-cas"
)

type ServiceTxnOp struct {
	Verb    ServiceOp
	Node    string
	Service AgentService
}

type CheckOp string

const (
	CheckGet       CheckOp = "get"
	CheckSet       CheckOp = "set"
	CheckCAS       CheckOp = "cas"
	CheckDelete    CheckOp = "delete"
	CheckDeleteCAS CheckOp = "delete-cas"
)

type CheckTxnOp struct {
	Verb  CheckOp
	Check HealthCheck
}

func (t *Txn) Txn(txn TxnOps, q *QueryOptions) (bool, *TxnResponse, *QueryMeta, error) {
	return false, nil, nil, nil
}

// Node is a partial stub (subset of fields).
type Node struct {
	ID              string
	Node            string
	Address         string
	Datacenter      string
	TaggedAddresses map[string]string
	Meta            map[string]string
	CreateIndex     uint64
	ModifyIndex     uint64
	Partition       string `json:",omitempty"`
	PeerName        string `json:",omitempty"`
}

// AgentService is a partial stub (subset of fields).
type AgentService struct {
	ID      string
	Service string
	Tags    []string
	Meta    map[string]string
}

// HealthCheck is a partial stub (subset of fields).
type HealthCheck struct {
	Node        string
	CheckID     string
	Name        string
	Status      string
	Notes       string
	Output      string
	ServiceID   string
	ServiceName string
}
