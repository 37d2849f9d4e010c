// Package bun is a test stub of github.com/uptrace/bun@v1.3.0, signatures copied from the real source.
//
// IDB declares the query constructors for Select/Insert/Update/Delete/Raw plus
// BeginTx/RunInTx (the real interface also has the DDL constructors, NewValues
// and NewMerge). The query builders carry the methods used to express write
// conditions (Model/Table/Set/Where/WherePK/On/Returning/Exec/Scan...).
package bun
