// Package wait is a stub of k8s.io/apimachinery/pkg/util/wait (v0.37):
// only what the tests use.
package wait

import (
	"context"
	"time"
)

// ConditionWithContextFunc returns true when the wait is over.
type ConditionWithContextFunc func(context.Context) (done bool, err error)

// PollUntilContextTimeout calls condition every interval until it returns
// true, an error, or the timeout passes.
func PollUntilContextTimeout(ctx context.Context, interval, timeout time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}
