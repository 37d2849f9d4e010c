package racyclaim

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

type job struct {
	Type      string    `bson:"job_type"`
	Status    string    `bson:"status"`
	LockUntil time.Time `bson:"lock_until"`
}

// Counted, then inserted: two API instances both count no running job
// and both insert one.
func tryStartJob(ctx context.Context, db *mongo.Database, j job) (bool, error) {
	col := db.Collection("jobs")
	filter := bson.M{"job_type": j.Type, "status": "running", "lock_until": bson.M{"$gt": time.Now()}}
	n, err := col.CountDocuments(ctx, filter)
	if err != nil || n > 0 {
		return false, err
	}
	_, err = col.InsertOne(ctx, j) // want `InsertOne into the collection jobs creates a lease on what the read of live leases at documentclaim.go:22 found`
	return err == nil, err
}

// Silent: a count of documents with no deadline in the filter (a quota).
func addNote(ctx context.Context, db *mongo.Database, user string) error {
	col := db.Collection("notes")
	n, err := col.CountDocuments(ctx, bson.M{"user": user})
	if err != nil || n > 100 {
		return err
	}
	_, err = col.InsertOne(ctx, bson.M{"user": user})
	return err
}
