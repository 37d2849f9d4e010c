package types

// AttributeValue represents the data for an attribute.
type AttributeValue interface {
	isAttributeValue()
}

type AttributeValueMemberB struct{ Value []byte }
type AttributeValueMemberBOOL struct{ Value bool }
type AttributeValueMemberL struct{ Value []AttributeValue }
type AttributeValueMemberM struct{ Value map[string]AttributeValue }
type AttributeValueMemberN struct{ Value string }
type AttributeValueMemberNS struct{ Value []string }
type AttributeValueMemberNULL struct{ Value bool }
type AttributeValueMemberS struct{ Value string }
type AttributeValueMemberSS struct{ Value []string }

func (*AttributeValueMemberB) isAttributeValue()    {}
func (*AttributeValueMemberBOOL) isAttributeValue() {}
func (*AttributeValueMemberL) isAttributeValue()    {}
func (*AttributeValueMemberM) isAttributeValue()    {}
func (*AttributeValueMemberN) isAttributeValue()    {}
func (*AttributeValueMemberNS) isAttributeValue()   {}
func (*AttributeValueMemberNULL) isAttributeValue() {}
func (*AttributeValueMemberS) isAttributeValue()    {}
func (*AttributeValueMemberSS) isAttributeValue()   {}

type AttributeAction string

const (
	AttributeActionAdd    AttributeAction = "ADD"
	AttributeActionPut    AttributeAction = "PUT"
	AttributeActionDelete AttributeAction = "DELETE"
)

type ComparisonOperator string

const (
	ComparisonOperatorEq ComparisonOperator = "EQ"
	ComparisonOperatorNe ComparisonOperator = "NE"
	ComparisonOperatorLe ComparisonOperator = "LE"
	ComparisonOperatorLt ComparisonOperator = "LT"
)

type ConditionalOperator string

const (
	ConditionalOperatorAnd ConditionalOperator = "AND"
	ConditionalOperatorOr  ConditionalOperator = "OR"
)

type ReturnConsumedCapacity string

const (
	ReturnConsumedCapacityIndexes ReturnConsumedCapacity = "INDEXES"
	ReturnConsumedCapacityTotal   ReturnConsumedCapacity = "TOTAL"
	ReturnConsumedCapacityNone    ReturnConsumedCapacity = "NONE"
)

type ReturnItemCollectionMetrics string

const (
	ReturnItemCollectionMetricsSize ReturnItemCollectionMetrics = "SIZE"
	ReturnItemCollectionMetricsNone ReturnItemCollectionMetrics = "NONE"
)

type ReturnValue string

const (
	ReturnValueNone       ReturnValue = "NONE"
	ReturnValueAllOld     ReturnValue = "ALL_OLD"
	ReturnValueUpdatedOld ReturnValue = "UPDATED_OLD"
	ReturnValueAllNew     ReturnValue = "ALL_NEW"
	ReturnValueUpdatedNew ReturnValue = "UPDATED_NEW"
)

type ReturnValuesOnConditionCheckFailure string

const (
	ReturnValuesOnConditionCheckFailureAllOld ReturnValuesOnConditionCheckFailure = "ALL_OLD"
	ReturnValuesOnConditionCheckFailureNone   ReturnValuesOnConditionCheckFailure = "NONE"
)

type ExpectedAttributeValue struct {
	AttributeValueList []AttributeValue
	ComparisonOperator ComparisonOperator
	Exists             *bool
	Value              AttributeValue
}

type AttributeValueUpdate struct {
	Action AttributeAction
	Value  AttributeValue
}

// ConsumedCapacity (subset of fields).
type ConsumedCapacity struct {
	CapacityUnits      *float64
	ReadCapacityUnits  *float64
	TableName          *string
	WriteCapacityUnits *float64
}

type ItemCollectionMetrics struct {
	ItemCollectionKey   map[string]AttributeValue
	SizeEstimateRangeGB []float64
}

type TransactWriteItem struct {
	ConditionCheck *ConditionCheck
	Delete         *Delete
	Put            *Put
	Update         *Update
}

type ConditionCheck struct {
	ConditionExpression                 *string
	Key                                 map[string]AttributeValue
	TableName                           *string
	ExpressionAttributeNames            map[string]string
	ExpressionAttributeValues           map[string]AttributeValue
	ReturnValuesOnConditionCheckFailure ReturnValuesOnConditionCheckFailure
}

type Put struct {
	Item                                map[string]AttributeValue
	TableName                           *string
	ConditionExpression                 *string
	ExpressionAttributeNames            map[string]string
	ExpressionAttributeValues           map[string]AttributeValue
	ReturnValuesOnConditionCheckFailure ReturnValuesOnConditionCheckFailure
}

type Update struct {
	Key                                 map[string]AttributeValue
	TableName                           *string
	UpdateExpression                    *string
	ConditionExpression                 *string
	ExpressionAttributeNames            map[string]string
	ExpressionAttributeValues           map[string]AttributeValue
	ReturnValuesOnConditionCheckFailure ReturnValuesOnConditionCheckFailure
}

type Delete struct {
	Key                                 map[string]AttributeValue
	TableName                           *string
	ConditionExpression                 *string
	ExpressionAttributeNames            map[string]string
	ExpressionAttributeValues           map[string]AttributeValue
	ReturnValuesOnConditionCheckFailure ReturnValuesOnConditionCheckFailure
}

type WriteRequest struct {
	DeleteRequest *DeleteRequest
	PutRequest    *PutRequest
}

type PutRequest struct {
	Item map[string]AttributeValue
}

type DeleteRequest struct {
	Key map[string]AttributeValue
}

type CancellationReason struct {
	Code    *string
	Item    map[string]AttributeValue
	Message *string
}

// A condition specified in the operation failed to be evaluated.
type ConditionalCheckFailedException struct {
	Message           *string
	ErrorCodeOverride *string
	Item              map[string]AttributeValue
}

func (e *ConditionalCheckFailedException) Error() string {
	return e.ErrorCode() + ": " + e.ErrorMessage()
}
func (e *ConditionalCheckFailedException) ErrorMessage() string {
	if e.Message == nil {
		return ""
	}
	return *e.Message
}
func (e *ConditionalCheckFailedException) ErrorCode() string {
	if e == nil || e.ErrorCodeOverride == nil {
		return "ConditionalCheckFailedException"
	}
	return *e.ErrorCodeOverride
}

// The entire transaction request was canceled.
type TransactionCanceledException struct {
	Message             *string
	ErrorCodeOverride   *string
	CancellationReasons []CancellationReason
}

func (e *TransactionCanceledException) Error() string { return e.ErrorCode() + ": " + e.ErrorMessage() }
func (e *TransactionCanceledException) ErrorMessage() string {
	if e.Message == nil {
		return ""
	}
	return *e.Message
}
func (e *TransactionCanceledException) ErrorCode() string {
	if e == nil || e.ErrorCodeOverride == nil {
		return "TransactionCanceledException"
	}
	return *e.ErrorCodeOverride
}
