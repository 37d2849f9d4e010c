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

// Sink describes one family of calls that change state outside the process.
type Sink struct {
	// Family is a short label for messages ("database/sql").
	Family string
	Funcs  []Func
	// Command restricts Funcs to some commands, for a client whose
	// commands are strings (redigo's Conn.Do("SET", key, value)).
	Command *Command
	Cond    Cond
	// Query is the index of the SQL text argument (CondSQL, CondChain
	// Where) and Args the index of the first bind argument.
	Query, Args int
	// Dest is 1 + the index of the argument the statement's result is
	// scanned into (sqlx's Get(ctx, &dest, query, args...)); 0 when the
	// result is the call's (a Row to Scan, a Result).
	Dest int
	// Key is the index of the key argument for KV sinks (-1 if none),
	// counted as calls.FlatArg counts: the elements of a variadic slice
	// follow the arguments before it (redigo's Do("SET", key, value): 1).
	Key int
	// What names the effect in messages, %s standing for the called
	// function's name ("mail sent with smtp.%s"); "" is the Family and the
	// name ("etcd Put").
	What string
	// Advice says where the fencing token should go when Cond does not say
	// it: an unconditional write is told the store's conditional API.
	Advice string
	// LockKeys: a call whose key argument names a lock (IsLockKeyText) is
	// the lock's own operation (acquire, release, extension), not an
	// effect; FC5001 judges releases.
	LockKeys bool
	// OwnKey: a write to the key of the lock held (Lock.KeyFrom) is the
	// lock's own operation (an operator poke that wakes Consul's monitor).
	OwnKey bool
	// LeaseOptions build an option that binds the write to the holder's
	// lease (etcd's clientv3.WithLease) or to the revision it saw (NATS
	// KV's LastRevision): among the call's trailing options, one makes the
	// write fail once the lease is gone or the key has moved on.
	LeaseOptions []Func
	// ArgConds make a write conditional through the value of one of its
	// arguments (ZooKeeper's version, its ephemeral flag).
	ArgConds []ArgCond
	// RowsField: the call returns the query builder, whose RowsAffected
	// field is the outcome to check (gorm), not result 0's RowsAffected().
	RowsField bool
	// Protocol: a library of the knowledge base calling this sink inside
	// its own functions is talking to its own server (etcd's client lists
	// the cluster's members and authenticates over gRPC while it
	// connects), not performing an effect for its caller.
	Protocol bool
	// Conds is, for a query builder (CondChain), the index of a variadic
	// argument of inline conditions that count as a Where (gorm's
	// Delete(value, conds...)); 0 is none.
	Conds int
	// Shape says how the calls of a sink without Funcs are recognised:
	// Under and Methods for TypedClient, Option for GeneratedClient,
	// Methods, Mutation and Option for GeneratedBuilder.
	Shape   Shape
	Under   string
	Methods []string
	Option  Field
	// Mutation is the field of a generated builder that holds its pending
	// change (GeneratedBuilder).
	Mutation string
	// ConstSets are, for CondFilter, the update operators ("$set") of an
	// update document (argument Query+1) that make a write absolute when
	// the filter and every value set are constants: whoever repeats it,
	// a stale holder or the current one, writes the same state (a monthly
	// reset of counters to 0), so it needs no fence.
	ConstSets []string
	// Conditions says, for CondInput, where an input keeps its condition
	// and which conditions make the write a compare-and-swap by themselves.
	Conditions *InputConds
	// Invalidations are the calls of Funcs that delete a key: of a cache
	// entry (a key named as one, vocab.CacheKey) a delete only makes the
	// next reader fill it again, so a stale holder repeating it cannot
	// overwrite a successor's state.
	Invalidations []Func
	// VersionCompares are, for CondTxn, the compare targets that name a
	// key's version (etcd's ModRevision, Version, CreateRevision): a
	// transaction whose If compares one for equality with a value is a
	// compare-and-swap the store enforces, whoever built the compare (the
	// function itself or its caller), as a Consul CAS on ModifyIndex is.
	VersionCompares []Func
	// CarriedBy lists the parameters (receiver = 0 for methods) whose
	// fencing token reaches the resource: a custom sink (configuration,
	// //fencecheck:sink) is fenced when one of them carries the token.
	CarriedBy []int
	// ColumnSets are, for a query builder (CondChain), the calls of Funcs
	// that assign named columns: gorm's Update(column, value) and
	// Updates(map[string]any{...}). A state transition is read from them
	// (package oneway).
	ColumnSets []ColumnSet
	// Creates are the names of Funcs that only insert new records (gorm's
	// Create, CreateInBatches): a store that keys them uniquely rejects a
	// second writer's, so one whose duplicate-key error is tested creates
	// its record once (package oneway).
	Creates []string
	// Columns says, for a generated builder (GeneratedBuilder), how its
	// methods and its entity's predicates name columns: a state transition
	// is read from them (package oneway).
	Columns *BuilderColumns
	// Records are, for a query builder, the calls of its chain whose
	// argument 0 names the record written: a value of the model's type
	// (gorm's Model(&T{})) or a table name (Table("t")).
	Records []Func
	// Coalesces: the store applies the write at most once in effect,
	// whoever repeats it: it only adds (a set-add, SADD) or only sets
	// what is absent (HSETNX, MSETNX). A stale holder repeating it cannot
	// overwrite what a successor wrote, so it is no protected effect
	// (issue 26, mechanism 8). It can still re-add what a successor
	// removed in between (docs/checks/FC1001.md, known gaps).
	Coalesces bool
	// Assigns are the calls of Funcs that replace the key's whole value
	// with the argument after the key (go-redis Set(ctx, key, value,
	// ttl)): one given a constant writes the same state whoever repeats
	// it (fences.Converges, with the package's other writes of the key).
	Assigns []Func
	// Coalescing are options that make the store de-duplicate the effect
	// by a key the caller gives (asynq's TaskID and Unique): among the
	// call's trailing options, or among the trailing options of the call
	// that built one of its arguments (asynq.NewTask(typ, payload,
	// asynq.TaskID(id))). A repeat of such an effect by a stale holder is
	// rejected by the store, or merges with the first one, so it is no
	// protected effect either.
	Coalescing []Func
}

// BuilderColumns names the columns of a generated builder's chain
// (Sink.Columns): ent's XUpdate.SetStatus(v) assigns status, the entity
// package's StatusEQ(v), handed to Where, compares it with v.
type BuilderColumns struct {
	// Setter is the prefix of a builder method that assigns the column
	// its suffix names ("Set": SetStatus).
	Setter string
	// Equal is the suffix of a predicate function, of the type the
	// builder's Where takes, that compares the column its prefix names
	// with its argument ("EQ": StatusEQ).
	Equal string
	// Rows: the statement's first result, when it is an integer, counts
	// the rows it changed (ent's XUpdate.Save and XDelete.Exec return
	// (int, error)): the outcome a conditional update is decided by.
	Rows bool
}

// ColumnSet is a builder call that assigns named columns (Sink.ColumnSets).
type ColumnSet struct {
	Func Func
	// Column is the index (receiver excluded) of the column name, whose
	// value is the next argument; -1 when argument 0 is a map literal of
	// column names to values.
	Column int
}

// InputConds describe the condition of a request input (DynamoDB's
// ConditionExpression). A condition that compares an attribute with a
// value (version = :v, fence <= :tok, owner = :me) or demands that the item
// be absent makes the write a compare-and-swap: the store rejects it once
// another writer has moved the item on, which the spec counts as carrying
// the fence (as a Kubernetes Update on a resourceVersion). A condition
// that is set but not seen (built elsewhere) counts as one too, to stay
// silent when unsure; any other condition carries the fence when the token
// reaches the input.
type InputConds struct {
	// Fields are the input fields that hold a condition; Legacy ones
	// (DynamoDB's Expected) are compare-and-swaps whenever they are set.
	Fields, Legacy []string
	// Words are the functions of the condition language that make one
	// ("attribute_not_exists"); Builders the calls that build one
	// (expression.Equal, NameBuilder.AttributeNotExists); Reads the calls
	// that read a built condition (Expression.Condition).
	Words           []string
	Builders, Reads []Func
	// Failures are the error types the store returns when the condition
	// is false (DynamoDB's ConditionalCheckFailedException), matched with
	// errors.As: for a conditional renewal, the loss signal.
	Failures []Field
	// Updates are the input fields that hold an update expression
	// (DynamoDB's UpdateExpression: "SET lease_expires_at = :t").
	Updates []string
}

// ArgCond makes a write conditional through the constant value of one
// argument; a value that is not constant counts as conditional, to stay
// silent when unsure.
type ArgCond struct {
	Arg int // receiver excluded
	// Any is the value that leaves the write unconditional (ZooKeeper's
	// version -1: any version); it is used when Bits is 0.
	Any int64
	// Bits: the write is conditional when the value has one of these bits
	// set (zk.FlagEphemeral: the node dies with the session).
	Bits int64
}

// Shape says how the calls of a sink are recognised.
type Shape int

const (
	// ByName: the calls listed in Funcs.
	ByName Shape = iota
	// GeneratedClient: a write method of a generated RPC client: a method
	// of a type whose name ends in Client, taking (context.Context,
	// *Request, ...Option), whose name does not say it only reads
	// (Library.ReadPrefixes).
	GeneratedClient
	// TypedClient: a method named in Methods of a typed API client in a
	// package under the import path Under (client-go's typed clients).
	TypedClient
	// GeneratedBuilder: a method named in Methods of a generated query
	// builder, a struct whose field Mutation has a method Op returning the
	// type Option (ent's XUpdate, XUpdateOne, XCreate, XDelete...: every
	// schema generates its own package, so they are known by shape). The
	// kind of write is the suffix of the builder's name.
	GeneratedBuilder
)

// IsProtocol reports whether a library of the knowledge base, calling s
// inside its own functions, is talking to its own server rather than
// performing an effect for its caller: etcd's client lists the cluster's
// members and authenticates over gRPC while it connects. Such calls are
// left out of the library's summaries; a library's calls of another
// library's data API (go-zero's Redis wrapper calling go-redis) stay in.
func IsProtocol(s *Sink) bool { return s != nil && s.Protocol }
