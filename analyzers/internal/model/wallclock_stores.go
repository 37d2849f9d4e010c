package model

// Knowledge base of FC4001 for lease comparisons made outside Go: in a
// MongoDB filter, a DynamoDB condition expression, a Redis sorted-set range
// or Lua script. See docs/checks/FC4001.md and
// analyzers/internal/wallclock/store.go.

const wcMongo1 = "go.mongodb.org/mongo-driver/mongo"
const wcMongo2 = "go.mongodb.org/mongo-driver/v2/mongo"
const wcDynExpr = "github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
const wcDynamo = "github.com/aws/aws-sdk-go-v2/service/dynamodb"
const wcDynTypes = "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

// DocCall is a document-store method with a filter (and an update or a
// replacement document) argument; -1 when it has none.
type DocCall struct {
	Func           Func
	Filter, Update int
}

// MongoFilterCalls are the MongoDB collection methods whose filter the
// server evaluates: writes decide which document they change, reads which
// they return.
var MongoFilterCalls = func() []DocCall {
	var out []DocCall
	for _, pkg := range []string{wcMongo1, wcMongo2} {
		for name, args := range map[string][2]int{
			"UpdateOne": {1, 2}, "UpdateMany": {1, 2}, "ReplaceOne": {1, 2},
			"FindOneAndUpdate": {1, 2}, "FindOneAndReplace": {1, 2},
			"DeleteOne": {1, -1}, "DeleteMany": {1, -1}, "FindOneAndDelete": {1, -1},
			"Find": {1, -1}, "FindOne": {1, -1}, "CountDocuments": {1, -1},
		} {
			out = append(out, DocCall{Func{pkg, "Collection", name}, args[0], args[1]})
		}
	}
	return out
}()

// MongoCollections return a collection by its name (argument 0).
var MongoCollections = []Func{{wcMongo1, "Database", "Collection"}, {wcMongo2, "Database", "Collection"}}

// MongoCompareOps are the query operators that order a field against a
// value, as Go operators with the field on the left.
var MongoCompareOps = map[string]string{"$lt": "<", "$lte": "<=", "$gt": ">", "$gte": ">="}

// MongoSetOps are the update operators that write a field's value.
var MongoSetOps = []string{"$set", "$setOnInsert"}

// DynamoCompare are the condition builders of the aws-sdk-go-v2 expression
// package that order an attribute against a value, as Go operators with
// the first operand (or the receiver) on the left.
var DynamoCompare = map[Func]string{
	{wcDynExpr, "", "LessThan"}: "<", {wcDynExpr, "", "LessThanEqual"}: "<=",
	{wcDynExpr, "", "GreaterThan"}: ">", {wcDynExpr, "", "GreaterThanEqual"}: ">=",
	{wcDynExpr, "NameBuilder", "LessThan"}: "<", {wcDynExpr, "NameBuilder", "LessThanEqual"}: "<=",
	{wcDynExpr, "NameBuilder", "GreaterThan"}: ">", {wcDynExpr, "NameBuilder", "GreaterThanEqual"}: ">=",
	{wcDynExpr, "ValueBuilder", "LessThan"}: "<", {wcDynExpr, "ValueBuilder", "LessThanEqual"}: "<=",
	{wcDynExpr, "ValueBuilder", "GreaterThan"}: ">", {wcDynExpr, "ValueBuilder", "GreaterThanEqual"}: ">=",
}

// DynamoName and DynamoValue build the operands of a condition: an
// attribute by its name, a value.
var DynamoName = Func{wcDynExpr, "", "Name"}
var DynamoValue = Func{wcDynExpr, "", "Value"}

// DynamoSet are the update builders that write an attribute (name, value).
var DynamoSet = []Func{{wcDynExpr, "", "Set"}, {wcDynExpr, "UpdateBuilder", "Set"}}

// DynamoInputs are the request types whose ConditionExpression DynamoDB
// evaluates against the stored item, with ExpressionAttributeNames and
// ExpressionAttributeValues, on the table TableName.
var DynamoInputs = []Field{
	{wcDynamo, "PutItemInput", ""}, {wcDynamo, "UpdateItemInput", ""}, {wcDynamo, "DeleteItemInput", ""},
	{wcDynTypes, "Put", ""}, {wcDynTypes, "Update", ""}, {wcDynTypes, "Delete", ""}, {wcDynTypes, "ConditionCheck", ""},
}

// RedisScoreRanges are the go-redis sorted-set commands that select members
// by score, with the index (receiver excluded) of the key, of the min and
// max bounds (-1 when the bounds are fields of the ZRangeBy at Min).
type ScoreRange struct {
	Func          Func
	Key, Min, Max int
}

var RedisScoreRanges = []ScoreRange{
	{Func{RedisCmdPackage, "*", "ZRemRangeByScore"}, 1, 2, 3},
	{Func{RedisCmdPackage, "*", "ZCount"}, 1, 2, 3},
	{Func{RedisCmdPackage, "*", "ZRangeByScore"}, 1, 2, -1},
	{Func{RedisCmdPackage, "*", "ZRevRangeByScore"}, 1, 2, -1},
	{Func{RedisCmdPackage, "*", "ZRangeByScoreWithScores"}, 1, 2, -1},
}

// RedisScripts run a Lua script: Script (the text; -1 for a *Script
// receiver built by NewScript), Keys and the first ARGV argument.
type ScriptCall struct {
	Func               Func
	Script, Keys, Args int
}

var RedisScripts = []ScriptCall{
	{Func{RedisCmdPackage, "*", "Eval"}, 1, 2, 3},
	{Func{RedisCmdPackage, "*", "EvalRO"}, 1, 2, 3},
	{Func{RedisCmdPackage, "Script", "Run"}, -1, 2, 3},
	{Func{RedisCmdPackage, "Script", "RunRO"}, -1, 2, 3},
	{Func{RedisCmdPackage, "Script", "Eval"}, -1, 2, 3},
	{Func{RedisCmdPackage, "Script", "EvalSha"}, -1, 2, 3},
}

// RedisNewScript builds a *Script from its text.
var RedisNewScript = Func{RedisCmdPackage, "", "NewScript"}

// TimeTexts are time.Time methods that render the wall-clock reading as
// text: a string compared later (RFC 3339 in a DynamoDB attribute) has no
// monotonic reading.
var TimeTexts = []string{"Format", "String", "AppendFormat", "MarshalText", "MarshalJSON"}
