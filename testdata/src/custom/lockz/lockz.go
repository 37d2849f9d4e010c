// Package lockz is an in-house lock client described by annotations.
package lockz

import "context"

type Client struct{}

type Lease struct {
	//fencecheck:fence
	Epoch int64 // want Epoch:`fence`
	Owner string
}

// Acquire takes the named lease.
//
//fencecheck:lock success=err
func (c *Client) Acquire(ctx context.Context, name string) (*Lease, error) { return &Lease{}, nil } // want Acquire:`acquire\(lock Acquire, result 1\)`

// Release gives it back.
//
//fencecheck:release
func (c *Client) Release(ctx context.Context, l *Lease) error { return nil }

// Valid reports whether the lease looks alive.
//
//fencecheck:check
func (l *Lease) Valid() bool { return true } // want Valid:`check`

// Token returns the lease's fencing token.
//
//fencecheck:fence
func (l *Lease) Token() int64 { return l.Epoch } // want Token:`fence`

// Publish sends to a broker that enforces the epoch passed as argument 2.
//
//fencecheck:sink carried_by=2
func Publish(ctx context.Context, topic string, epoch int64) error { return nil } // want Publish:`effects\(call to Publish@lockz.go:37 carried by \[2\]\)`

// ErrBusy is returned when another holder has the lock.
var ErrBusy error = busy{}

type busy struct{}

func (busy) Error() string { return "busy" }
