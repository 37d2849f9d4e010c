package model

const sqlpkg = "database/sql"
const pgx = "github.com/jackc/pgx/v5"
const pgxpool = "github.com/jackc/pgx/v5/pgxpool"
const sqlx = "github.com/jmoiron/sqlx"
const gorm = "gorm.io/gorm"
const bun = "github.com/uptrace/bun"

const sqlScanned = "scanned from the database"

// SQL is database/sql and the drivers and query builders on top of it
// (pgx, sqlx, gorm, bun), with the advisory locks taken in SQL text. Lease
// tables (a row per lock, its holder and its expiry) are recognised from
// their names (LockTableWords) and statements.
var SQL = Library{
	Name:    "SQL",
	Modules: []string{"std", pgx, sqlx, gorm, bun},
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
		// sqlx's DB, Tx and Conn embed database/sql's: their Exec and
		// ExecContext are database/sql's.
		{Family: "sqlx", Cond: CondSQL, Query: 1, Args: 2, Key: -1,
			Funcs: append(methods(sqlx, []string{"DB", "Tx"}, "MustExecContext", "NamedExecContext", "QueryxContext", "QueryRowxContext"),
				methods(sqlx, []string{"Conn"}, "QueryxContext", "QueryRowxContext")...)},
		{Family: "sqlx", Cond: CondSQL, Query: 0, Args: 1, Key: -1,
			Funcs: methods(sqlx, []string{"DB", "Tx"}, "MustExec", "NamedExec", "Queryx", "QueryRowx")},
		{Family: "gorm", Cond: CondSQL, Query: 0, Args: 1, Key: -1, RowsField: true,
			Funcs: []Func{{gorm, "DB", "Exec"}}},
		{Family: "gorm", Cond: CondChain, Query: 0, Args: 1, Key: -1, RowsField: true,
			Funcs: methods(gorm, []string{"DB"}, "Update", "Updates", "UpdateColumn", "UpdateColumns", "Save", "Create", "CreateInBatches", "Delete")},
		{Family: "bun", Cond: CondChain, Query: 0, Args: 1, Key: -1,
			Funcs: methods(bun, []string{"UpdateQuery", "InsertQuery", "DeleteQuery", "MergeQuery"}, "Exec")},
		{Family: "bun", Cond: CondSQL, Query: 1, Args: 2, Key: -1,
			Funcs: methods(bun, []string{"DB", "Tx", "Conn"}, "ExecContext")},
	},
	Decoders: []Decoder{
		{Func{sqlx, "DB", "Get"}, 0, sqlScanned},
		{Func{sqlx, "DB", "GetContext"}, 1, sqlScanned},
		{Func{sqlx, "DB", "Select"}, 0, sqlScanned},
		{Func{sqlx, "DB", "SelectContext"}, 1, sqlScanned},
		{Func{sqlx, "Tx", "Get"}, 0, sqlScanned},
		{Func{sqlx, "Tx", "GetContext"}, 1, sqlScanned},
	},
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
