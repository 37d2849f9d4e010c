// Package consulsemaphore: Consul's Semaphore.Acquire is inferred as an
// acquire wrapper, but Semaphore.Release is not known as its release, so
// the KV.Delete of the contender key inside Release (semaphore.go:345) is
// reported as an unfenced write under the semaphore (FC1001).
//
// Fixed in commit e7eeef0 (Consul Semaphore in the knowledge base): no
// longer reported; kept as a regression case.
package consulsemaphore

import (
	"errors"

	"github.com/hashicorp/consul/api"
)

var errLost = errors.New("semaphore lost")

func Work(c *api.Client) error {
	sema, err := c.SemaphorePrefix("service/sema/", 2)
	if err != nil {
		return err
	}
	lost, err := sema.Acquire(nil)
	if err != nil {
		return err
	}
	defer sema.Release() // was FP: FC1001 "Consul KV Delete ... reached through this call"
	select {
	case <-lost:
		return errLost
	default:
	}
	return nil
}
