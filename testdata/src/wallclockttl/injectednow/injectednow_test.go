package injectednow

import (
	"context"
	"testing"
	"time"
)

func TestClaim(t *testing.T) {
	var r Repo
	now := time.Unix(1700000000, 0).UTC()
	_ = r.ClaimLease(context.Background(), "s0", "w", now, now.Add(time.Minute))
}
