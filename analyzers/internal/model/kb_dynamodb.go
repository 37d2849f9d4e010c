package model

const dynamodb = "github.com/aws/aws-sdk-go-v2/service/dynamodb"
const dynamolock = "cirello.io/dynamolock/v2"

// DynamoDB is the AWS SDK's DynamoDB client, and cirello.io/dynamolock's
// lease option (its lock API is not in the knowledge base yet).
var DynamoDB = Library{
	Name:    "DynamoDB",
	Modules: []string{dynamodb, dynamolock},
	Sinks: []*Sink{
		{Family: "DynamoDB", Cond: CondInput, Query: 1, Key: -1,
			Funcs: methods(dynamodb, []string{"Client"}, "PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems", "ExecuteStatement")},
		{Family: "DynamoDB", Cond: CondNone, Key: -1,
			Advice: "use conditional writes (PutItem/UpdateItem with ConditionExpression); BatchWriteItem cannot carry a condition",
			Funcs:  methods(dynamodb, []string{"Client"}, "BatchWriteItem")},
	},
	TTLArgs: []TTLArg{{Func{dynamolock, "", "WithLeaseDuration"}, 0, -1}},
}
