// Package entbuilders exercises FC1002 on ent's generated builders: an
// XUpdateOne or XDeleteOne reports no match as a not-found error,
// XUpdate.Save returns the number of rows, XUpdate.Exec nothing.
package entbuilders

import (
	"context"
	"errors"

	"example.com/entjobs/ent"
	"example.com/entjobs/ent/job"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("stale")

func outcomes(ctx context.Context, client *ent.Client, m *concurrency.Mutex, id int) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	client.Job.Update().Where(job.FenceLTE(tok)).SetState("x").Exec(ctx)        // want `UPDATE Job .*outcome is never checked.*call Save`
	client.Job.Update().Where(job.FenceLTE(tok)).SetState("x").Save(ctx)        // want `UPDATE Job .*outcome is never checked.*number of rows`
	client.Job.UpdateOneID(id).Where(job.FenceLTE(tok)).SetState("x").Exec(ctx) // want `UPDATE Job .*outcome is never checked.*not-found`
	if err := client.Job.UpdateOneID(id).Where(job.FenceLTE(tok)).SetState("y").Exec(ctx); err != nil {
		return err // a not-found error: a newer holder has moved the fence
	}
	n, err := client.Job.Update().Where(job.IDEQ(id), job.FenceLTE(tok)).SetState("z").Save(ctx)
	if err != nil {
		return err
	}
	if n == 0 {
		return errStale
	}
	return nil
}
