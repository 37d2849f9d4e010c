package model

const dynamodb = "github.com/aws/aws-sdk-go-v2/service/dynamodb"
const dynamodbExpr = "github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
const dynamodbTypes = "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
const dynamodb1 = "github.com/aws/aws-sdk-go/service/dynamodb"
const dynamodb1Iface = "github.com/aws/aws-sdk-go/service/dynamodb/dynamodbiface"
const dynamodb1Expr = "github.com/aws/aws-sdk-go/service/dynamodb/expression"
const dynamodbAttr = "github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
const dynamodb1Attr = "github.com/aws/aws-sdk-go/service/dynamodb/dynamodbattribute"
const dynamolock = "cirello.io/dynamolock/v2"
const dynamolock1 = "cirello.io/dynamolock"

const dynamoBatchAdvice = "use conditional writes (PutItem/UpdateItem with ConditionExpression); BatchWriteItem cannot carry a condition"

const dynamolockFence = "dynamolock's record version number is a random string that every heartbeat replaces, not a monotonic token; keep a counter in the protected item and write it with a ConditionExpression that compares it"

// dynamoConds are the conditions of DynamoDB's write inputs, v1 and v2.
var dynamoConds = &InputConds{
	Fields: []string{"ConditionExpression"},
	Legacy: []string{"Expected"},
	Words:  []string{"attribute_not_exists"},
	Builders: append(append(
		methods(dynamodbExpr, []string{"", "NameBuilder", "ValueBuilder", "SizeBuilder"}, dynamoCompares...),
		methods(dynamodb1Expr, []string{"", "NameBuilder", "ValueBuilder", "SizeBuilder"}, dynamoCompares...)...),
		Func{dynamodbExpr, "", "AttributeNotExists"}, Func{dynamodbExpr, "NameBuilder", "AttributeNotExists"},
		Func{dynamodb1Expr, "", "AttributeNotExists"}, Func{dynamodb1Expr, "NameBuilder", "AttributeNotExists"}),
	Reads:    []Func{{dynamodbExpr, "Expression", "Condition"}, {dynamodb1Expr, "Expression", "Condition"}},
	Failures: []Field{{dynamodbTypes, "ConditionalCheckFailedException", ""}},
	Updates:  []string{"UpdateExpression"},
}

var dynamoCompares = []string{"Equal", "NotEqual", "LessThan", "LessThanEqual", "GreaterThan", "GreaterThanEqual", "Between"}

// dynamolockLock is cirello.io/dynamolock's lock, v1 (aws-sdk-go, later
// aws-sdk-go-v2) and v2: AcquireLock returns the *Lock; it is given up by
// Client.ReleaseLock(lock) or lock.Close().
func dynamolockLock(pkg string, acquire, release []string) *Lock {
	return &Lock{
		Lib:         "dynamolock lock",
		Acquire:     methods(pkg, []string{"Client"}, acquire...),
		Success:     ErrNil,
		Result:      1,
		Held:        HeldByResult,
		Release:     append(methods(pkg, []string{"Client"}, release...), Func{pkg, "Lock", "Close"}),
		ReleaseArg0: true,
		Fence:       Fence{None: dynamolockFence},
	}
}

// dynamoDBLibrary is the AWS SDK's DynamoDB client, v1 (aws-sdk-go, also through
// its dynamodbiface.DynamoDBAPI) and v2, with the expression builders of
// both, and cirello.io/dynamolock's lock.
var dynamoDBLibrary = Library{
	Name:    "DynamoDB",
	Modules: []string{dynamodb, dynamodbExpr, dynamodbAttr, "github.com/aws/aws-sdk-go", dynamolock, dynamolock1},
	Locks: []*Lock{
		dynamolockLock(dynamolock1, []string{"AcquireLock", "AcquireLockWithContext"}, []string{"ReleaseLock", "ReleaseLockWithContext"}),
		dynamolockLock(dynamolock, []string{"AcquireLockWithContext"}, []string{"ReleaseLockWithContext"}),
	},
	Validity: []Func{
		{dynamolock1, "Lock", "IsExpired"}, {dynamolock1, "Lock", "IsAlmostExpired"},
		{dynamolock, "Lock", "IsExpired"}, {dynamolock, "Lock", "IsAlmostExpired"},
	},
	Sinks: []*Sink{
		{Family: "DynamoDB", Cond: CondInput, Query: 1, Key: -1, Conditions: dynamoConds,
			Funcs: append(methods(dynamodb, []string{"Client"}, "PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems", "ExecuteStatement"),
				methods(dynamodb1, []string{"DynamoDB"}, "PutItemWithContext", "UpdateItemWithContext", "DeleteItemWithContext", "TransactWriteItemsWithContext", "ExecuteStatementWithContext")...)},
		{Family: "DynamoDB", Cond: CondInput, Query: 0, Key: -1, Conditions: dynamoConds,
			Funcs: methods(dynamodb1, []string{"DynamoDB"}, "PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems", "ExecuteStatement")},
		// The interface applications hold v1's client through.
		{Family: "DynamoDB", Cond: CondInput, Query: 1, Key: -1, Conditions: dynamoConds,
			Funcs: methods(dynamodb1Iface, []string{"DynamoDBAPI"}, "PutItemWithContext", "UpdateItemWithContext", "DeleteItemWithContext", "TransactWriteItemsWithContext", "ExecuteStatementWithContext")},
		{Family: "DynamoDB", Cond: CondInput, Query: 0, Key: -1, Conditions: dynamoConds,
			Funcs: methods(dynamodb1Iface, []string{"DynamoDBAPI"}, "PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems", "ExecuteStatement")},
		{Family: "DynamoDB", Cond: CondNone, Key: -1, Advice: dynamoBatchAdvice,
			Funcs: append(append(methods(dynamodb, []string{"Client"}, "BatchWriteItem"),
				methods(dynamodb1, []string{"DynamoDB"}, "BatchWriteItem", "BatchWriteItemWithContext")...),
				methods(dynamodb1Iface, []string{"DynamoDBAPI"}, "BatchWriteItem", "BatchWriteItemWithContext")...)},
	},
	TTLArgs:    []TTLArg{{Func{dynamolock, "", "WithLeaseDuration"}, 0, -1}, {Func{dynamolock1, "", "WithLeaseDuration"}, 0, -1}},
	Store:      dynamoStore,
	StructTags: []string{"dynamodbav"},
	// An item unmarshalled into a struct holds what its writer stored: a
	// timestamp in it is another host's (FC4001).
	Decoders: []Decoder{
		{Func{dynamodbAttr, "", "UnmarshalMap"}, 1, "decoded from a DynamoDB item"},
		{Func{dynamodbAttr, "", "Unmarshal"}, 1, "decoded from a DynamoDB item"},
		{Func{dynamodb1Attr, "", "UnmarshalMap"}, 1, "decoded from a DynamoDB item"},
		{Func{dynamodb1Attr, "", "Unmarshal"}, 1, "decoded from a DynamoDB item"},
	},
}

// dynamoStore is what DynamoDB evaluates: the condition expressions of
// aws-sdk-go-v2's request types and expression builders (FC4001), and the
// lock items of both versions (FC5001).
var dynamoStore = &Store{
	Name: "DynamoDB",
	CondCompares: map[Func]string{
		{dynamodbExpr, "", "LessThan"}: "<", {dynamodbExpr, "", "LessThanEqual"}: "<=",
		{dynamodbExpr, "", "GreaterThan"}: ">", {dynamodbExpr, "", "GreaterThanEqual"}: ">=",
		{dynamodbExpr, "NameBuilder", "LessThan"}: "<", {dynamodbExpr, "NameBuilder", "LessThanEqual"}: "<=",
		{dynamodbExpr, "NameBuilder", "GreaterThan"}: ">", {dynamodbExpr, "NameBuilder", "GreaterThanEqual"}: ">=",
		{dynamodbExpr, "ValueBuilder", "LessThan"}: "<", {dynamodbExpr, "ValueBuilder", "LessThanEqual"}: "<=",
		{dynamodbExpr, "ValueBuilder", "GreaterThan"}: ">", {dynamodbExpr, "ValueBuilder", "GreaterThanEqual"}: ">=",
	},
	CondNames:  []Func{{dynamodbExpr, "", "Name"}},
	CondValues: []Func{{dynamodbExpr, "", "Value"}},
	CondSets:   []Func{{dynamodbExpr, "", "Set"}, {dynamodbExpr, "UpdateBuilder", "Set"}},
	Inputs: []Field{
		{dynamodb, "PutItemInput", ""}, {dynamodb, "UpdateItemInput", ""}, {dynamodb, "DeleteItemInput", ""},
		{dynamodbTypes, "Put", ""}, {dynamodbTypes, "Update", ""}, {dynamodbTypes, "Delete", ""}, {dynamodbTypes, "ConditionCheck", ""},
	},
	// A DeleteItemInput without ConditionExpression (or the legacy
	// Expected) deletes the item whoever holds it.
	RecordDeletes: []RecordDelete{
		{Func: Func{dynamodb, "Client", "DeleteItem"}, Arg: 1},
		{Func: Func{dynamodb1, "DynamoDB", "DeleteItem"}, Arg: 0},
		{Func: Func{dynamodb1, "DynamoDB", "DeleteItemWithContext"}, Arg: 1},
	},
	RecordReads: []Func{{dynamodb, "Client", "GetItem"}, {dynamodb1, "DynamoDB", "GetItem"}, {dynamodb1, "DynamoDB", "GetItemWithContext"}},
	RecordConds: []string{"ConditionExpression", "Expected"},
	NoCondition: "ConditionExpression",
	RecordKey:   "Key",
	ReleaseFix:  "make the delete itself conditional on the owner (ConditionExpression: \"#owner = :owner\", with this holder's value) and treat ConditionalCheckFailedException as \"no longer ours\"",
}
