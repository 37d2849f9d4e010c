package sqlfence

import (
	"fmt"
	"strings"
	"testing"
)

func TestLiterals(t *testing.T) {
	render := func(ls []Literal) string {
		var out []string
		for _, l := range ls {
			s := fmt.Sprintf("%s:%s=%s", l.Clause, l.Column, l.Value)
			if !l.Strong {
				s += "(weak)"
			}
			out = append(out, s)
		}
		return strings.Join(out, " ")
	}
	for _, c := range []struct{ sql, where, set string }{
		{"UPDATE redeem_codes SET status = 'used', used_by = $1 WHERE id = $2 AND status = 'unused'", "where:status=unused", "set:status=used"},
		{"UPDATE jobs SET state = 2 WHERE id = ? AND 1 = state", "where:state=1", "set:state=2"},
		{"UPDATE t SET done = TRUE WHERE id = $1 AND (done = false OR x = 'it''s')", "where:done=false(weak) where:x=it's(weak)", "set:done=true"},
		{"UPDATE t SET n = -1, s = E'a' WHERE k IN ('a') AND st = $1::text", "where:k=a", "set:n=-1"},
		{"UPDATE t SET s = 'x' || 'y', c = now() WHERE s <> 'x' AND s = $1", "", ""},
		{"DELETE FROM t WHERE status = 'done'", "where:status=done", ""},
		{"DELETE FROM jobs WHERE id = $1 AND state IN ('pending', 'scheduled')", "where:state=pending(weak) where:state=scheduled(weak)", ""},
		// A CTE the UPDATE's FROM names restricts the rows like a derived
		// table; a write inside a CTE is the statement's, all of it.
		{"WITH next AS (SELECT id FROM jobs WHERE status = 'pending' LIMIT 1 FOR UPDATE SKIP LOCKED) UPDATE jobs SET status = 'running' FROM next WHERE jobs.id = next.id", "from:status=pending", "set:status=running"},
		{"WITH u AS (UPDATE jobs SET status = 'running' WHERE status = 'pending' RETURNING id) SELECT id FROM u", "where:status=pending", "set:status=running"},
		{"WITH c AS (SELECT id FROM jobs WHERE status = 'pending') SELECT id FROM c", "", ""},
		// A locking read's rows are those in the state it compares; a
		// plain read records nothing.
		{"SELECT id FROM tasks WHERE status = 'queued' AND run_after <= now() LIMIT 1 FOR UPDATE SKIP LOCKED", "where:status=queued", ""},
		{"SELECT id FROM tasks WHERE status = 'queued' LIMIT 1", "", ""},
		{"INSERT INTO t (id, s) VALUES ($1, 'x') ON CONFLICT (id) DO UPDATE SET s = 'pending'", "", "set:s=pending"},
	} {
		st := Parse(c.sql)
		if got := render(st.Literals); got != c.where {
			t.Errorf("Parse(%q).Literals = %q, want %q", c.sql, got, c.where)
		}
		if got := render(st.SetLiterals); got != c.set {
			t.Errorf("Parse(%q).SetLiterals = %q, want %q", c.sql, got, c.set)
		}
	}
}

func TestPlainSets(t *testing.T) {
	st := Parse("UPDATE t SET status = $1, n = n + $2, s = CAST($3 AS text) WHERE id = $4")
	var got []string
	for _, a := range st.Sets {
		got = append(got, fmt.Sprintf("%s=%s:%v", a.Column, a.Param, a.Plain))
	}
	if want := "status=$1:true n=$2:false s=$3:true"; strings.Join(got, " ") != want {
		t.Errorf("Sets = %q, want %q", strings.Join(got, " "), want)
	}
}
