package testfixture

import (
	"context"
	"testing"
	"time"
)

func TestReap(t *testing.T) {
	s := &Store{}
	old := time.Now().Add(-15 * time.Minute)
	if err := s.insert(context.Background(), Task{Name: "stale", LockedAt: &old}); err != nil {
		t.Fatal(err)
	}
}
