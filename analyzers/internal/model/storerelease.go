package model

// This file is the knowledge base of FC5001's hand-rolled lock records in
// document and key-value stores: the deletes that release a lock item and
// the reads that fetch its owner. Data only; package lifecycle
// (storerelease.go) reads it.

const (
	dynamoV2 = "github.com/aws/aws-sdk-go-v2/service/dynamodb"
	dynamoV1 = "github.com/aws/aws-sdk-go/service/dynamodb"
	mongoV1  = "go.mongodb.org/mongo-driver/mongo"
	mongoV2  = "go.mongodb.org/mongo-driver/v2/mongo"
	s3V2     = "github.com/aws/aws-sdk-go-v2/service/s3"
)

// StoreCall is a call of a store API: Arg is the index (receiver
// excluded) of the input struct (DynamoDB) or the filter (MongoDB).
type StoreCall struct {
	Func
	Arg    int
	Family string // "DynamoDB", "MongoDB", "S3"
}

// StoreDeletes delete one item, document or object. A DynamoDB
// DeleteItemInput without ConditionExpression (or the legacy Expected), a
// MongoDB filter that names only the record, or an S3 DeleteObjectInput
// without IfMatch (the ETag read; S3 conditional deletes) or VersionId
// deletes it whoever holds it.
var StoreDeletes = []StoreCall{
	{Func{dynamoV2, "Client", "DeleteItem"}, 1, "DynamoDB"},
	{Func{dynamoV1, "DynamoDB", "DeleteItem"}, 0, "DynamoDB"},
	{Func{dynamoV1, "DynamoDB", "DeleteItemWithContext"}, 1, "DynamoDB"},
	{Func{mongoV2, "Collection", "DeleteOne"}, 1, "MongoDB"},
	{Func{mongoV2, "Collection", "FindOneAndDelete"}, 1, "MongoDB"},
	{Func{mongoV1, "Collection", "DeleteOne"}, 1, "MongoDB"},
	{Func{mongoV1, "Collection", "FindOneAndDelete"}, 1, "MongoDB"},
	{Func{s3V2, "Client", "DeleteObject"}, 1, "S3"},
}

// StoreReads fetch one item or document: the owner of a lock record, when
// the code then compares it in Go.
var StoreReads = []Func{
	{dynamoV2, "Client", "GetItem"}, {dynamoV1, "DynamoDB", "GetItem"}, {dynamoV1, "DynamoDB", "GetItemWithContext"},
	{mongoV2, "Collection", "FindOne"}, {mongoV1, "Collection", "FindOne"},
	{s3V2, "Client", "GetObject"},
}

// StoreConditionFields are the input fields that make a delete
// conditional, by family.
var StoreConditionFields = map[string][]string{
	"DynamoDB": {"ConditionExpression", "Expected"},
	"S3":       {"IfMatch", "IfMatchLastModifiedTime", "IfMatchSize", "VersionId"},
}

// StoreKeyField is the DynamoDB input field that names the item.
const StoreKeyField = "Key"
