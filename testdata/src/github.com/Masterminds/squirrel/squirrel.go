// Package squirrel is a stub of github.com/Masterminds/squirrel v1.5.4:
// the signatures the tests use, copied from the real module.
package squirrel

import (
	"context"
	"database/sql"
)

type builder struct{ m map[string]interface{} }

type Sqlizer interface {
	ToSql() (string, []interface{}, error)
}

type BaseRunner interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
	Query(query string, args ...interface{}) (*sql.Rows, error)
}

type RowScanner interface {
	Scan(...interface{}) error
}

type PlaceholderFormat interface {
	ReplacePlaceholders(sql string) (string, error)
}

type dollarFormat struct{}

func (dollarFormat) ReplacePlaceholders(sql string) (string, error) { return sql, nil }

var Dollar = dollarFormat{}

type Eq map[string]interface{}
type NotEq Eq
type Lt map[string]interface{}
type LtOrEq Lt
type Gt Lt
type GtOrEq Lt

func Expr(sql string, args ...interface{}) Sqlizer { return nil }

type StatementBuilderType builder

var StatementBuilder = StatementBuilderType{}

func (b StatementBuilderType) Insert(into string) InsertBuilder                           { return InsertBuilder{} }
func (b StatementBuilderType) Update(table string) UpdateBuilder                          { return UpdateBuilder{} }
func (b StatementBuilderType) Delete(from string) DeleteBuilder                           { return DeleteBuilder{} }
func (b StatementBuilderType) Select(columns ...string) SelectBuilder                     { return SelectBuilder{} }
func (b StatementBuilderType) PlaceholderFormat(f PlaceholderFormat) StatementBuilderType { return b }
func (b StatementBuilderType) RunWith(runner BaseRunner) StatementBuilderType             { return b }

func Select(columns ...string) SelectBuilder { return SelectBuilder{} }
func Insert(into string) InsertBuilder       { return InsertBuilder{} }
func Replace(into string) InsertBuilder      { return InsertBuilder{} }
func Update(table string) UpdateBuilder      { return UpdateBuilder{} }
func Delete(from string) DeleteBuilder       { return DeleteBuilder{} }

type UpdateBuilder builder

func (b UpdateBuilder) RunWith(runner BaseRunner) UpdateBuilder                   { return b }
func (b UpdateBuilder) Table(table string) UpdateBuilder                          { return b }
func (b UpdateBuilder) Set(column string, value interface{}) UpdateBuilder        { return b }
func (b UpdateBuilder) SetMap(clauses map[string]interface{}) UpdateBuilder       { return b }
func (b UpdateBuilder) Where(pred interface{}, args ...interface{}) UpdateBuilder { return b }
func (b UpdateBuilder) Suffix(sql string, args ...interface{}) UpdateBuilder      { return b }
func (b UpdateBuilder) Exec() (sql.Result, error)                                 { return nil, nil }
func (b UpdateBuilder) Query() (*sql.Rows, error)                                 { return nil, nil }
func (b UpdateBuilder) QueryRow() RowScanner                                      { return nil }
func (b UpdateBuilder) Scan(dest ...interface{}) error                            { return nil }
func (b UpdateBuilder) ExecContext(ctx context.Context) (sql.Result, error)       { return nil, nil }
func (b UpdateBuilder) QueryContext(ctx context.Context) (*sql.Rows, error)       { return nil, nil }
func (b UpdateBuilder) QueryRowContext(ctx context.Context) RowScanner            { return nil }
func (b UpdateBuilder) ScanContext(ctx context.Context, dest ...interface{}) error {
	return nil
}
func (b UpdateBuilder) ToSql() (string, []interface{}, error) { return "", nil, nil }

type DeleteBuilder builder

func (b DeleteBuilder) RunWith(runner BaseRunner) DeleteBuilder                   { return b }
func (b DeleteBuilder) From(from string) DeleteBuilder                            { return b }
func (b DeleteBuilder) Where(pred interface{}, args ...interface{}) DeleteBuilder { return b }
func (b DeleteBuilder) Suffix(sql string, args ...interface{}) DeleteBuilder      { return b }
func (b DeleteBuilder) Exec() (sql.Result, error)                                 { return nil, nil }
func (b DeleteBuilder) Query() (*sql.Rows, error)                                 { return nil, nil }
func (b DeleteBuilder) ExecContext(ctx context.Context) (sql.Result, error)       { return nil, nil }
func (b DeleteBuilder) QueryContext(ctx context.Context) (*sql.Rows, error)       { return nil, nil }
func (b DeleteBuilder) QueryRowContext(ctx context.Context) RowScanner            { return nil }
func (b DeleteBuilder) ScanContext(ctx context.Context, dest ...interface{}) error {
	return nil
}

type InsertBuilder builder

func (b InsertBuilder) RunWith(runner BaseRunner) InsertBuilder              { return b }
func (b InsertBuilder) Into(from string) InsertBuilder                       { return b }
func (b InsertBuilder) Columns(columns ...string) InsertBuilder              { return b }
func (b InsertBuilder) Values(values ...interface{}) InsertBuilder           { return b }
func (b InsertBuilder) SetMap(clauses map[string]interface{}) InsertBuilder  { return b }
func (b InsertBuilder) Suffix(sql string, args ...interface{}) InsertBuilder { return b }
func (b InsertBuilder) Exec() (sql.Result, error)                            { return nil, nil }
func (b InsertBuilder) Query() (*sql.Rows, error)                            { return nil, nil }
func (b InsertBuilder) QueryRow() RowScanner                                 { return nil }
func (b InsertBuilder) Scan(dest ...interface{}) error                       { return nil }
func (b InsertBuilder) ExecContext(ctx context.Context) (sql.Result, error)  { return nil, nil }
func (b InsertBuilder) QueryContext(ctx context.Context) (*sql.Rows, error)  { return nil, nil }
func (b InsertBuilder) QueryRowContext(ctx context.Context) RowScanner       { return nil }
func (b InsertBuilder) ScanContext(ctx context.Context, dest ...interface{}) error {
	return nil
}

type SelectBuilder builder

func (b SelectBuilder) From(from string) SelectBuilder                            { return b }
func (b SelectBuilder) RunWith(runner BaseRunner) SelectBuilder                   { return b }
func (b SelectBuilder) Where(pred interface{}, args ...interface{}) SelectBuilder { return b }
func (b SelectBuilder) QueryRow() RowScanner                                      { return nil }
func (b SelectBuilder) QueryRowContext(ctx context.Context) RowScanner            { return nil }
func (b SelectBuilder) Query() (*sql.Rows, error)                                 { return nil, nil }
func (b SelectBuilder) ExecContext(ctx context.Context) (sql.Result, error)       { return nil, nil }
