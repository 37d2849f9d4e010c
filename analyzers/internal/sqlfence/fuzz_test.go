package sqlfence

import (
	"reflect"
	"strings"
	"testing"
)

// fuzzSeeds complement the committed corpus in testdata/fuzz/FuzzParse.
var fuzzSeeds = []string{
	"UPDATE accounts SET state=$1, fence_token=$2 WHERE id=$3 AND fence_token <= $2",
	"INSERT INTO t (id, fence) VALUES (?, ?) ON DUPLICATE KEY UPDATE fence = IF(fence <= VALUES(fence), VALUES(fence), fence)",
	"MERGE INTO t USING (SELECT @id AS id, @tok AS fence) s ON t.id = s.id WHEN MATCHED AND t.fence <= s.fence THEN UPDATE SET fence = s.fence",
	"WITH u AS (DELETE FROM t WHERE id = :id AND token = :tok RETURNING *) SELECT * FROM u",
	"DO $x$ BEGIN PERFORM pg_advisory_lock(1); END $x$; SELECT GET_LOCK(?, 10)",
	"SELECT a /* x /* y */ ? */ FROM t WHERE b = 'it''s ?' -- ?\n AND c = E'\\'?' FOR UPDATE",
	"((((SELECT 1",
	"UPDATE t SET v = CASE WHEN f <= $1 THEN 1 ELSE v END WHERE (f IS NULL OR f < $1 + 1)",
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sql string) {
		st := Parse(sql)
		if st == nil {
			t.Fatal("Parse returned nil")
		}
		checkStatement(t, sql, st)
		all := ParseAll(sql)
		if len(all) > 0 && !reflect.DeepEqual(all[0], st) {
			t.Fatalf("Parse and ParseAll disagree:\n%+v\n%+v", st, all[0])
		}
		if len(all) == 0 && (st.Text != "" || st.Kind != Unknown) {
			t.Fatalf("ParseAll found no statement but Parse did: %+v", st)
		}
		for _, s := range all {
			if s == nil {
				t.Fatal("ParseAll returned a nil statement")
			}
			checkStatement(t, sql, s)
		}
	})
}

func checkStatement(t *testing.T, sql string, st *Statement) {
	t.Helper()
	if st.Kind < Unknown || st.Kind > Session {
		t.Fatalf("Kind out of range: %d", st.Kind)
	}
	if !strings.Contains(sql, st.Text) {
		t.Fatalf("Text %q is not part of the input", st.Text)
	}
	inStmt := func(p Placeholder) bool {
		for _, q := range st.Placeholders {
			if q == p {
				return true
			}
		}
		return false
	}
	for _, p := range st.Placeholders {
		if p.ArgIndex() < -1 {
			t.Fatalf("ArgIndex %d < -1 for %v", p.ArgIndex(), p)
		}
		switch p.Style {
		case Dollar:
			if p.Index < 0 || p.Name != "" {
				t.Fatalf("bad dollar placeholder %#v", p)
			}
		case Question:
			if p.Index < 1 || p.Name != "" {
				t.Fatalf("bad question placeholder %#v", p)
			}
		case Colon, At:
			if p.Index != 0 || p.Name == "" || p.ArgIndex() != -1 {
				t.Fatalf("bad named placeholder %#v", p)
			}
		default:
			t.Fatalf("bad style %#v", p)
		}
		if p.String() == "" {
			t.Fatalf("empty String for %#v", p)
		}
	}
	for _, g := range st.Guards {
		switch g.Op {
		case "<=", "<", "=", ">=", ">", "<>":
		default:
			t.Fatalf("bad guard op %q", g.Op)
		}
		if !inStmt(g.Param) {
			t.Fatalf("guard param %v not among the statement's placeholders", g.Param)
		}
	}
	for _, a := range st.Sets {
		if !inStmt(a.Param) {
			t.Fatalf("set param %v not among the statement's placeholders", a.Param)
		}
	}
	for _, c := range st.Advisory {
		for _, a := range c.Args {
			if !inStmt(a) {
				t.Fatalf("advisory arg %v not among the statement's placeholders", a)
			}
		}
	}
	preds := []func(Placeholder) bool{
		nil,
		func(Placeholder) bool { return true },
		func(Placeholder) bool { return false },
		func(p Placeholder) bool { return p.Index%2 == 0 },
	}
	for _, p := range st.Placeholders {
		p := p
		preds = append(preds, func(q Placeholder) bool { return q == p })
	}
	for _, f := range preds {
		if v := st.Fence(f); v < Absent || v > SetOnly {
			t.Fatalf("Fence verdict out of range: %d", v)
		}
	}
	_ = st.Kind.String()
}
