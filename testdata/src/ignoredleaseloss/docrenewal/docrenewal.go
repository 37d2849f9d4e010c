// Package docrenewal exercises FC5002 on a lease kept as documents of a
// MongoDB collection: a manager locks jobs (managerId on each) and renews
// them by setting their heartbeat, which a custodian elsewhere compares
// with its clock to unlock the jobs of a manager it thinks dead. The
// renewal sits behind the application's own repository interface; a
// heartbeat whose error is only logged while the manager keeps running
// the jobs is the loss dropped.
package docrenewal

import (
	"context"
	"fmt"
	"log"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

type JobRepository interface {
	Heartbeat(managerID string) error
	Touch(managerID string) error
}

type MongoJobRepository struct {
	ctx  context.Context
	jobs *mongo.Collection
}

// Heartbeat renews the lease of every job this manager holds.
func (r MongoJobRepository) Heartbeat(managerID string) error {
	update := bson.D{{Key: "$set", Value: bson.D{{Key: "heartbeat", Value: time.Now()}}}}
	_, err := r.jobs.UpdateMany(r.ctx, bson.D{{Key: "managerId", Value: managerID}}, update)
	if err != nil {
		return fmt.Errorf("failed to set heartbeat: %s", err)
	}
	return nil
}

// Touch records when the manager last looked at its jobs: no lease field.
func (r MongoJobRepository) Touch(managerID string) error {
	update := bson.D{{Key: "$set", Value: bson.D{{Key: "lastSeen", Value: time.Now()}}}}
	_, err := r.jobs.UpdateMany(r.ctx, bson.D{{Key: "managerId", Value: managerID}}, update)
	return err
}

type Manager struct {
	ID    string
	Repo  JobRepository
	quit  chan struct{}
	every time.Duration
}

func (m *Manager) setHeartbeat() error {
	if err := m.Repo.Heartbeat(m.ID); err != nil {
		return fmt.Errorf("failed to set heartbeat: %s", err)
	}
	return nil
}

// process renews the jobs' lease on a ticker while they run; a failed
// renewal is only logged.
func (m *Manager) process() {
	t := time.NewTicker(m.every)
	defer t.Stop()
	for {
		select {
		case <-m.quit:
			return
		case <-t.C:
			if err := m.setHeartbeat(); err != nil { // want `m.setHeartbeat renews a lease \(mongo UpdateMany setting heartbeat, at docrenewal.go:\d+\) and fails when the renewal could not be written, but its error is only logged`
				log.Printf("failed to set heartbeat for manager %s: %s", m.ID, err)
			}
		}
	}
}

// --- must stay silent ---

// A failed renewal stops the manager's jobs.
func (m *Manager) processStops(stop func()) {
	t := time.NewTicker(m.every)
	defer t.Stop()
	for {
		select {
		case <-m.quit:
			return
		case <-t.C:
			if err := m.Repo.Heartbeat(m.ID); err != nil {
				log.Printf("heartbeat: %s", err)
				stop()
				return
			}
		}
	}
}

// Touch renews no lease: its error may be logged.
func (m *Manager) watch() {
	for range time.Tick(m.every) {
		if err := m.Repo.Touch(m.ID); err != nil {
			log.Printf("touch: %s", err)
		}
	}
}

// The reviewed exception.
func (m *Manager) processReviewed() {
	for range time.Tick(m.every) {
		//lint:ignore FC5002 the custodian's timeout is ten heartbeats; a single failure is retried on the next tick
		if err := m.Repo.Heartbeat(m.ID); err != nil {
			log.Printf("heartbeat: %s", err)
		}
	}
}
