package effect

import "testing"

func TestCreatesIfAbsent(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"CREATE TABLE IF NOT EXISTS sage.config_audit (id SERIAL PRIMARY KEY, key TEXT)", true},
		{"create unique index if not exists idx_a on a (x, y)", true},
		{"CREATE SCHEMA IF NOT EXISTS sage; CREATE TABLE IF NOT EXISTS sage.t (id int)", true},
		{"ALTER TABLE t ADD COLUMN IF NOT EXISTS price NUMERIC(10,2) DEFAULT 0, ADD IF NOT EXISTS note TEXT", true},
		{"ALTER TABLE IF EXISTS t ADD COLUMN IF NOT EXISTS a int", true},
		{"CREATE TABLE t (id int)", false},
		{"CREATE OR REPLACE FUNCTION IF NOT EXISTS f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql", false},
		{"CREATE TABLE IF NOT EXISTS t (id int); DROP TABLE old", false},
		{"ALTER TABLE t ADD COLUMN IF NOT EXISTS a int, DROP COLUMN b", false},
		{"ALTER TABLE t ALTER COLUMN a TYPE bigint", false},
		{"INSERT INTO t (a) VALUES ($1) ON CONFLICT DO NOTHING", false},
		{"DROP TABLE IF EXISTS t", false},
	} {
		if got := createsIfAbsent(c.text); got != c.want {
			t.Errorf("createsIfAbsent(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
