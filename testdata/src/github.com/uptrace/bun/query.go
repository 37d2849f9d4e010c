package bun

import (
	"context"
	"database/sql"
)

type baseQuery struct {
	model any
	err   error
}

type UpdateQuery struct{ baseQuery }

func (q *UpdateQuery) Conn(db IConn) *UpdateQuery                                { return q }
func (q *UpdateQuery) Model(model any) *UpdateQuery                              { return q }
func (q *UpdateQuery) Err(err error) *UpdateQuery                                { return q }
func (q *UpdateQuery) Apply(fns ...func(*UpdateQuery) *UpdateQuery) *UpdateQuery { return q }
func (q *UpdateQuery) With(name string, query Query) *UpdateQuery                { return q }
func (q *UpdateQuery) Table(tables ...string) *UpdateQuery                       { return q }
func (q *UpdateQuery) TableExpr(query string, args ...any) *UpdateQuery          { return q }
func (q *UpdateQuery) ModelTableExpr(query string, args ...any) *UpdateQuery     { return q }
func (q *UpdateQuery) Column(columns ...string) *UpdateQuery                     { return q }
func (q *UpdateQuery) Set(query string, args ...any) *UpdateQuery                { return q }
func (q *UpdateQuery) SetColumn(column string, query string, args ...any) *UpdateQuery {
	return q
}
func (q *UpdateQuery) Value(column string, query string, args ...any) *UpdateQuery { return q }
func (q *UpdateQuery) OmitZero() *UpdateQuery                                      { return q }
func (q *UpdateQuery) Join(join string, args ...any) *UpdateQuery                  { return q }
func (q *UpdateQuery) WherePK(cols ...string) *UpdateQuery                         { return q }
func (q *UpdateQuery) Where(query string, args ...any) *UpdateQuery                { return q }
func (q *UpdateQuery) WhereOr(query string, args ...any) *UpdateQuery              { return q }
func (q *UpdateQuery) Order(orders ...string) *UpdateQuery                         { return q }
func (q *UpdateQuery) Limit(n int64) *UpdateQuery                                  { return q }
func (q *UpdateQuery) Returning(query string, args ...any) *UpdateQuery            { return q }
func (q *UpdateQuery) Bulk() *UpdateQuery                                          { return q }
func (q *UpdateQuery) Scan(ctx context.Context, dest ...any) error                 { return nil }
func (q *UpdateQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error)   { return nil, nil }
func (q *UpdateQuery) String() string                                              { return "" }
func (q *UpdateQuery) Operation() string                                           { return "UPDATE" }
func (q *UpdateQuery) GetTableName() string                                        { return "" }

type InsertQuery struct{ baseQuery }

func (q *InsertQuery) Conn(db IConn) *InsertQuery                                 { return q }
func (q *InsertQuery) Model(model any) *InsertQuery                               { return q }
func (q *InsertQuery) Err(err error) *InsertQuery                                 { return q }
func (q *InsertQuery) Apply(fns ...func(*InsertQuery) *InsertQuery) *InsertQuery  { return q }
func (q *InsertQuery) With(name string, query Query) *InsertQuery                 { return q }
func (q *InsertQuery) Table(tables ...string) *InsertQuery                        { return q }
func (q *InsertQuery) TableExpr(query string, args ...any) *InsertQuery           { return q }
func (q *InsertQuery) ModelTableExpr(query string, args ...any) *InsertQuery      { return q }
func (q *InsertQuery) Column(columns ...string) *InsertQuery                      { return q }
func (q *InsertQuery) Value(column string, expr string, args ...any) *InsertQuery { return q }
func (q *InsertQuery) Where(query string, args ...any) *InsertQuery               { return q }
func (q *InsertQuery) WhereOr(query string, args ...any) *InsertQuery             { return q }
func (q *InsertQuery) Returning(query string, args ...any) *InsertQuery           { return q }
func (q *InsertQuery) Ignore() *InsertQuery                                       { return q }
func (q *InsertQuery) Replace() *InsertQuery                                      { return q }
func (q *InsertQuery) On(s string, args ...any) *InsertQuery                      { return q }
func (q *InsertQuery) Set(query string, args ...any) *InsertQuery                 { return q }
func (q *InsertQuery) Scan(ctx context.Context, dest ...any) error                { return nil }
func (q *InsertQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error)  { return nil, nil }
func (q *InsertQuery) String() string                                             { return "" }
func (q *InsertQuery) Operation() string                                          { return "INSERT" }
func (q *InsertQuery) GetTableName() string                                       { return "" }

type DeleteQuery struct{ baseQuery }

func (q *DeleteQuery) Conn(db IConn) *DeleteQuery                                { return q }
func (q *DeleteQuery) Model(model any) *DeleteQuery                              { return q }
func (q *DeleteQuery) Err(err error) *DeleteQuery                                { return q }
func (q *DeleteQuery) Apply(fns ...func(*DeleteQuery) *DeleteQuery) *DeleteQuery { return q }
func (q *DeleteQuery) With(name string, query Query) *DeleteQuery                { return q }
func (q *DeleteQuery) Table(tables ...string) *DeleteQuery                       { return q }
func (q *DeleteQuery) TableExpr(query string, args ...any) *DeleteQuery          { return q }
func (q *DeleteQuery) ModelTableExpr(query string, args ...any) *DeleteQuery     { return q }
func (q *DeleteQuery) WherePK(cols ...string) *DeleteQuery                       { return q }
func (q *DeleteQuery) Where(query string, args ...any) *DeleteQuery              { return q }
func (q *DeleteQuery) WhereOr(query string, args ...any) *DeleteQuery            { return q }
func (q *DeleteQuery) Order(orders ...string) *DeleteQuery                       { return q }
func (q *DeleteQuery) Limit(n int64) *DeleteQuery                                { return q }
func (q *DeleteQuery) Returning(query string, args ...any) *DeleteQuery          { return q }
func (q *DeleteQuery) Scan(ctx context.Context, dest ...any) error               { return nil }
func (q *DeleteQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) { return nil, nil }
func (q *DeleteQuery) String() string                                            { return "" }
func (q *DeleteQuery) Operation() string                                         { return "DELETE" }
func (q *DeleteQuery) GetTableName() string                                      { return "" }

type SelectQuery struct{ baseQuery }

func (q *SelectQuery) Conn(db IConn) *SelectQuery                                { return q }
func (q *SelectQuery) Model(model any) *SelectQuery                              { return q }
func (q *SelectQuery) Err(err error) *SelectQuery                                { return q }
func (q *SelectQuery) Apply(fns ...func(*SelectQuery) *SelectQuery) *SelectQuery { return q }
func (q *SelectQuery) With(name string, query Query) *SelectQuery                { return q }
func (q *SelectQuery) Table(tables ...string) *SelectQuery                       { return q }
func (q *SelectQuery) TableExpr(query string, args ...any) *SelectQuery          { return q }
func (q *SelectQuery) ModelTableExpr(query string, args ...any) *SelectQuery     { return q }
func (q *SelectQuery) Column(columns ...string) *SelectQuery                     { return q }
func (q *SelectQuery) WherePK(cols ...string) *SelectQuery                       { return q }
func (q *SelectQuery) Where(query string, args ...any) *SelectQuery              { return q }
func (q *SelectQuery) WhereOr(query string, args ...any) *SelectQuery            { return q }
func (q *SelectQuery) Order(orders ...string) *SelectQuery                       { return q }
func (q *SelectQuery) Limit(n int64) *SelectQuery                                { return q }
func (q *SelectQuery) For(s string, args ...any) *SelectQuery                    { return q }
func (q *SelectQuery) Join(join string, args ...any) *SelectQuery                { return q }
func (q *SelectQuery) Exec(ctx context.Context, dest ...any) (res sql.Result, err error) {
	return nil, nil
}
func (q *SelectQuery) Scan(ctx context.Context, dest ...any) error { return nil }
func (q *SelectQuery) Count(ctx context.Context) (int64, error)    { return 0, nil }
func (q *SelectQuery) ScanAndCount(ctx context.Context, dest ...any) (int64, error) {
	return 0, nil
}
func (q *SelectQuery) Exists(ctx context.Context) (bool, error) { return false, nil }
func (q *SelectQuery) String() string                           { return "" }
func (q *SelectQuery) Operation() string                        { return "SELECT" }
func (q *SelectQuery) GetTableName() string                     { return "" }

type RawQuery struct {
	baseQuery
	query string
	args  []any
}

func (q *RawQuery) Conn(db IConn) *RawQuery                                   { return q }
func (q *RawQuery) Err(err error) *RawQuery                                   { return q }
func (q *RawQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) { return nil, nil }
func (q *RawQuery) Scan(ctx context.Context, dest ...any) error               { return nil }
func (q *RawQuery) String() string                                            { return q.query }
func (q *RawQuery) Operation() string                                         { return "SELECT" }
func (q *RawQuery) GetTableName() string                                      { return "" }
