package model

const sqlpkg = "database/sql"
const pgx = "github.com/jackc/pgx/v5"
const pgxpool = "github.com/jackc/pgx/v5/pgxpool"
const pgx4 = "github.com/jackc/pgx/v4"
const pgxpool4 = "github.com/jackc/pgx/v4/pgxpool"
const pgconn1 = "github.com/jackc/pgconn"
const gopg = "github.com/go-pg/pg/v10"
const gopgORM = "github.com/go-pg/pg/v10/orm"
const ent = "entgo.io/ent"
const sqlx = "github.com/jmoiron/sqlx"
const gorm = "gorm.io/gorm"

// gormV1 is gorm's first major version (github.com/jinzhu/gorm), still in
// many services: the same chain API on *gorm.DB, its Update taking the
// column and the value as one variadic list.
const gormV1 = "github.com/jinzhu/gorm"
const bun = "github.com/uptrace/bun"
const squirrel = "github.com/Masterminds/squirrel"

const sqlScanned = "scanned from the database"

// sqlLibrary is database/sql and the drivers and query builders on top of it
// (pgx v4 and v5, go-pg, sqlx, gorm, bun, squirrel, ent's generated builders), with
// the advisory locks taken in SQL text. lib/pq has no API of its own for
// statements: it is used through database/sql. Lease tables (a row per
// lock, its holder and its expiry) are recognised from their names
// (LockTableWords) and statements.
var sqlLibrary = Library{
	Name:    "SQL",
	Modules: []string{"std", pgx, "github.com/jackc/pgx/v4", pgconn1, gopg, sqlx, gorm, gormV1, bun, squirrel, ent},
	LocalDatabases: []string{"github.com/mattn/go-sqlite3", "modernc.org/sqlite", "github.com/glebarez/go-sqlite",
		"github.com/glebarez/sqlite", "gorm.io/driver/sqlite", "github.com/ncruces/go-sqlite3/driver",
		"zombiezen.com/go/sqlite", "crawshaw.io/sqlite"},
	NetworkDatabases: []string{pgx, "github.com/jackc/pgx/v4", "github.com/jackc/pgx/v5/pgxpool", "github.com/jackc/pgx/v4/pgxpool",
		"github.com/jackc/pgx/v5/stdlib", "github.com/jackc/pgx/v4/stdlib", "github.com/lib/pq", "github.com/go-sql-driver/mysql",
		gopg, "gorm.io/driver/postgres", "gorm.io/driver/mysql", "github.com/microsoft/go-mssqldb", "github.com/denisenkom/go-mssqldb",
		"github.com/ClickHouse/clickhouse-go/v2", "github.com/tursodatabase/libsql-client-go/libsql", "github.com/rqlite/gorqlite"},
	Locks: []*Lock{
		{
			// pg_advisory_lock, pg_advisory_xact_lock, GET_LOCK: the section
			// finds these statements in the text of the SQL sinks below.
			Lib:   "SQL advisory lock",
			InSQL: true,
			Fence: Fence{None: "advisory locks issue no fencing token; increment a fence column in the same transaction and compare it in the write"},
		},
	},
	Sinks: []*Sink{
		{Family: "database/sql", Cond: CondSQL, Query: 1, Args: 2, Key: -1,
			Funcs: methods(sqlpkg, []string{"DB", "Tx", "Conn"}, "ExecContext", "QueryContext", "QueryRowContext")},
		{Family: "database/sql", Cond: CondSQL, Query: 0, Args: 1, Key: -1,
			Funcs: methods(sqlpkg, []string{"DB", "Tx"}, "Exec", "Query", "QueryRow")},
		{Family: "pgx", Cond: CondSQL, Query: 1, Args: 2, Key: -1,
			Funcs: append(append(methods(pgx, []string{"Conn", "Tx"}, "Exec", "Query", "QueryRow"),
				methods(pgxpool, []string{"Pool", "Conn", "Tx"}, "Exec", "Query", "QueryRow")...),
				Func{"github.com/jackc/pgx/v5/pgconn", "PgConn", "Exec"})},
		// pgx v4: Tx is an interface (dbTx implements it), pgxpool's Tx a
		// struct; pgconn was a module of its own.
		{Family: "pgx", Cond: CondSQL, Query: 1, Args: 2, Key: -1,
			Funcs: append(append(methods(pgx4, []string{"Conn", "Tx"}, "Exec", "Query", "QueryRow"),
				methods(pgxpool4, []string{"Pool", "Conn", "Tx"}, "Exec", "Query", "QueryRow")...),
				Func{pgconn1, "PgConn", "Exec"})},
		// go-pg: DB's methods are its embedded baseDB's; the text is an
		// interface{} (a string, or an orm query).
		{Family: "go-pg", Cond: CondSQL, Query: 0, Args: 1, Key: -1,
			Funcs: append(methods(gopg, []string{"baseDB", "Tx"}, "Exec", "ExecOne"), Func{gopgORM, "Query", "Exec"})},
		{Family: "go-pg", Cond: CondSQL, Query: 1, Args: 2, Key: -1,
			Funcs: methods(gopg, []string{"baseDB", "Tx"}, "ExecContext", "ExecOneContext", "Query", "QueryOne")},
		{Family: "go-pg", Cond: CondSQL, Query: 2, Args: 3, Key: -1,
			Funcs: methods(gopg, []string{"baseDB", "Tx"}, "QueryContext", "QueryOneContext")},
		{Family: "go-pg", Cond: CondChain, Key: -1,
			Funcs: methods(gopgORM, []string{"Query"}, "Insert", "Update", "UpdateNotZero", "Delete", "ForceDelete")},
		// sqlx's DB, Tx and Conn embed database/sql's: their Exec and
		// ExecContext are database/sql's.
		{Family: "sqlx", Cond: CondSQL, Query: 1, Args: 2, Key: -1,
			Funcs: append(methods(sqlx, []string{"DB", "Tx"}, "MustExecContext", "NamedExecContext", "QueryxContext", "QueryRowxContext"),
				methods(sqlx, []string{"Conn"}, "QueryxContext", "QueryRowxContext")...)},
		{Family: "sqlx", Cond: CondSQL, Query: 0, Args: 1, Key: -1,
			Funcs: methods(sqlx, []string{"DB", "Tx"}, "MustExec", "NamedExec", "Queryx", "QueryRowx")},
		// Get and Select scan the statement's rows into their destination
		// argument: a SELECT is a read, an UPDATE ... RETURNING a write,
		// and SELECT pg_try_advisory_lock($1) a lock whose outcome is the
		// bool scanned (frontier's Client.TryLock, a GET_LOCK through a
		// repository).
		{Family: "sqlx", Cond: CondSQL, Query: 2, Args: 3, Dest: 2, Key: -1,
			Funcs: methods(sqlx, []string{"DB", "Tx", "Conn"}, "GetContext", "SelectContext")},
		{Family: "sqlx", Cond: CondSQL, Query: 1, Args: 2, Dest: 1, Key: -1,
			Funcs: methods(sqlx, []string{"DB", "Tx"}, "Get", "Select")},
		// The package functions that take an Execer (a *DB, a *Tx or an
		// interface of the application's).
		{Family: "sqlx", Cond: CondSQL, Query: 1, Args: 2, Key: -1,
			Funcs: []Func{{sqlx, "", "MustExec"}, {sqlx, "", "NamedExec"}}},
		{Family: "sqlx", Cond: CondSQL, Query: 2, Args: 3, Key: -1,
			Funcs: []Func{{sqlx, "", "MustExecContext"}, {sqlx, "", "NamedExecContext"}}},
		// Raw(sql, values...) runs its text when the chain is scanned
		// (Raw("SELECT GET_LOCK(?, ?)", name, wait).Scan(&ok)).
		{Family: "gorm", Cond: CondSQL, Query: 0, Args: 1, Key: -1, RowsField: true,
			Funcs: []Func{{gorm, "DB", "Exec"}, {gorm, "DB", "Raw"}, {gormV1, "DB", "Raw"}}},
		{Family: "gorm", Cond: CondChain, Query: 0, Args: 1, Key: -1, RowsField: true,
			Funcs: methods(gorm, []string{"DB"}, "Update", "Updates", "UpdateColumn", "UpdateColumns", "Save", "Create", "CreateInBatches"),
			ColumnSets: []ColumnSet{{Func{gorm, "DB", "Update"}, 0}, {Func{gorm, "DB", "UpdateColumn"}, 0},
				{Func{gorm, "DB", "Updates"}, -1}, {Func{gorm, "DB", "UpdateColumns"}, -1}},
			Records: methods(gorm, []string{"DB"}, "Model", "Table"), Creates: []string{"Create", "CreateInBatches"}},
		// Delete(value, conds...): its inline conditions are a Where.
		{Family: "gorm", Cond: CondChain, Query: 0, Args: 1, Key: -1, RowsField: true, Conds: 1,
			Funcs: []Func{{gorm, "DB", "Delete"}}},
		{Family: "gorm", Cond: CondSQL, Query: 0, Args: 1, Key: -1, RowsField: true,
			Funcs: []Func{{gormV1, "DB", "Exec"}}},
		{Family: "gorm", Cond: CondChain, Query: 0, Args: 1, Key: -1, RowsField: true,
			Funcs:   methods(gormV1, []string{"DB"}, "Update", "Updates", "UpdateColumn", "UpdateColumns", "Save", "Create"),
			Records: methods(gormV1, []string{"DB"}, "Model", "Table"), Creates: []string{"Create"}},
		{Family: "gorm", Cond: CondChain, Query: 0, Args: 1, Key: -1, RowsField: true, Conds: 1,
			Funcs: []Func{{gormV1, "DB", "Delete"}}},
		{Family: "bun", Cond: CondChain, Query: 0, Args: 1, Key: -1,
			Funcs: methods(bun, []string{"UpdateQuery", "InsertQuery", "DeleteQuery", "MergeQuery"}, "Exec")},
		{Family: "bun", Cond: CondSQL, Query: 1, Args: 2, Key: -1,
			Funcs: methods(bun, []string{"DB", "Tx", "Conn"}, "ExecContext")},
		// squirrel: the statement runs when its builder is executed (also
		// QueryRow/Scan of an UPDATE ... RETURNING); Where(pred, args...)
		// takes text or an Eq/LtOrEq... map.
		{Family: "squirrel", Cond: CondChain, Query: 0, Args: 1, Key: -1,
			Funcs: append(methods(squirrel, []string{"UpdateBuilder", "InsertBuilder"},
				"Exec", "ExecContext", "Query", "QueryContext", "QueryRow", "QueryRowContext", "Scan", "ScanContext"),
				methods(squirrel, []string{"DeleteBuilder"}, "Exec", "ExecContext", "Query", "QueryContext", "QueryRowContext", "ScanContext")...)},
		// ent generates a package of builders per schema: XCreate,
		// XUpdate, XUpdateOne, XDelete, XDeleteOne... each keeping its
		// pending change in a field "mutation" whose Op() is an ent.Op.
		// Their Save and Exec run the statement; a predicate of the
		// builder's Where chain that receives the token carries it.
		{Family: "ent", Cond: CondChain, Key: -1, Shape: GeneratedBuilder,
			Methods: []string{"Save", "SaveX", "Exec", "ExecX"}, Mutation: "mutation", Option: Field{Pkg: ent, Type: "Op"},
			// SetStatus(v) assigns status; status.StatusEQ(v) compares it;
			// XUpdate.Save returns the number of rows it changed.
			Columns: &BuilderColumns{Setter: "Set", Equal: "EQ", Rows: true}},
	},
	Decoders: []Decoder{
		{Func{sqlx, "DB", "Get"}, 0, sqlScanned},
		{Func{sqlx, "DB", "GetContext"}, 1, sqlScanned},
		{Func{sqlx, "DB", "Select"}, 0, sqlScanned},
		{Func{sqlx, "DB", "SelectContext"}, 1, sqlScanned},
		{Func{sqlx, "Tx", "Get"}, 0, sqlScanned},
		{Func{sqlx, "Tx", "GetContext"}, 1, sqlScanned},
	},
	Pools: []Field{{sqlpkg, "DB", ""}, {pgxpool, "Pool", ""}, {sqlx, "DB", ""}},
	Sessions: Sessions{
		TxEnds: append(append(methods(sqlpkg, []string{"Tx"}, "Commit", "Rollback"),
			methods(pgx, []string{"Tx"}, "Commit", "Rollback")...), append(methods(pgx4, []string{"Tx"}, "Commit", "Rollback"),
			methods(pgxpool, []string{"Tx"}, "Commit", "Rollback")...)...),
		// A pgx Conn is one connection, its session; database/sql's Conn
		// and pgxpool's Conn go back to their pool when closed.
		Closes: append(methods(pgx, []string{"Conn"}, "Close"), append(methods(pgx4, []string{"Conn"}, "Close"),
			Func{"github.com/jackc/pgx/v5/pgconn", "PgConn", "Close"}, Func{pgconn1, "PgConn", "Close"})...),
		Begins: append(append(append(methods(sqlpkg, []string{"Conn"}, "BeginTx"),
			methods(pgx, []string{"Conn"}, "Begin", "BeginTx")...), methods(pgx4, []string{"Conn"}, "Begin", "BeginTx")...),
			append(methods(pgxpool, []string{"Conn"}, "Begin", "BeginTx"),
				Func{pgx, "Tx", "Begin"}, Func{pgx4, "Tx", "Begin"}, Func{pgxpool, "Tx", "Begin"})...),
		Unwraps: []Func{{pgxpool, "Conn", "Conn"}, {pgxpool4, "Conn", "Conn"}},
	},
	Rewriters:  []Rewriter{{Pkg: sqlx, Names: []string{"Named", "In", "BindNamed"}}, {Pkg: sqlx, Names: []string{"Rebind"}, FuncArg: 1}},
	Instants:   []Field{{sqlpkg, "NullTime", ""}},
	StructTags: []string{"db", "gorm", "sql", "bun", "pg"},
}

// methods lists the methods names of each receiver type recvs of pkg.
func methods(pkg string, recvs []string, names ...string) []Func {
	var fs []Func
	for _, r := range recvs {
		for _, n := range names {
			fs = append(fs, Func{pkg, r, n})
		}
	}
	return fs
}
