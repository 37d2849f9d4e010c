package model

// Cond says where a sink keeps the condition a resource enforces, and
// therefore how the engine decides whether the fencing token reaches it.
type Cond int

const (
	// CondSQL: the SQL text at Query, with bind arguments from Args on
	// (variadic). Carried when the statement compares the token in WHERE.
	CondSQL Cond = iota
	// CondNone: the effect has no condition (Redis SET, etcd Put, Consul
	// KV Put): it can never carry the fence by itself.
	CondNone
	// CondScript: a server-side script (Redis EVAL) that receives its
	// arguments; carried when the token is among them.
	CondScript
	// CondTxn: etcd Txn; carried when If() receives a compare on the token.
	CondTxn
	// CondCAS: a compare-and-swap on a version (Consul CAS, ZooKeeper Set
	// with a version); carried by construction.
	CondCAS
	// CondRequest: an RPC or HTTP request; carried when the token reaches
	// the request, its headers or metadata.
	CondRequest
	// CondChain: a query builder (gorm, bun); carried when a Where in the
	// receiver chain compares the token.
	CondChain
	// CondUnfenceable: an effect that cannot carry a fence at all (mail).
	CondUnfenceable
	// CondFilter: a document store's filter argument at Query (Mongo);
	// carried when the token reaches the filter.
	CondFilter
	// CondInput: an input struct at Query with a ConditionExpression
	// (DynamoDB); carried when the token reaches the input and a condition
	// is set.
	CondInput
	// CondOps: a multi-operation transaction (ZooKeeper Multi, Consul Txn);
	// carried when one of its operations is a check (Guards).
	CondOps
)

// OpGuards name the check operations that make a CondOps transaction
// conditional: a type whose value among the operations is a check
// (zk.CheckVersionRequest), or constants of an operation-kind type
// (Consul's KVOp "check-session", "check-index", "cas").
var OpGuards = struct {
	Types  []Field // Pkg, Type; Name unused
	Consts map[string][]string
}{
	Types:  []Field{{Pkg: zk, Type: "CheckVersionRequest"}},
	Consts: map[string][]string{consul + ".KVOp": {"check-session", "check-index", "check-not-exists", "cas", "delete-cas"}},
}

// Sink describes one family of calls that change state outside the process.
type Sink struct {
	// Family is a short label for messages ("database/sql").
	Family string
	Funcs  []Func
	Cond   Cond
	// Query is the index of the SQL text argument (CondSQL, CondChain
	// Where) and Args the index of the first bind argument.
	Query, Args int
	// Key is the index of the key argument for KV sinks (-1 if none).
	Key int
}

const sqlpkg = "database/sql"
const pgx = "github.com/jackc/pgx/v5"
const pgxpool = "github.com/jackc/pgx/v5/pgxpool"
const sqlx = "github.com/jmoiron/sqlx"
const clientv3 = "go.etcd.io/etcd/client/v3"

func methods(pkg string, recvs []string, names ...string) []Func {
	var fs []Func
	for _, r := range recvs {
		for _, n := range names {
			fs = append(fs, Func{pkg, r, n})
		}
	}
	return fs
}

// Sinks is the table of effect families. A call matches at most one entry.
var Sinks = []*Sink{
	{Family: "database/sql", Cond: CondSQL, Query: 1, Args: 2, Key: -1,
		Funcs: methods(sqlpkg, []string{"DB", "Tx", "Conn"}, "ExecContext", "QueryContext", "QueryRowContext")},
	{Family: "database/sql", Cond: CondSQL, Query: 0, Args: 1, Key: -1,
		Funcs: methods(sqlpkg, []string{"DB", "Tx"}, "Exec", "Query", "QueryRow")},
	{Family: "pgx", Cond: CondSQL, Query: 1, Args: 2, Key: -1,
		Funcs: append(append(methods(pgx, []string{"Conn", "Tx"}, "Exec", "Query", "QueryRow"),
			methods(pgxpool, []string{"Pool", "Conn", "Tx"}, "Exec", "Query", "QueryRow")...),
			Func{"github.com/jackc/pgx/v5/pgconn", "PgConn", "Exec"})},
	{Family: "sqlx", Cond: CondSQL, Query: 1, Args: 2, Key: -1,
		Funcs: methods(sqlx, []string{"DB", "Tx", "Conn"}, "ExecContext", "MustExecContext", "NamedExecContext", "QueryxContext", "QueryRowxContext")},
	{Family: "sqlx", Cond: CondSQL, Query: 0, Args: 1, Key: -1,
		Funcs: methods(sqlx, []string{"DB", "Tx"}, "Exec", "MustExec", "NamedExec", "Queryx", "QueryRowx")},
	{Family: "gorm", Cond: CondSQL, Query: 0, Args: 1, Key: -1,
		Funcs: []Func{{"gorm.io/gorm", "DB", "Exec"}}},
	{Family: "gorm", Cond: CondChain, Query: 0, Args: 1, Key: -1,
		Funcs: methods("gorm.io/gorm", []string{"DB"}, "Update", "Updates", "UpdateColumn", "UpdateColumns", "Save", "Create", "CreateInBatches", "Delete")},
	{Family: "bun", Cond: CondChain, Query: 0, Args: 1, Key: -1,
		Funcs: methods("github.com/uptrace/bun", []string{"UpdateQuery", "InsertQuery", "DeleteQuery", "MergeQuery"}, "Exec")},
	{Family: "bun", Cond: CondSQL, Query: 1, Args: 2, Key: -1,
		Funcs: methods("github.com/uptrace/bun", []string{"DB", "Tx", "Conn"}, "ExecContext")},
	{Family: "go-redis", Cond: CondNone, Key: 1,
		Funcs: methods(goredis, []string{"*"}, "Set", "SetArgs", "SetEx", "SetXX", "MSet", "MSetNX", "GetSet", "GetDel",
			"Del", "Unlink", "Incr", "IncrBy", "IncrByFloat", "Decr", "DecrBy", "HSet", "HMSet", "HSetNX", "HDel", "HIncrBy",
			"LPush", "RPush", "LPop", "RPop", "LRem", "LSet", "SAdd", "SRem", "SPop", "ZAdd", "ZRem", "ZIncrBy", "XAdd", "XDel",
			"Append", "SetRange", "Rename", "Publish", "SetIFEQ", "SetIFNE", "DelExArgs")},
	{Family: "go-redis", Cond: CondScript, Key: 2, Args: 3,
		Funcs: methods(goredis, []string{"*"}, "Eval", "EvalSha", "FCall")},
	{Family: "go-redis", Cond: CondScript, Key: 2, Args: 3,
		Funcs: []Func{{goredis, "Script", "Run"}, {goredis, "Script", "Eval"}, {goredis, "Script", "EvalSha"}}},
	{Family: "etcd", Cond: CondNone, Key: 1,
		Funcs: methods(clientv3, []string{"KV", "Client"}, "Put", "Delete")},
	{Family: "etcd", Cond: CondTxn, Key: -1,
		Funcs: []Func{{clientv3, "Txn", "Commit"}}},
	{Family: "Consul KV", Cond: CondNone, Key: -1,
		Funcs: methods(consul, []string{"KV"}, "Put", "Delete", "DeleteTree")},
	{Family: "Consul KV", Cond: CondCAS, Key: -1,
		Funcs: methods(consul, []string{"KV"}, "CAS", "DeleteCAS")},
	{Family: "ZooKeeper", Cond: CondNone, Key: 0,
		Funcs: methods(zk, []string{"Conn"}, "Create", "Set", "Delete")},
	{Family: "ZooKeeper", Cond: CondOps, Key: -1,
		Funcs: methods(zk, []string{"Conn"}, "Multi")},
	{Family: "Consul", Cond: CondOps, Key: -1,
		Funcs: methods(consul, []string{"Txn", "KV"}, "Txn")},
	{Family: "net/http", Cond: CondRequest, Key: -1,
		Funcs: []Func{{"net/http", "Client", "Do"}, {"net/http", "Client", "Post"}, {"net/http", "Client", "PostForm"},
			{"net/http", "", "Post"}, {"net/http", "", "PostForm"}, {"net/http", "Transport", "RoundTrip"}}},
	{Family: "gRPC", Cond: CondRequest, Key: -1,
		Funcs: []Func{{"google.golang.org/grpc", "ClientConn", "Invoke"}, {"google.golang.org/grpc", "", "Invoke"}}},
	{Family: "DynamoDB", Cond: CondInput, Query: 1, Key: -1,
		Funcs: methods("github.com/aws/aws-sdk-go-v2/service/dynamodb", []string{"Client"}, "PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems", "ExecuteStatement")},
	{Family: "DynamoDB", Cond: CondNone, Key: -1,
		Funcs: methods("github.com/aws/aws-sdk-go-v2/service/dynamodb", []string{"Client"}, "BatchWriteItem")},
	{Family: "MongoDB", Cond: CondFilter, Query: 1, Key: -1,
		Funcs: methods("go.mongodb.org/mongo-driver/v2/mongo", []string{"Collection"}, "UpdateOne", "UpdateMany", "UpdateByID", "ReplaceOne", "DeleteOne", "DeleteMany",
			"FindOneAndUpdate", "FindOneAndReplace", "FindOneAndDelete", "BulkWrite")},
	{Family: "MongoDB", Cond: CondNone, Key: -1,
		Funcs: methods("go.mongodb.org/mongo-driver/v2/mongo", []string{"Collection"}, "InsertOne", "InsertMany")},
	{Family: "MongoDB", Cond: CondFilter, Query: 1, Key: -1,
		Funcs: methods("go.mongodb.org/mongo-driver/mongo", []string{"Collection"}, "UpdateOne", "UpdateMany", "UpdateByID", "ReplaceOne", "DeleteOne", "DeleteMany",
			"FindOneAndUpdate", "FindOneAndReplace", "FindOneAndDelete", "BulkWrite")},
	{Family: "MongoDB", Cond: CondNone, Key: -1,
		Funcs: methods("go.mongodb.org/mongo-driver/mongo", []string{"Collection"}, "InsertOne", "InsertMany")},
	{Family: "net/smtp", Cond: CondUnfenceable, Key: -1,
		Funcs: []Func{{"net/smtp", "", "SendMail"}, {"net/smtp", "Client", "Data"}}},
	{Family: "SQS", Cond: CondUnfenceable, Query: 1, Key: -1,
		Funcs: []Func{{"github.com/aws/aws-sdk-go-v2/service/sqs", "Client", "SendMessage"}}},
	{Family: "Kafka", Cond: CondUnfenceable, Key: -1,
		Funcs: []Func{{"github.com/segmentio/kafka-go", "Writer", "WriteMessages"}}},
	{Family: "NATS", Cond: CondUnfenceable, Key: -1,
		Funcs: []Func{{"github.com/nats-io/nats.go", "Conn", "Publish"}, {"github.com/nats-io/nats.go", "Conn", "PublishMsg"}}},
}

// IsProtocol reports whether a library of the knowledge base, calling s
// inside its own functions, is talking to its own server rather than
// performing an effect for its caller: etcd's client lists the cluster's
// members and authenticates over gRPC while it connects. Such calls are
// left out of the library's summaries; a library's calls of another
// library's data API (go-zero's Redis wrapper calling go-redis) stay in.
func IsProtocol(s *Sink) bool { return s != nil && s.Family == "gRPC" }

// GRPCReadPrefixes are method-name prefixes of generated gRPC client methods
// that only read, or change nothing a lock protects: Authenticate exchanges
// credentials for a token (etcd's client calls it while it connects).
var GRPCReadPrefixes = []string{"Get", "List", "Watch", "Describe", "Read", "Fetch", "Query", "Search",
	"Check", "Stat", "Head", "Count", "Exists", "Lookup", "Find", "Ping", "Health", "Batch" + "Get", "Subscribe", "Stream",
	"Authenticate"}

// IdempotencyHeaders are request header names that make a write safe to
// repeat, so a write carrying one is not unfenced.
// DedupFields are input fields that give a message a deduplication id the
// broker enforces (SQS FIFO queues).
var DedupFields = []string{"MessageDeduplicationId"}

var IdempotencyHeaders = []string{"idempotency-key", "x-idempotency-key", "idempotency_key", "nats-msg-id"}

// SinkPackages are the import paths of every effect API in Sinks.
var SinkPackages = func() map[string]bool {
	m := map[string]bool{"google.golang.org/grpc": true}
	for _, s := range Sinks {
		for _, f := range s.Funcs {
			m[f.Pkg] = true
		}
	}
	return m
}()
