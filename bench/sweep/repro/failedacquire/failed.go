// Package failedacquire: paths on which the acquisition is known to have
// failed are treated as holding the lock (FC5002 "lost channel never read
// / discarded").
//
// TryOnce is fixed in commit e7eeef0 (Consul's (nil, nil) is not a critical
// section); ExpectConflict is still reported at commit f9894bf.
package failedacquire

import (
	"errors"
	"fmt"

	"github.com/hashicorp/consul/api"
)

// ExpectConflict continues only when Lock returned ErrLockConflict: no lock
// is held after the if.
func ExpectConflict(l *api.Lock) error {
	_, err := l.Lock(nil) // was FP: FC5002 "lost channel ... discarded"
	if err != api.ErrLockConflict {
		return fmt.Errorf("want a conflict, got %v", err)
	}
	return nil
}

// TryOnce: with LockTryOnce, Consul's Lock returns (nil, nil) when the wait
// expires; a nil channel means "not acquired".
func TryOnce(c *api.Client) error {
	l, err := c.LockOpts(&api.LockOptions{Key: "service/leader", LockTryOnce: true})
	if err != nil {
		return err
	}
	ch, err := l.Lock(nil) // was FP: FC5002 "lost channel ... never read"
	if err != nil {
		return err
	}
	if ch != nil {
		return errors.New("acquired unexpectedly")
	}
	return nil
}
