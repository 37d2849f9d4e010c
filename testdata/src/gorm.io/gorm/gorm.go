package gorm

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"gorm.io/gorm/clause"
)

var ErrRecordNotFound = errors.New("record not found")

var ErrDuplicatedKey = errors.New("duplicated key not allowed")

// Config GORM config (subset of fields).
type Config struct {
	SkipDefaultTransaction    bool
	DefaultTransactionTimeout time.Duration
	DefaultContextTimeout     time.Duration

	FullSaveAssociations                     bool
	NowFunc                                  func() time.Time
	DryRun                                   bool
	PrepareStmt                              bool
	PrepareStmtMaxSize                       int
	PrepareStmtTTL                           time.Duration
	DisableAutomaticPing                     bool
	DisableForeignKeyConstraintWhenMigrating bool
	IgnoreRelationshipsWhenMigrating         bool
	DisableNestedTransaction                 bool
	AllowGlobalUpdate                        bool
	QueryFields                              bool
	CreateBatchSize                          int
	TranslateError                           bool
	PropagateUnscoped                        bool

	ClauseBuilders map[string]clause.ClauseBuilder
	ConnPool       ConnPool
	Dialector
}

// Option gorm option interface
type Option interface {
	Apply(*Config) error
	AfterInitialize(*DB) error
}

// Dialector GORM database dialector (subset of methods).
type Dialector interface {
	Name() string
	Initialize(*DB) error
}

// ConnPool db conns pool interface
type ConnPool interface {
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...interface{}) *sql.Row
}

// DB GORM DB definition
type DB struct {
	*Config
	Error        error
	RowsAffected int64
	Statement    *Statement
	clone        int
}

// Statement statement (subset of fields).
type Statement struct {
	*DB
	TableExpr            *clause.Expr
	Table                string
	Model                interface{}
	Unscoped             bool
	Dest                 interface{}
	Clauses              map[string]clause.Clause
	BuildClauses         []string
	Distinct             bool
	Selects              []string
	Omits                []string
	ConnPool             ConnPool
	Context              context.Context
	RaiseErrorOnNotFound bool
	SkipHooks            bool
	Vars                 []interface{}
}

// Session session config when create session with Session() method (Logger omitted).
type Session struct {
	DryRun                   bool
	PrepareStmt              bool
	NewDB                    bool
	Initialized              bool
	SkipHooks                bool
	SkipDefaultTransaction   bool
	DisableNestedTransaction bool
	AllowGlobalUpdate        bool
	FullSaveAssociations     bool
	PropagateUnscoped        bool
	QueryFields              bool
	Context                  context.Context
	NowFunc                  func() time.Time
	CreateBatchSize          int
}

func Open(dialector Dialector, opts ...Option) (db *DB, err error) {
	return &DB{Config: &Config{}}, nil
}

func Expr(expr string, args ...interface{}) clause.Expr { return clause.Expr{SQL: expr, Vars: args} }

func (db *DB) Session(config *Session) *DB                            { return db }
func (db *DB) WithContext(ctx context.Context) *DB                    { return db }
func (db *DB) Debug() (tx *DB)                                        { return db }
func (db *DB) DB() (*sql.DB, error)                                   { return nil, nil }
func (db *DB) Model(value interface{}) (tx *DB)                       { return db }
func (db *DB) Clauses(conds ...clause.Expression) (tx *DB)            { return db }
func (db *DB) Table(name string, args ...interface{}) (tx *DB)        { return db }
func (db *DB) Select(query interface{}, args ...interface{}) (tx *DB) { return db }
func (db *DB) Where(query interface{}, args ...interface{}) (tx *DB)  { return db }
func (db *DB) Not(query interface{}, args ...interface{}) (tx *DB)    { return db }
func (db *DB) Or(query interface{}, args ...interface{}) (tx *DB)     { return db }
func (db *DB) Order(value interface{}) (tx *DB)                       { return db }
func (db *DB) Limit(limit int) (tx *DB)                               { return db }
func (db *DB) Raw(sql string, values ...interface{}) (tx *DB)         { return db }

func (db *DB) Create(value interface{}) (tx *DB)                             { return db }
func (db *DB) CreateInBatches(value interface{}, batchSize int) (tx *DB)     { return db }
func (db *DB) Save(value interface{}) (tx *DB)                               { return db }
func (db *DB) First(dest interface{}, conds ...interface{}) (tx *DB)         { return db }
func (db *DB) Take(dest interface{}, conds ...interface{}) (tx *DB)          { return db }
func (db *DB) Last(dest interface{}, conds ...interface{}) (tx *DB)          { return db }
func (db *DB) Find(dest interface{}, conds ...interface{}) (tx *DB)          { return db }
func (db *DB) FirstOrCreate(dest interface{}, conds ...interface{}) (tx *DB) { return db }
func (db *DB) Update(column string, value interface{}) (tx *DB)              { return db }
func (db *DB) Updates(values interface{}) (tx *DB)                           { return db }
func (db *DB) UpdateColumn(column string, value interface{}) (tx *DB)        { return db }
func (db *DB) UpdateColumns(values interface{}) (tx *DB)                     { return db }
func (db *DB) Delete(value interface{}, conds ...interface{}) (tx *DB)       { return db }
func (db *DB) Count(count *int64) (tx *DB)                                   { return db }
func (db *DB) Row() *sql.Row                                                 { return nil }
func (db *DB) Rows() (*sql.Rows, error)                                      { return nil, nil }
func (db *DB) Scan(dest interface{}) (tx *DB)                                { return db }
func (db *DB) Pluck(column string, dest interface{}) (tx *DB)                { return db }
func (db *DB) Transaction(fc func(tx *DB) error, opts ...*sql.TxOptions) (err error) {
	return fc(db)
}
func (db *DB) Begin(opts ...*sql.TxOptions) *DB                { return db }
func (db *DB) Commit() *DB                                     { return db }
func (db *DB) Rollback() *DB                                   { return db }
func (db *DB) SavePoint(name string) *DB                       { return db }
func (db *DB) RollbackTo(name string) *DB                      { return db }
func (db *DB) Exec(sql string, values ...interface{}) (tx *DB) { return db }
