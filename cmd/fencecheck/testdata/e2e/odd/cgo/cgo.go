// Package cgo mixes cgo with a lock: fencecheck analyses the Go side.
package cgo

/*
static int answer(void) { return 42; }
*/
import "C"

import (
	"context"
	"database/sql"
)

func Answer() int { return int(C.answer()) }

func Write(ctx context.Context, db *sql.DB) error {
	if _, err := db.ExecContext(ctx, `SELECT pg_advisory_lock(1)`); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE t SET v = 1`) // want "FC1001"
	return err
}
