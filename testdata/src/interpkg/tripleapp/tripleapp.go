// Package tripleapp writes under the lock of another package's locker
// whose acquisition returns (bool, token, error).
package tripleapp

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"interpkg/triplelock"
)

func order(ctx context.Context, l *triplelock.Locker, db *sql.DB, user int64) error {
	key := fmt.Sprintf("lock:order:%d", user)
	acquired, token, err := l.LockWithToken(ctx, key, 10*time.Second)
	if err != nil || !acquired {
		return err
	}
	defer l.Unlock(ctx, key, token)
	_, err = db.ExecContext(ctx, `INSERT INTO orders (user_id) VALUES ($1)`, user) // want `INSERT orders .* under the`
	return err
}
