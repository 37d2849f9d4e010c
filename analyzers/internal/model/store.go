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
	// command's bool.
	Stored, Value, Bool []string
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
