// Package lockdoc keeps locks as MongoDB documents of its own: an
// exclusive lock taken over by a filter on its expiry, and an operation's
// lock judged stale by a heartbeat decoded into an embedded struct; beside
// them, the same shapes on documents that hold no lock.
package lockdoc

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

type exclusive struct {
	LockID    string    `bson:"lockId"`
	ExpiresAt time.Time `bson:"expiresAt"`
}

type resource struct {
	Name      string    `bson:"resource"`
	Exclusive exclusive `bson:"exclusive"`
}

type client struct{ coll *mongo.Collection }

// Reported: the acquisition takes over a lock whose holder's expiry, on
// the holder's clock, is before this host's now; the update writes a
// whole lock struct, not the compared attribute.
func (c *client) XLock(ctx context.Context, name, id string, ttl time.Duration) error {
	currentTime := time.Now()
	selector := bson.M{
		"resource": name,
		"$or": []bson.M{
			{"exclusive.acquired": false},
			{"exclusive.expiresAt": bson.M{"$lte": &currentTime}}, // want `the filter of MongoDB FindOneAndUpdate in XLock takes the lock document over when its "exclusive.expiresAt" <= &currentTime`
		},
	}
	update := bson.M{"$set": &resource{Name: name, Exclusive: exclusive{LockID: id, ExpiresAt: time.Now().Add(ttl)}}}
	return c.coll.FindOneAndUpdate(ctx, selector, update, options.FindOneAndUpdate().SetUpsert(true)).Err()
}

// Suppressed: the same takeover where the team accepts the holder's clock
// (one host writes the collection).
func (c *client) XLockOneHost(ctx context.Context, name, id string, ttl time.Duration) error {
	currentTime := time.Now()
	selector := bson.M{
		"resource": name,
		"$or": []bson.M{
			{"exclusive.acquired": false},
			//lint:ignore FC4001 one host writes this collection: its clock is the holder's
			{"exclusive.expiresAt": bson.M{"$lte": &currentTime}},
		},
	}
	update := bson.M{"$set": &resource{Name: name, Exclusive: exclusive{LockID: id, ExpiresAt: time.Now().Add(ttl)}}}
	return c.coll.FindOneAndUpdate(ctx, selector, update, options.FindOneAndUpdate().SetUpsert(true)).Err()
}

// Silent: the same filter selecting live locks ($gt) renews, it does not
// take over.
func (c *client) XLockRenew(ctx context.Context, name, id string, ttl time.Duration) error {
	now := time.Now()
	update := bson.M{"$set": &resource{Name: name, Exclusive: exclusive{LockID: id, ExpiresAt: now.Add(ttl)}}}
	return c.coll.FindOneAndUpdate(ctx, bson.M{"resource": name, "exclusive.lockId": id, "exclusive.expiresAt": bson.M{"$gt": now}}, update).Err()
}

type page struct {
	Key       string    `bson:"key"`
	ExpiresAt time.Time `bson:"expiresAt"`
}

// Silent: a cache refresh replaces entries whose expiry passed; no lock is
// named.
func (c *client) refreshPage(ctx context.Context, key string, ttl time.Duration) error {
	now := time.Now()
	return c.coll.FindOneAndUpdate(ctx, bson.M{"key": key, "expiresAt": bson.M{"$lte": now}},
		bson.M{"$set": &page{Key: key, ExpiresAt: now.Add(ttl)}}).Err()
}

const lockExpireTimeout = 5 * time.Minute

// EventData is an operation's document; its lock field makes it the
// operation's lock, its LockUpdateTime the holder's heartbeat.
type EventData struct {
	Lock           string    `bson:"lock"`
	Running        bool      `bson:"running"`
	LockUpdateTime time.Time `bson:"lockupdatetime"`
}

type Event struct {
	EventData
	log []string
}

// Reported: the heartbeat, decoded into the embedded document, was
// written with the holder's clock; an instance whose clock runs ahead
// removes a live operation's lock.
func checkIsExpired(ctx context.Context, coll *mongo.Collection, lock string) bool {
	var evt Event
	if err := coll.FindOne(ctx, bson.M{"lock": lock}).Decode(&evt.EventData); err != nil {
		return false
	}
	now := time.Now().UTC()
	last := evt.LockUpdateTime.UTC()
	if now.After(last.Add(lockExpireTimeout)) { // want `now.After\(last.Add\(lockExpireTimeout\)\)`
		_, _ = coll.DeleteOne(ctx, bson.M{"lock": lock})
		return true
	}
	return false
}

// PageData is a cached page; its UpdateTime names no lock.
type PageData struct {
	Key        string    `bson:"key"`
	UpdateTime time.Time `bson:"updatetime"`
}

type Page struct{ PageData }

// Silent: a stale cached page is dropped by the local clock; the decoded
// instant belongs to no lock.
func dropStale(ctx context.Context, coll *mongo.Collection, key string, maxAge time.Duration) bool {
	var p Page
	if err := coll.FindOne(ctx, bson.M{"key": key}).Decode(&p.PageData); err != nil {
		return false
	}
	if time.Now().After(p.UpdateTime.Add(maxAge)) {
		_, _ = coll.DeleteOne(ctx, bson.M{"key": key})
		return true
	}
	return false
}

// done ends an operation: its document, and so its lock, is removed.
func (e *Event) done(ctx context.Context, coll *mongo.Collection) error {
	return e.remove(ctx, coll)
}

func (e *Event) remove(ctx context.Context, coll *mongo.Collection) error {
	_, err := coll.DeleteOne(ctx, bson.M{"lock": e.Lock})
	return err
}

// Reported: the cleaner finds the operations whose holder's heartbeat,
// on the holder's clock, is older than the timeout on this host's, and
// ends each one through done.
func cleanExpired(ctx context.Context, coll *mongo.Collection) error {
	now := time.Now().UTC()
	cur, err := coll.Find(ctx, bson.M{"running": true, "lockupdatetime": bson.M{"$lt": now.Add(-lockExpireTimeout)}}) // want `the filter of MongoDB Find compares the stored "lockupdatetime" with now.Add\(-lockExpireTimeout\) \(<\)`
	if err != nil {
		return err
	}
	var all []EventData
	if err := cur.All(ctx, &all); err != nil {
		return err
	}
	for _, d := range all {
		e := Event{EventData: d}
		if err := e.done(ctx, coll); err != nil {
			return err
		}
	}
	return nil
}

func (e *Event) describe() string { return e.Lock }

// Silent: the same read only reports the stale operations; nothing is
// written.
func reportExpired(ctx context.Context, coll *mongo.Collection) ([]string, error) {
	now := time.Now().UTC()
	cur, err := coll.Find(ctx, bson.M{"running": true, "lockupdatetime": bson.M{"$lt": now.Add(-lockExpireTimeout)}})
	if err != nil {
		return nil, err
	}
	var all []EventData
	if err := cur.All(ctx, &all); err != nil {
		return nil, err
	}
	var out []string
	for _, d := range all {
		e := Event{EventData: d}
		out = append(out, e.describe())
	}
	return out, nil
}

func (p *Page) evict(ctx context.Context, coll *mongo.Collection) error {
	_, err := coll.DeleteOne(ctx, bson.M{"key": p.Key})
	return err
}

// Silent: stale cache pages found by the local clock are evicted through a
// helper; no lock is named.
func evictStale(ctx context.Context, coll *mongo.Collection, maxAge time.Duration) error {
	cur, err := coll.Find(ctx, bson.M{"updatetime": bson.M{"$lt": time.Now().Add(-maxAge)}})
	if err != nil {
		return err
	}
	var all []PageData
	if err := cur.All(ctx, &all); err != nil {
		return err
	}
	for _, d := range all {
		p := Page{PageData: d}
		if err := p.evict(ctx, coll); err != nil {
			return err
		}
	}
	return nil
}

type job struct {
	Type      string    `bson:"job_type"`
	LockUntil time.Time `bson:"lock_until"`
}

// Reported: whether a running job's lock is still in force is decided by
// this host's clock against the lock_until another host wrote, and the
// verdict decides whether this host inserts its own running job.
func tryStartJob(ctx context.Context, db *mongo.Database, j job) (bool, error) {
	col := db.Collection("jobs")
	n, err := col.CountDocuments(ctx, bson.M{"job_type": j.Type, "lock_until": bson.M{"$gt": time.Now()}}) // want `the filter of MongoDB CountDocuments compares the stored "lock_until" with time.Now\(\) \(>\)`
	if err != nil || n > 0 {
		return false, err
	}
	_, err = col.InsertOne(ctx, j)
	return err == nil, err
}

// Silent: the same count, inserting into another collection.
func noteJob(ctx context.Context, db *mongo.Database, j job) error {
	n, err := db.Collection("jobs").CountDocuments(ctx, bson.M{"job_type": j.Type, "lock_until": bson.M{"$gt": time.Now()}})
	if err != nil || n > 0 {
		return err
	}
	_, err = db.Collection("audit").InsertOne(ctx, j)
	return err
}
