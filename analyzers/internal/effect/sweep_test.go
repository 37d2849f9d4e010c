package effect

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
)

func TestClockSweep(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"UPDATE deploys SET state = 'expired' WHERE state = 'pending' AND created_at < now() - interval '2 hours'", true},
		{"UPDATE jobs SET status = 'failed', worker = NULL WHERE status = 'running' AND lease_until <= CURRENT_TIMESTAMP", true},
		{"UPDATE deploys SET state = 'expired' WHERE state = 'pending' AND created_at < $1", false},                 // the holder's cutoff
		{"UPDATE deploys SET state = 'expired' WHERE created_at < now() - interval '2 hours'", false},               // no state it moves from
		{"UPDATE deploys SET state = 'pending' WHERE state = 'pending' AND created_at < now()", false},              // no transition
		{"UPDATE jobs SET state = 'queued', attempts = attempts + 1 WHERE state = 'running' AND hb < now()", false}, // computed value
		{"UPDATE jobs SET state = 'queued' WHERE state = 'running' AND hb < now() RETURNING id", false},             // rows to act on
		{"UPDATE jobs SET state = 'queued' WHERE state = 'running' AND hb > now()", false},                          // not a past deadline
		{"UPDATE jobs SET state = 'queued' WHERE state = 'running' OR hb < now()", false},                           // clock under OR
		{"DELETE FROM jobs WHERE state = 'done' AND finished_at < now()", false},
	} {
		if got := ClockSweep(sqlfence.Parse(c.text)); got != c.want {
			t.Errorf("ClockSweep(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
