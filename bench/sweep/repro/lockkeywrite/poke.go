// Package lockkeywrite: a write to the lock's own key (an operator-style
// intervention, or poking the key to wake the lock's monitor) is reported
// as a protected write that lacks the fencing token (FC1001). It is a lock
// operation, not an effect the lock protects.
package lockkeywrite

import (
	"github.com/hashicorp/consul/api"
)

func Poke(c *api.Client) error {
	l, err := c.LockKey("service/leader")
	if err != nil {
		return err
	}
	lost, err := l.Lock(nil)
	if err != nil {
		return err
	}
	defer l.Unlock()
	if _, err := c.KV().Delete("service/leader", nil); err != nil { // was FP: FC1001 on the lock's own key
		return err
	}
	<-lost
	return nil
}
