// Package leaseclaimcaller calls generated queries that release a leased
// job by its id alone: the calls are reported, not the generated code.
package leaseclaimcaller

import (
	"context"

	"example.com/jobsql"
)

type Queue struct{ q *jobsql.Queries }

func (s *Queue) Ack(ctx context.Context, id int64) error {
	return s.q.AckJob(ctx, id) // want `s.q.AckJob runs DELETE jobs .*, which selects the record by its key alone \(jobs.sql.go:35\), not by its holder to release it: the records of jobs are leased: DequeueJob at jobs.sql.go:18 claims one \(it sets status from "pending" to "processing"\), and ResetStaleJobs at jobs.sql.go:25 takes a claim back`
}

// The claim's attempt counter compared: fenced by the delete's own condition.
func (s *Queue) AckOwned(ctx context.Context, id, attempt int64) error {
	return s.q.AckOwned(ctx, id, attempt)
}

func (s *Queue) Ack2(ctx context.Context, id int64) error {
	//lint:ignore FC5001 acks are idempotent here: the job is gone either way
	return s.q.AckJob(ctx, id)
}
