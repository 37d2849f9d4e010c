// Package expression is a test stub of github.com/aws/aws-sdk-go@v1.55.8 (service/dynamodb/expression), signatures copied from the real source.
package expression

import "github.com/aws/aws-sdk-go/service/dynamodb"

// OperandBuilder represents the idea of Operand.
type OperandBuilder interface{}

// NameBuilder represents a name of a top level item attribute or a nested attribute.
type NameBuilder struct{ name string }

// ValueBuilder represents a value operand.
type ValueBuilder struct{ value interface{} }

// ConditionBuilder represents Condition Expressions and Filter Expressions.
type ConditionBuilder struct{}

// Builder represents the struct that builds the Expression struct.
type Builder struct{}

// Expression represents a collection of DynamoDB Expressions.
type Expression struct{}

func Name(name string) NameBuilder         { return NameBuilder{name: name} }
func Value(value interface{}) ValueBuilder { return ValueBuilder{value: value} }

func Equal(left, right OperandBuilder) ConditionBuilder           { return ConditionBuilder{} }
func AttributeNotExists(nameBuilder NameBuilder) ConditionBuilder { return ConditionBuilder{} }
func AttributeExists(nameBuilder NameBuilder) ConditionBuilder    { return ConditionBuilder{} }
func Or(left, right ConditionBuilder, other ...ConditionBuilder) ConditionBuilder {
	return ConditionBuilder{}
}

func (nb NameBuilder) Equal(right OperandBuilder) ConditionBuilder         { return ConditionBuilder{} }
func (nb NameBuilder) LessThanEqual(right OperandBuilder) ConditionBuilder { return ConditionBuilder{} }
func (nb NameBuilder) AttributeNotExists() ConditionBuilder                { return ConditionBuilder{} }
func (nb NameBuilder) AttributeExists() ConditionBuilder                   { return ConditionBuilder{} }

func NewBuilder() Builder                                                 { return Builder{} }
func (b Builder) WithCondition(conditionBuilder ConditionBuilder) Builder { return b }
func (b Builder) Build() (Expression, error)                              { return Expression{}, nil }

func (e Expression) Condition() *string                          { return nil }
func (e Expression) Names() map[string]*string                   { return nil }
func (e Expression) Values() map[string]*dynamodb.AttributeValue { return nil }
