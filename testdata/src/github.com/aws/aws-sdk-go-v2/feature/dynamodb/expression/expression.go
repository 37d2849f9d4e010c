package expression

import "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

type exprNode struct {
	names  []string
	values []types.AttributeValue
}

// Operand represents an item attribute name or value in DynamoDB.
type Operand struct {
	exprNode exprNode
}

// OperandBuilder represents the idea of Operand which are building blocks to
// DynamoDB Expressions.
type OperandBuilder interface {
	BuildOperand() (Operand, error)
}

// NameBuilder represents a name of a top level item attribute or a nested attribute.
type NameBuilder struct {
	name string
}

// ValueBuilder represents an item attribute value operand.
type ValueBuilder struct {
	value any
}

func Name(name string) NameBuilder                     { return NameBuilder{name: name} }
func Value(value any) ValueBuilder                     { return ValueBuilder{value: value} }
func (nb NameBuilder) BuildOperand() (Operand, error)  { return Operand{}, nil }
func (vb ValueBuilder) BuildOperand() (Operand, error) { return Operand{}, nil }

// ConditionBuilder represents Condition Expressions and Filter Expressions in DynamoDB.
type ConditionBuilder struct {
	operandList   []OperandBuilder
	conditionList []ConditionBuilder
}

func (nb NameBuilder) Equal(right OperandBuilder) ConditionBuilder         { return ConditionBuilder{} }
func (nb NameBuilder) NotEqual(right OperandBuilder) ConditionBuilder      { return ConditionBuilder{} }
func (nb NameBuilder) LessThan(right OperandBuilder) ConditionBuilder      { return ConditionBuilder{} }
func (nb NameBuilder) LessThanEqual(right OperandBuilder) ConditionBuilder { return ConditionBuilder{} }
func (nb NameBuilder) GreaterThan(right OperandBuilder) ConditionBuilder   { return ConditionBuilder{} }
func (nb NameBuilder) GreaterThanEqual(right OperandBuilder) ConditionBuilder {
	return ConditionBuilder{}
}
func (nb NameBuilder) AttributeExists() ConditionBuilder    { return ConditionBuilder{} }
func (nb NameBuilder) AttributeNotExists() ConditionBuilder { return ConditionBuilder{} }

func LessThan(left, right OperandBuilder) ConditionBuilder         { return ConditionBuilder{} }
func LessThanEqual(left, right OperandBuilder) ConditionBuilder    { return ConditionBuilder{} }
func GreaterThan(left, right OperandBuilder) ConditionBuilder      { return ConditionBuilder{} }
func GreaterThanEqual(left, right OperandBuilder) ConditionBuilder { return ConditionBuilder{} }
func AttributeNotExists(nameBuilder NameBuilder) ConditionBuilder  { return ConditionBuilder{} }

func And(left, right ConditionBuilder, other ...ConditionBuilder) ConditionBuilder {
	return ConditionBuilder{}
}
func (cb ConditionBuilder) And(right ConditionBuilder, other ...ConditionBuilder) ConditionBuilder {
	return ConditionBuilder{}
}
func Or(left, right ConditionBuilder, other ...ConditionBuilder) ConditionBuilder {
	return ConditionBuilder{}
}
func (cb ConditionBuilder) Or(right ConditionBuilder, other ...ConditionBuilder) ConditionBuilder {
	return ConditionBuilder{}
}

// UpdateBuilder represents Update Expressions in DynamoDB.
type UpdateBuilder struct {
	operationList map[string][]OperandBuilder
}

func Set(name NameBuilder, operandBuilder OperandBuilder) UpdateBuilder { return UpdateBuilder{} }
func (ub UpdateBuilder) Set(name NameBuilder, operandBuilder OperandBuilder) UpdateBuilder {
	return ub
}

// Builder represents the struct that builds the Expression struct.
type Builder struct {
	expressionMap map[string]OperandBuilder
}

func NewBuilder() Builder                                                 { return Builder{} }
func (b Builder) Build() (Expression, error)                              { return Expression{}, nil }
func (b Builder) WithCondition(conditionBuilder ConditionBuilder) Builder { return b }
func (b Builder) WithFilter(filterBuilder ConditionBuilder) Builder       { return b }
func (b Builder) WithUpdate(updateBuilder UpdateBuilder) Builder          { return b }

// Expression represents a collection of DynamoDB Expressions.
type Expression struct {
	expressionMap map[string]string
	namesMap      map[string]string
	valuesMap     map[string]types.AttributeValue
}

func (e Expression) Condition() *string                      { return nil }
func (e Expression) Filter() *string                         { return nil }
func (e Expression) Update() *string                         { return nil }
func (e Expression) Names() map[string]string                { return e.namesMap }
func (e Expression) Values() map[string]types.AttributeValue { return e.valuesMap }

func Equal(left, right OperandBuilder) ConditionBuilder        { return ConditionBuilder{} }
func AttributeExists(nameBuilder NameBuilder) ConditionBuilder { return ConditionBuilder{} }
