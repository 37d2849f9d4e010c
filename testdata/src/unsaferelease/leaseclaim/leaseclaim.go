// Package leaseclaim: releases by key alone of records leased by a claim
// (a task document claimed with an expiry that a later claim takes over).
package leaseclaim

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

type Queue struct{ tasks *mongo.Collection }

// ClaimNext takes a pending task, or a running one whose lease expired.
func (q *Queue) ClaimNext(ctx context.Context, worker string, now time.Time) error {
	filter := bson.M{"$or": []bson.M{
		{"status": "pending"},
		{"status": "running", "lockedUntil": bson.M{"$lt": now}},
	}}
	update := bson.M{"$set": bson.M{"status": "running", "lockedBy": worker, "lockedUntil": now.Add(time.Minute)}}
	return q.tasks.FindOneAndUpdate(ctx, filter, update).Err()
}

// Retry puts the task back for another worker: by id alone.
func (q *Queue) Retry(ctx context.Context, id string) error {
	_, err := q.tasks.UpdateByID(ctx, id, bson.M{"$set": bson.M{"status": "pending"}, "$unset": bson.M{"lockedBy": "", "lockedUntil": ""}}) // want `MongoDB .*UpdateByID.* selects the record by its key alone, not by its holder to release it: the records of collection Queue.tasks are leased: ClaimNext at leaseclaim.go:22 claims one \(it sets lockedBy and moves status from "pending" to "running"\), and the claim also takes over a record whose time has passed`
	return err
}

// Ack deletes the finished task: by id alone.
func (q *Queue) Ack(ctx context.Context, id string) error {
	_, err := q.tasks.DeleteOne(ctx, bson.M{"_id": id}) // want `MongoDB .*DeleteOne.* by its key alone, not by its holder to release it`
	return err
}

// Complete moves it to done: FC1001's, not a release.
func (q *Queue) Complete(ctx context.Context, id string) error {
	_, err := q.tasks.UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$set": bson.M{"status": "done"}, "$unset": bson.M{"lockedBy": ""}})
	return err
}

// The holder in the filter: an owner-checked release.
func (q *Queue) RetryOwned(ctx context.Context, id, worker string) error {
	_, err := q.tasks.UpdateOne(ctx, bson.M{"_id": id, "lockedBy": worker}, bson.M{"$set": bson.M{"status": "pending"}, "$unset": bson.M{"lockedBy": ""}})
	return err
}

// A suppressed release.
func (q *Queue) Drop(ctx context.Context, id string) error {
	_, err := q.tasks.DeleteOne(ctx, bson.M{"_id": id}) //lint:ignore FC5001 only an operator drops tasks, after stopping the workers
	return err
}

// A cache of results keyed by id, claimed by nobody: no lease.
type Results struct{ coll *mongo.Collection }

func (r *Results) Forget(ctx context.Context, id string) error {
	_, err := r.coll.DeleteOne(ctx, bson.M{"_id": id})
	return err
}
