package clause

// Interface clause interface
type Interface interface {
	Name() string
	Build(Builder)
	MergeClause(*Clause)
}

// ClauseBuilder clause builder, allows to customize how to build clause
type ClauseBuilder func(Clause, Builder)

type Writer interface {
	WriteByte(byte) error
	WriteString(string) (int, error)
}

// Builder builder interface
type Builder interface {
	Writer
	WriteQuoted(field interface{})
	AddVar(Writer, ...interface{})
	AddError(error) error
}

// Clause
type Clause struct {
	Name                string // WHERE
	BeforeExpression    Expression
	AfterNameExpression Expression
	AfterExpression     Expression
	Expression          Expression
	Builder             ClauseBuilder
}

// Column quote with name
type Column struct {
	Table string
	Name  string
	Alias string
	Raw   bool
}

// Table quote with name
type Table struct {
	Name  string
	Alias string
	Raw   bool
}

// Expression expression interface
type Expression interface {
	Build(builder Builder)
}

// Expr raw expression
type Expr struct {
	SQL                string
	Vars               []interface{}
	WithoutParentheses bool
}

func (expr Expr) Build(builder Builder) {}

// Eq equal to for where
type Eq struct {
	Column interface{}
	Value  interface{}
}

func (eq Eq) Build(builder Builder) {}

// Where where clause
type Where struct {
	Exprs []Expression
}

func (where Where) Name() string               { return "WHERE" }
func (where Where) Build(builder Builder)      {}
func (where Where) MergeClause(clause *Clause) {}

type Set []Assignment

type Assignment struct {
	Column Column
	Value  interface{}
}

func (set Set) Name() string               { return "SET" }
func (set Set) Build(builder Builder)      {}
func (set Set) MergeClause(clause *Clause) {}

func Assignments(values map[string]interface{}) Set { return nil }
func AssignmentColumns(values []string) Set         { return nil }

type OnConflict struct {
	Columns      []Column
	Where        Where
	TargetWhere  Where
	OnConstraint string
	DoNothing    bool
	DoUpdates    Set
	UpdateAll    bool
}

func (OnConflict) Name() string                          { return "ON CONFLICT" }
func (onConflict OnConflict) Build(builder Builder)      {}
func (onConflict OnConflict) MergeClause(clause *Clause) {}

type Locking struct {
	Strength string
	Table    Table
	Options  string
}

func (locking Locking) Name() string               { return "FOR" }
func (locking Locking) Build(builder Builder)      {}
func (locking Locking) MergeClause(clause *Clause) {}
