// Package suppressed checks that FC4001 findings honour suppression
// comments.
package suppressed

import (
	"context"
	"time"

	rl "k8s.io/client-go/tools/leaderelection/resourcelock"
)

func takeOver(ctx context.Context, lock rl.Interface, id string) error {
	rec, _, err := lock.Get(ctx)
	if err != nil {
		return err
	}
	//lint:ignore FC4001 the clocks of this cluster are disciplined by PTP and writes are fenced downstream
	if rec.RenewTime.Add(15 * time.Second).After(time.Now()) {
		return nil
	}
	rec.HolderIdentity = id
	return lock.Update(ctx, *rec)
}

func takeOverOld(ctx context.Context, lock rl.Interface, id string) error {
	rec, _, err := lock.Get(ctx)
	if err != nil {
		return err
	}
	if time.Since(rec.AcquireTime.Time) < time.Hour { //nolint:wallclockttl // single-host test cluster
		return nil
	}
	rec.HolderIdentity = id
	return lock.Create(ctx, *rec)
}
