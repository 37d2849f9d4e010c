package sqlfence

import (
	"strings"
	"testing"
)

// TestClock checks the comparisons of a column with the database's clock.
func TestClock(t *testing.T) {
	cases := []struct {
		sql, want string // want: clause:col op, space-separated; "~" marks Weak
	}{
		{"UPDATE locks SET owner = $1 WHERE name = $2 AND expires_at < now()", "where:expires_at<"},
		{"UPDATE locks SET owner = ? WHERE name = ? AND expires_at <= CURRENT_TIMESTAMP", "where:expires_at<="},
		{"UPDATE locks SET owner = ? WHERE name = ? AND NOW() > expires_at", "where:expires_at<"},
		{"UPDATE jobs SET worker = $1 WHERE locked_until IS NULL OR locked_until < now() - interval '5 seconds'", "where:locked_until<"},
		{"UPDATE jobs SET worker = $1 WHERE id = $2 OR locked_until < now()", "where:~locked_until<"},
		{"INSERT INTO backend.locks (name, data, expires_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE locks.expires_at <= NOW() RETURNING *", "on conflict:expires_at<="},
		{"DELETE FROM leases WHERE expires_at < UTC_TIMESTAMP()", "where:expires_at<"},
		{"SELECT id FROM jobs WHERE lease_until < clock_timestamp() FOR UPDATE SKIP LOCKED", "where:lease_until<"},
		{"DELETE FROM leases WHERE expires < UNIX_TIMESTAMP()", "where:expires<"},
		{"UPDATE t SET a = $1 WHERE expires_at < $2", ""},
		{"UPDATE t SET a = $1 WHERE created_by = current_user", ""},
		{"UPDATE t SET a = $1 WHERE expires_at < now() + $2 * interval '1 millisecond'", "where:expires_at<"},
		// Every arm past a time: the rows are all past one.
		{"DELETE FROM tokens WHERE expires_at < now() OR (used = true AND created_at < now() - interval '1 day')", "where:expires_at< where:created_at<"},
		{"DELETE FROM tokens WHERE expires_at < now() OR used = true", "where:~expires_at<"},
		{"DELETE FROM tokens WHERE expires_at > now() OR created_at < now()", "where:~expires_at> where:~created_at<"},
	}
	for _, c := range cases {
		st := Parse(c.sql)
		var got []string
		for _, g := range st.Clock {
			s := g.Clause + ":"
			if !g.Strong {
				s += "~"
			}
			got = append(got, s+g.Column+g.Op)
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s\n got %q\nwant %q", c.sql, g, c.want)
		}
	}
}
