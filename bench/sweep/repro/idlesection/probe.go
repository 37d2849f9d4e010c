// Package idlesection: a section that does no work (the lock is taken, a
// flag is set and the lock is given back, as the lock API's own tests do)
// is reported for not reading the lost channel (FC5002), whose message
// says the function "keeps working after Consul invalidates the session".
//
// Fixed in commit 82d49d1 (FC5002 ignores sections that only log or call
// the lock API): no longer reported; kept as a regression case.
package idlesection

import (
	"errors"
	"log"

	"github.com/hashicorp/consul/api"
)

var errNotHeld = errors.New("not held")

func Probe(l *api.Lock, acquired *bool) error {
	ch, err := l.Lock(nil) // was FP: FC5002 "lost channel ... never read"
	if err != nil {
		return err
	}
	if ch == nil {
		return errNotHeld
	}
	defer l.Unlock()
	log.Printf("acquired")
	*acquired = true
	return nil
}
