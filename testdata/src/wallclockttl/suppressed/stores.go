package suppressed

import (
	"context"
	"database/sql"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

type mongoLock struct {
	coll *mongo.Collection
	id   string
}

// TryLock's filter compares with this host's clock; the team accepts it.
func (l *mongoLock) TryLock(ctx context.Context, ttl time.Duration) error {
	now := time.Now()
	return l.coll.FindOneAndUpdate(ctx,
		//lint:ignore FC4001 single host: the lock only guards a cron job on one machine
		bson.M{"_id": l.id, "exp": bson.M{"$lt": now}},
		bson.M{"$set": bson.M{"exp": now.Add(ttl)}}).Err()
}

// acquire stores an expiry the database compares with now().
func acquire(ctx context.Context, db *sql.DB, name string, ttl time.Duration) error {
	_, err := db.ExecContext(ctx, `INSERT INTO locks (name, expires_at) VALUES ($1, $2)
		ON CONFLICT (name) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE locks.expires_at < now()`,
		name, time.Now().Add(ttl)) //nolint:wallclockttl // the application and database run on the same host
	return err
}
