package model

// Store is what a library's store evaluates on its server, as far as the
// checks read it: the filters of a document store (MongoDB), the condition
// builders and request types of a conditional-write API (DynamoDB), the
// score ranges and scripts of Redis, and how a hand-rolled lock record kept
// in it is read and released (FC5001's get-compare-delete). Each library
// declares its own (Library.Store); the checks ask the index (KB), never a
// store by name.
type Store struct {
	// Name names the store in messages ("DynamoDB").
	Name string

	// Documents are the calls whose filter the server evaluates: writes
	// decide which document they change, reads which they return.
	Documents []DocCall
	// Inserts insert documents into a collection (InsertOne,
	// InsertMany): the lease a read of the collection said was free is
	// created by one.
	Inserts []Func
	// Collections return a collection by its name (argument 0).
	Collections []Func
	// FilterOps are the query operators that order a field against a
	// value, as Go operators with the field on the left ("$lt": "<").
	FilterOps map[string]string
	// SetOps are the update operators that write a field's value.
	SetOps []string

	// CondCompares are the condition builders that order an attribute
	// against a value, as Go operators with the first operand (or the
	// receiver) on the left; CondNames and CondValues build the operands
	// (an attribute by its name, a value), CondSets the updates that
	// write an attribute (name, value).
	CondCompares                    map[Func]string
	CondNames, CondValues, CondSets []Func
	// Inputs are the request types whose condition expression the store
	// evaluates against the stored item, with ExpressionAttributeNames
	// and ExpressionAttributeValues, on the table TableName.
	Inputs []Field

	// ScoreRanges are the sorted-set commands that select members by
	// score; Scripts run a server-side script, whose text ScriptBuilders
	// turn into a script object.
	ScoreRanges    []ScoreRange
	Scripts        []ScriptCall
	ScriptBuilders []Func

	// RecordDeletes delete one item, document or object: without a
	// condition (RecordConds set on the input, or a filter naming more
	// than the record) they delete it whoever holds it. RecordReads fetch
	// one: the owner of a lock record, when the code then compares it in
	// Go.
	RecordDeletes []RecordDelete
	RecordReads   []Func
	// RecordConds are the input fields that make a delete conditional;
	// NoCondition names the one messages say is missing.
	RecordConds []string
	NoCondition string
	// RecordKey is the input field that names the item (a map of key
	// attributes) or, with RecordObject, the object (one name).
	RecordKey    string
	RecordObject bool
	// ReleaseFix says how to delete a lock record only while it is still
	// this holder's.
	ReleaseFix string

	// Objects are the calls of an object store on one object, nil for a
	// store of another kind.
	Objects *Objects
}

// DocCall is a document-store method with a filter (and an update or a
// replacement document) argument; -1 when it has none.
type DocCall struct {
	Func           Func
	Filter, Update int
}

// RecordDelete is a call that deletes one record: Arg is the index
// (receiver excluded) of its input struct or, with Filter, of its filter
// document.
type RecordDelete struct {
	Func
	Arg    int
	Filter bool
}

// ScoreRange is a sorted-set command that selects members by score, with
// the index (receiver excluded) of the key, of the min and max bounds (-1
// when the bounds are fields of the ZRangeBy at Min).
type ScoreRange struct {
	Func          Func
	Key, Min, Max int
}

// ScriptCall runs a Lua script: Script (the text; -1 for a *Script
// receiver built by a ScriptBuilder), Keys and the first ARGV argument.
type ScriptCall struct {
	Func               Func
	Script, Keys, Args int
}

// Replies says how the values a client's commands return are read (go-redis'
// *StringCmd, *BoolCmd, ...).
type Replies struct {
	// Packages are the client packages whose command types' methods
	// return what the server stored.
	Packages []string
	// Stored are the command methods that return the stored value; Value
	// those that turn a string command into its value (result 0 when the
	// method returns (value, error)); Bool those that read a boolean
	// command's bool; Err those whose last result is the command's error
	// (Err, Result): what an acquisition reporting success by its error
	// (Success ErrNil) reports through, when it returns a command.
	Stored, Value, Bool, Err []string
}

// TimeMethods are the methods of the standard library's time.Time that the
// clock checks follow, by what they do.
type TimeMethods struct {
	// Clock: the result is still a reading of the clock the Time came
	// from (a Clock token source propagates through them).
	Clock []string
	// Strippers: the result has lost the monotonic reading (wall-clock
	// arithmetic only); the Unix* readings are integers of the wall clock.
	Strippers []string
	// Decoders set the receiver from encoded data.
	Decoders []string
	// Arithmetic: the result combines the receiver and the argument.
	Arithmetic []string
	// Texts render the wall-clock reading as text: a string compared later
	// has no monotonic reading.
	Texts []string
}

// Loggers are logging libraries: a value handed only to them is logged, not
// handled.
type Loggers struct {
	// Packages are the logging packages: every function and method of
	// them logs.
	Packages []string
	// Methods are the method names of a logger: a method with one of them
	// on a type named like a logger (or declared in a package named like
	// one) logs its arguments.
	Methods []string
}

// Objects are an object store's calls on one object (S3, GCS, MinIO) as
// far as a lock kept as an object needs them: the object is read to see
// whether it is free, created (or put on hold) to claim it, and deleted (or
// its hold cleared) to release it. The store applies a create or a delete
// atomically only under a precondition it evaluates (S3 If-None-Match /
// If-Match, a GCS generation condition, a MinIO ETag match); without one,
// a create after a read is a racy claim (FC2001) and a delete removes
// whoever holds the object now (FC5001).
type Objects struct {
	Calls []ObjectCall
	// Handles return a handle on one object named by argument 0 (GCS's
	// BucketHandle.Object); HandleConds return the handle with a
	// precondition (ObjectHandle.If, ObjectHandle.Generation).
	Handles, HandleConds []Func
	// InputKey is the request field that names the object (S3 "Key").
	InputKey string
	// CreateConds and DeleteConds are the request or options fields that
	// make a create or a delete conditional (S3 IfNoneMatch, IfMatch,
	// VersionId; MinIO's RemoveObjectOptions.VersionID).
	CreateConds, DeleteConds []string
	// OptionConds set a precondition on the options value they are called
	// on (MinIO PutObjectOptions.SetMatchETagExcept).
	OptionConds []Func
	// HoldFields are the fields of an update's attributes that put a hold
	// on the object or clear it (GCS TemporaryHold): a hold set on what a
	// read found is a claim, a hold cleared is a release.
	HoldFields []string
	// CreateFix and ReleaseFix say how to create the object only if it is
	// absent and delete it only while it is still this holder's.
	CreateFix, ReleaseFix string
}

// ObjectOp is what an ObjectCall does to its object.
type ObjectOp int

const (
	ObjectRead   ObjectOp = iota + 1 // reads it or its metadata
	ObjectCreate                     // writes it whole, whoever holds it
	ObjectDelete                     // deletes it
	ObjectUpdate                     // changes its metadata (a hold)
)

// ObjectCall is one call on an object. The object is named by the field
// Objects.InputKey of the request at Input, by the string argument at
// Name, or (both -1) by the handle the method is called on (Objects.
// Handles). Options is the index of an options or attributes argument, -1
// when there is none. Indices exclude the receiver.
type ObjectCall struct {
	Func                 Func
	Op                   ObjectOp
	Input, Name, Options int
}
