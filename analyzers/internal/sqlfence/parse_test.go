package sqlfence

import (
	"strings"
	"testing"
)

type parseCase struct {
	sql       string
	kind      Kind
	verb      string
	table     string
	phs       string // Placeholder.String()s, space-separated
	guards    string // see guardString
	sets      string // col=param, space-separated
	cols      string // ReadColumns joined by ","
	adv       string // func(args), space-separated
	upsert    bool
	returning bool
}

var parseCases = []parseCase{
	// UPDATE forms and table extraction.
	{"UPDATE accounts SET state=$1, fence_token=$2 WHERE id=$3 AND fence_token <= $2", Write, "UPDATE", "accounts", "$1 $2 $3 $2", "where:id=$3 where:fence_token<=$2", "state=$1 fence_token=$2", "", "", false, false},
	{"UPDATE public.accounts SET v = ? WHERE id = ?", Write, "UPDATE", "accounts", "?#1 ?#2", "where:id=?#2", "v=?#1", "", "", false, false},
	{"UPDATE \"Public\".\"Accounts\" AS a SET v = :v WHERE a.id = :id", Write, "UPDATE", "accounts", ":v :id", "where:id=:id", "v=:v", "", "", false, false},
	{"UPDATE `db`.`Accounts` SET v = ? WHERE id = ? LIMIT 1", Write, "UPDATE", "accounts", "?#1 ?#2", "where:id=?#2", "v=?#1", "", "", false, false},
	{"UPDATE [dbo].[Accounts] SET v = @v WHERE id = @id", Write, "UPDATE", "accounts", "@v @id", "where:id=@id", "v=@v", "", "", false, false},
	{"UPDATE ONLY s.t SET v = $1 WHERE t.fence < $2 + 1 RETURNING v", Write, "UPDATE", "t", "$1 $2", "where:fence<$2+", "v=$1", "", "", false, true},
	{"UPDATE LOW_PRIORITY IGNORE t SET a = ?, b = ? WHERE c = ?", Write, "UPDATE", "t", "?#1 ?#2 ?#3", "where:c=?#3", "a=?#1 b=?#2", "", "", false, false},
	{"UPDATE TOP (1) t SET a = @a OUTPUT inserted.a WHERE b = @b", Write, "UPDATE", "t", "@a @b", "where:b=@b", "a=@a", "", "", false, false},
	{"UPDATE t SET (a, b) = ($1, $2) WHERE fence <= $3", Write, "UPDATE", "t", "$1 $2 $3", "where:fence<=$3", "a=$1 b=$2", "", "", false, false},
	{"UPDATE t1 JOIN t2 ON t1.id = t2.id SET t1.v = ? WHERE t2.fence <= ?", Write, "UPDATE", "t1", "?#1 ?#2", "where:fence<=?#2", "v=?#1", "", "", false, false},
	{"UPDATE t SET v = $1 WHERE CURRENT OF c", Write, "UPDATE", "t", "$1", "", "v=$1", "", "", false, false},
	{"UPDATE t SET v = $1 WHERE id = $2 AND fence <= $3::bigint[] AND tags @> $4", Write, "UPDATE", "t", "$1 $2 $3 $4", "where:id=$2 where:fence<=$3", "v=$1", "", "", false, false},
	{"UPDATE t SET v = $1 WHERE fence BETWEEN $2 AND $3", Write, "UPDATE", "t", "$1 $2 $3", "where:fence>=$2 where:fence<=$3", "v=$1", "", "", false, false},
	{"UPDATE t SET v = ? WHERE epoch IN (?, ?)", Write, "UPDATE", "t", "?#1 ?#2 ?#3", "where:~epoch=?#2 where:~epoch=?#3", "v=?#1", "", "", false, false},
	{"UPDATE t SET v = $1 WHERE id = $2 OR NOT fence > $3", Write, "UPDATE", "t", "$1 $2 $3", "where:~id=$2 where:~fence>$3", "v=$1", "", "", false, false},
	{"UPDATE t SET v = $1 WHERE id = $2 AND fence <= $3 weird garbage here", Write, "UPDATE", "t", "$1 $2 $3", "where:~id=$2 where:~fence<=$3", "v=$1", "", "", false, false},
	{"UPDATE t SET v = $1 WHERE (id = $2 AND fence <= $3", Write, "UPDATE", "t", "$1 $2 $3", "where:~id=$2 where:~fence<=$3", "v=$1", "", "", false, false},
	{"UPDATE t SET v = $1 WHERE id = $2 AND fence <= $3 AND (a IS DISTINCT FROM b) AND ts AT TIME ZONE 'UTC' > now() AND name COLLATE \"C\" LIKE 'x%'", Write, "UPDATE", "t", "$1 $2 $3", "where:id=$2 where:fence<=$3", "v=$1", "", "", false, false},
	{"UPDATE t SET v = $1 WHERE id = $2 AND fence <= $3 AND extract(epoch from ts) > 5 AND count(*) FILTER (WHERE x) OVER (PARTITION BY y) > 1", Write, "UPDATE", "t", "$1 $2 $3", "where:id=$2 where:fence<=$3", "v=$1", "", "", false, false},
	{"UPDATE t SET v = ? WHERE data ?| array['a'] AND fence <= ?", Write, "UPDATE", "t", "?#1 ?#2 ?#3", "where:~fence<=?#3", "v=?#1", "", "", false, false},
	{"UPDATE t SET price$1 = 5 WHERE id = $1", Write, "UPDATE", "t", "$1", "where:id=$1", "", "", "", false, false},
	{"UPDATE t SET v = :v WHERE id = :user.id", Write, "UPDATE", "t", ":v :user.id", "where:id=:user.id", "v=:v", "", "", false, false},
	{"UPDATE t SET v = CASE WHEN fence <= $2 THEN $1 ELSE v END WHERE id = $3", Write, "UPDATE", "t", "$2 $1 $3", "set:fence<=$2 where:id=$3", "v=$1", "", "", false, false},
	{"UPDATE accounts a JOIN leases l ON l.resource = a.id AND l.token = ? SET a.state = ? WHERE a.id = ?", Write, "UPDATE", "accounts", "?#1 ?#2 ?#3", "join:token=?#1 where:id=?#3", "state=?#2", "", "", false, false},
	{"UPDATE t SET v = @v FROM t JOIN locks l ON l.name = t.lock LEFT JOIN x ON x.e = @e WHERE l.token = @tok", Write, "UPDATE", "t", "@v @e @tok", "join:~e=@e where:token=@tok", "v=@v", "", "", false, false},
	// DELETE.
	{"DELETE FROM ONLY s.locks WHERE name = $1 AND token <= $2 RETURNING name", Write, "DELETE", "locks", "$1 $2", "where:name=$1 where:token<=$2", "", "", "", false, true},
	{"DELETE t1 FROM t1 JOIN t2 ON t1.id = t2.id WHERE t2.token = ?", Write, "DELETE", "t1", "?#1", "where:token=?#1", "", "", "", false, false},
	{"DELETE FROM \"Locks\" WHERE name = :name", Write, "DELETE", "locks", ":name", "where:name=:name", "", "", "", false, false},
	// INSERT / upserts.
	{"INSERT INTO s.t (id, fence) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET fence = EXCLUDED.fence WHERE t.fence <= EXCLUDED.fence RETURNING id", Write, "INSERT", "t", "$1 $2", "on conflict:fence<=$2", "id=$1 fence=$2", "", "", true, true},
	{"INSERT INTO t (id, fence) VALUES ($1, $2) ON CONFLICT DO NOTHING", Write, "INSERT", "t", "$1 $2", "", "id=$1 fence=$2", "", "", false, false},
	{"INSERT INTO t (id, fence) VALUES ($1, $2), ($3, $4) ON CONFLICT (id) DO UPDATE SET fence = EXCLUDED.fence WHERE t.fence <= EXCLUDED.fence", Write, "INSERT", "t", "$1 $2 $3 $4", "on conflict:fence<=$2 on conflict:fence<=$4", "id=$1 fence=$2 id=$3 fence=$4", "", "", true, false},
	{"INSERT INTO t (id, fence) VALUES (?, ?), (?, ?) ON DUPLICATE KEY UPDATE fence = VALUES(fence)", Write, "INSERT", "t", "?#1 ?#2 ?#3 ?#4", "", "id=?#1 fence=?#2 id=?#3 fence=?#4", "", "", true, false},
	{"INSERT INTO t (id, fence) VALUES (?, ?) AS new (i, f) ON DUPLICATE KEY UPDATE fence = IF(fence <= new.f, new.f, fence)", Write, "INSERT", "t", "?#1 ?#2", "on duplicate key update:fence<=?#2", "id=?#1 fence=?#2", "", "", true, false},
	{"INSERT INTO t (id, state, fence) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE state = IF(fence <= VALUES(fence), VALUES(state), state), fence = IF(fence <= VALUES(fence), VALUES(fence), fence)", Write, "INSERT", "t", "?#1 ?#2 ?#3", "on duplicate key update:fence<=?#3", "id=?#1 state=?#2 fence=?#3", "", "", true, false},
	{"INSERT INTO t SET id = ?, fence = ?", Write, "INSERT", "t", "?#1 ?#2", "", "id=?#1 fence=?#2", "", "", false, false},
	{"INSERT OR REPLACE INTO t (id, fence) VALUES (?, ?)", Write, "INSERT", "t", "?#1 ?#2", "", "id=?#1 fence=?#2", "", "", false, false},
	{"INSERT INTO t VALUES ($1, $2)", Write, "INSERT", "t", "$1 $2", "", "=$1 =$2", "", "", false, false},
	{"INSERT INTO t (a) SELECT x FROM u WHERE y = $1", Write, "INSERT", "t", "$1", "where:y=$1", "", "", "", false, false},
	{"INSERT INTO t DEFAULT VALUES RETURNING id", Write, "INSERT", "t", "", "", "", "", "", false, true},
	{"REPLACE INTO t (id, v) VALUES (?, ?)", Write, "REPLACE", "t", "?#1 ?#2", "", "id=?#1 v=?#2", "", "", false, false},
	{"UPSERT INTO t (id, fence) VALUES ($1, $2)", Write, "UPSERT", "t", "$1 $2", "", "id=$1 fence=$2", "", "", true, false},
	// MERGE.
	{"MERGE INTO s.accounts t USING (VALUES ($1, $2)) AS s(id, fence) ON t.id = s.id WHEN MATCHED AND t.fence <= s.fence THEN UPDATE SET fence = s.fence WHEN NOT MATCHED THEN INSERT (id, fence) VALUES (s.id, s.fence)", Write, "MERGE", "accounts", "$1 $2", "merge on:~id=$1 merge:fence<=$2", "fence=$2 id=$1", "", "", true, false},
	{"MERGE accounts WITH (HOLDLOCK) AS t USING (SELECT @id AS id, @tok AS fence) AS s ON t.id = s.id WHEN MATCHED AND t.fence <= s.fence THEN UPDATE SET t.fence = s.fence WHEN NOT MATCHED BY SOURCE THEN DELETE OUTPUT $action;", Write, "MERGE", "accounts", "@id @tok", "merge on:~id=@id merge:fence<=@tok", "fence=@tok", "", "", true, false},
	// WITH.
	{"WITH u AS (UPDATE t SET v = $1 WHERE id = $2 RETURNING *) SELECT * FROM u", Write, "UPDATE", "t", "$1 $2", "where:id=$2", "v=$1", "*", "", false, true},
	{"WITH u AS (UPDATE tasks SET status = $1 WHERE id = $2 RETURNING id, status) INSERT INTO task_events (task_id, status) SELECT id, status FROM u", Write, "UPDATE", "tasks", "$1 $2", "where:id=$2", "status=$1", "", "", false, true},
	{"WITH a AS (UPDATE t SET v = $1 WHERE id = $2) INSERT INTO log (msg) VALUES ($3)", Write, "INSERT", "log", "$1 $2 $3", "", "msg=$3", "", "", false, false},
	{"WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM r) SELECT n FROM r", Read, "SELECT", "r", "", "", "", "n", "", false, false},
	{"WITH a AS MATERIALIZED (SELECT 1) DELETE FROM t WHERE id = $1", Write, "DELETE", "t", "$1", "where:id=$1", "", "", "", false, false},
	{"WITH a AS (SELECT id FROM t WHERE k = $1 FOR UPDATE) SELECT id FROM a", LockingRead, "SELECT", "a", "$1", "", "", "id", "", false, false},
	// SELECT.
	{"SELECT fence_token FROM locks WHERE name = $1", Read, "SELECT", "locks", "$1", "where:name=$1", "", "fence_token", "", false, false},
	{"SELECT id, l.fence_token AS f, COALESCE(epoch, 0), count(*), * FROM public.locks l WHERE name = ?", Read, "SELECT", "locks", "?#1", "where:name=?#1", "", "id,fence_token,epoch,,*", "", false, false},
	{"SELECT t.* FROM \"Locks\" t FOR UPDATE OF t SKIP LOCKED", LockingRead, "SELECT", "locks", "", "", "", "*", "", false, false},
	{"SELECT fence FROM locks WHERE name = $1 FOR NO KEY UPDATE NOWAIT", LockingRead, "SELECT", "locks", "$1", "where:name=$1", "", "fence", "", false, false},
	{"SELECT fence FROM locks WHERE name = ? LOCK IN SHARE MODE", LockingRead, "SELECT", "locks", "?#1", "where:name=?#1", "", "fence", "", false, false},
	{"SELECT fence FROM locks WITH (UPDLOCK) WHERE name = @n", LockingRead, "SELECT", "locks", "@n", "where:name=@n", "", "fence", "", false, false},
	{"SELECT fence FROM locks WHERE name = $1 FOR SHARE", LockingRead, "SELECT", "locks", "$1", "where:name=$1", "", "fence", "", false, false},
	{"SELECT fence FROM locks WHERE name = $1 FOR KEY SHARE", LockingRead, "SELECT", "locks", "$1", "where:name=$1", "", "fence", "", false, false},
	{"SELECT DISTINCT ON (a) a, b FROM t", Read, "SELECT", "t", "", "", "", "a,b", "", false, false},
	{"SELECT a FROM t WHERE arr[1:2] = :x AND b = :y", Read, "SELECT", "t", ":x :y", "where:b=:y", "", "a", "", false, false},
	{"SELECT '{1,2}'::int[] AS x, now() - INTERVAL 5 MINUTE, DATE '2020-01-01' FROM t WHERE ts > NOW() - INTERVAL '5 minutes' AND id = :id", Read, "SELECT", "t", ":id", "where:id=:id", "", ",,", "", false, false},
	{"SELECT * FROM t WHERE id = $1 UNION SELECT * FROM u WHERE fence <= $2", Read, "SELECT", "t", "$1 $2", "where:~id=$1", "", "*", "", false, false},
	{"(SELECT a FROM t) UNION (SELECT a FROM u)", Read, "SELECT", "t", "", "", "", "a", "", false, false},
	// Advisory locks.
	{"SELECT pg_advisory_xact_lock($1)", Read, "SELECT", "", "$1", "", "", "", "pg_advisory_xact_lock($1)", false, false},
	{"SELECT pg_try_advisory_lock(hashtext($1)), pg_advisory_unlock($2::bigint)", Read, "SELECT", "", "$1 $2", "", "", ",", "pg_try_advisory_lock($1) pg_advisory_unlock($2)", false, false},
	{"SELECT GET_LOCK(?, 10)", Read, "SELECT", "", "?#1", "", "", "", "get_lock(?#1)", false, false},
	{"SELECT RELEASE_LOCK(:name), IS_FREE_LOCK(:name)", Read, "SELECT", "", ":name :name", "", "", ",", "release_lock(:name) is_free_lock(:name)", false, false},
	{"SELECT pg_advisory_unlock_all()", Read, "SELECT", "", "", "", "", "", "pg_advisory_unlock_all()", false, false},
	{"SELECT pg_advisory_lock_shared(@k)", Read, "SELECT", "", "@k", "", "", "", "pg_advisory_lock_shared(@k)", false, false},
	{"EXEC sp_getapplock @Resource = @res, @LockMode = 'Exclusive'", Unknown, "EXEC", "", "@Resource @res @LockMode", "", "", "", "sp_getapplock(@res)", false, false},
	{"SELECT pg_catalog.pg_advisory_lock(42)", Read, "SELECT", "", "", "", "", "", "pg_advisory_lock()", false, false},
	{"SELECT 'pg_advisory_lock($1)' -- get_lock(?)", Read, "SELECT", "", "", "", "", "", "", false, false},
	{"DO $$ BEGIN PERFORM pg_advisory_xact_lock(1); UPDATE t SET v = 1; END $$", Unknown, "DO", "", "", "", "", "", "pg_advisory_xact_lock()", false, false},
	{"DO LANGUAGE plpgsql 'BEGIN PERFORM pg_advisory_lock(2); END'", Unknown, "DO", "", "", "", "", "", "pg_advisory_lock()", false, false},
	// Kind classification of the other verbs.
	{"SHOW search_path", Read, "SHOW", "", "", "", "", "", "", false, false},
	{"EXPLAIN SELECT * FROM t", Read, "EXPLAIN", "", "", "", "", "", "", false, false},
	{"EXPLAIN ANALYZE UPDATE t SET v = $1 WHERE fence <= $2", Write, "UPDATE", "t", "$1 $2", "where:fence<=$2", "v=$1", "", "", false, false},
	{"EXPLAIN (ANALYZE, BUFFERS) DELETE FROM t WHERE id = $1", Write, "DELETE", "t", "$1", "where:id=$1", "", "", "", false, false},
	{"EXPLAIN (ANALYZE false) DELETE FROM t WHERE id = $1", Read, "EXPLAIN", "", "$1", "", "", "", "", false, false},
	{"VALUES (1), (2)", Read, "VALUES", "", "", "", "", "", "", false, false},
	{"TABLE s.t", Read, "TABLE", "t", "", "", "", "", "", false, false},
	{"COPY t (a, b) FROM STDIN", Write, "COPY", "t", "", "", "", "", "", false, false},
	{"COPY t TO STDOUT", Read, "COPY", "t", "", "", "", "", "", false, false},
	{"COPY (SELECT * FROM t) TO STDOUT", Read, "COPY", "", "", "", "", "", "", false, false},
	{"TRUNCATE TABLE s.t", Write, "TRUNCATE", "t", "", "", "", "", "", false, false},
	{"LOAD DATA LOCAL INFILE 'x' INTO TABLE s.t", Write, "LOAD", "t", "", "", "", "", "", false, false},
	{"CREATE TABLE t (id int)", DDL, "CREATE", "", "", "", "", "", "", false, false},
	{"ALTER TABLE t ADD COLUMN x int", DDL, "ALTER", "", "", "", "", "", "", false, false},
	{"DROP TABLE t", DDL, "DROP", "", "", "", "", "", "", false, false},
	{"GRANT SELECT ON t TO u", DDL, "GRANT", "", "", "", "", "", "", false, false},
	{"REVOKE ALL ON t FROM u", DDL, "REVOKE", "", "", "", "", "", "", false, false},
	{"COMMENT ON TABLE t IS 'x'", DDL, "COMMENT", "", "", "", "", "", "", false, false},
	{"VACUUM t", DDL, "VACUUM", "", "", "", "", "", "", false, false},
	{"REFRESH MATERIALIZED VIEW v", DDL, "REFRESH", "", "", "", "", "", "", false, false},
	{"BEGIN", Session, "BEGIN", "", "", "", "", "", "", false, false},
	{"START TRANSACTION", Session, "START", "", "", "", "", "", "", false, false},
	{"COMMIT", Session, "COMMIT", "", "", "", "", "", "", false, false},
	{"ROLLBACK TO SAVEPOINT a", Session, "ROLLBACK", "", "", "", "", "", "", false, false},
	{"SAVEPOINT a", Session, "SAVEPOINT", "", "", "", "", "", "", false, false},
	{"RELEASE SAVEPOINT a", Session, "RELEASE", "", "", "", "", "", "", false, false},
	{"SET search_path = x", Session, "SET", "", "", "", "", "", "", false, false},
	{"set lock_timeout = ?", Session, "SET", "", "?#1", "", "", "", "", false, false},
	{"RESET ALL", Session, "RESET", "", "", "", "", "", "", false, false},
	{"LOCK TABLE t IN EXCLUSIVE MODE", Session, "LOCK", "", "", "", "", "", "", false, false},
	{"CALL proc($1)", Unknown, "CALL", "", "$1", "", "", "", "", false, false},
	{"FROBNICATE the table", Unknown, "FROBNICATE", "", "", "", "", "", "", false, false},
	{"-- just a comment", Unknown, "", "", "", "", "", "", "", false, false},
	{"/* only */ ;;", Unknown, "", "", "", "", "", "", "", false, false},
	{"", Unknown, "", "", "", "", "", "", "", false, false},
	{"'just a string' $1", Unknown, "", "", "$1", "", "", "", "", false, false},
	// Multi-statement text: Parse returns the first non-empty statement.
	{";; SELECT 1; UPDATE t SET v = 2", Read, "SELECT", "", "", "", "", "", "", false, false},
	{"UPDATE t SET v = ? WHERE id = ?; UPDATE u SET w = ? WHERE fence <= ?", Write, "UPDATE", "t", "?#1 ?#2", "where:id=?#2", "v=?#1", "", "", false, false},
}

func TestParse(t *testing.T) {
	for _, c := range parseCases {
		st := Parse(c.sql)
		got := parseCase{
			sql: c.sql, kind: st.Kind, verb: st.Verb, table: st.Table,
			phs: phString(st.Placeholders), guards: guardString(st.Guards), sets: setString(st.Sets),
			cols: strings.Join(st.ReadColumns, ","), adv: advString(st.Advisory),
			upsert: st.Upsert, returning: st.Returning,
		}
		if got != c {
			t.Errorf("Parse(%q)\n got: %+v\nwant: %+v", c.sql, got, c)
		}
	}
}

func TestText(t *testing.T) {
	cases := []struct{ sql, text string }{
		{"  -- lead\n UPDATE t SET v = 1 ; ", "UPDATE t SET v = 1"},
		{"/* c */SELECT 1 /* trailing */", "SELECT 1"},
		{"", ""},
	}
	for _, c := range cases {
		if got := Parse(c.sql).Text; got != c.text {
			t.Errorf("Parse(%q).Text = %q, want %q", c.sql, got, c.text)
		}
	}
}

func TestParseAll(t *testing.T) {
	cases := []struct {
		sql   string
		kinds string // Kind/Verb per statement
		phs   string // placeholders per statement, "|" separated
	}{
		{"BEGIN; UPDATE t SET v = ? WHERE f <= ?; COMMIT;", "Session/BEGIN Write/UPDATE Session/COMMIT", "|?#1 ?#2|"},
		{"UPDATE a SET x = ?; UPDATE b SET y = ? WHERE f <= ?", "Write/UPDATE Write/UPDATE", "?#1|?#2 ?#3"},
		{"SELECT 'a;b'; SELECT $$;$$; SELECT \"c;d\" -- ;\n", "Read/SELECT Read/SELECT Read/SELECT", "||"},
		{"CREATE RULE r AS ON INSERT TO t DO (UPDATE u SET x = 1; DELETE FROM w)", "DDL/CREATE", ""},
		{";;;", "", ""},
		{"", "", ""},
		{"SELECT 1;\n-- trailing comment only\n", "Read/SELECT", ""},
	}
	for _, c := range cases {
		all := ParseAll(c.sql)
		var kinds, phs []string
		for _, st := range all {
			kinds = append(kinds, st.Kind.String()+"/"+st.Verb)
			phs = append(phs, phString(st.Placeholders))
		}
		if got := strings.Join(kinds, " "); got != c.kinds {
			t.Errorf("ParseAll(%q) kinds = %q, want %q", c.sql, got, c.kinds)
		}
		if got := strings.Join(phs, "|"); got != c.phs {
			t.Errorf("ParseAll(%q) placeholders = %q, want %q", c.sql, got, c.phs)
		}
	}
	// The second statement's fence is evaluated with its own guards.
	all := ParseAll("UPDATE a SET x = $1 WHERE id = $2; UPDATE b SET y = $3 WHERE fence <= $4")
	if len(all) != 2 {
		t.Fatalf("got %d statements", len(all))
	}
	if v := all[0].Fence(toks("$4")); v != Absent {
		t.Errorf("first statement: %v, want Absent", v)
	}
	if v := all[1].Fence(toks("$4")); v != Carried {
		t.Errorf("second statement: %v, want Carried", v)
	}
}

func TestPlaceholders(t *testing.T) {
	cases := []struct{ sql, want string }{
		{"SELECT $1, $10, $2", "$1 $10 $2"},
		{"SELECT ?, ?, ?", "?#1 ?#2 ?#3"},
		{"SELECT :a, :b_2, @c, @d1", ":a :b_2 @c @d1"},
		{"SELECT $1::bigint, CAST($2 AS int), ($3)", "$1 $2 $3"},
		{"SELECT x::text, '{}'::jsonb, a :: int FROM t WHERE y = :y", ":y"},
		{"SELECT 'a $1 ? :x @y', \"$2?\", `?` FROM t", ""},
		{"SELECT 1 -- $1 ?\n, 2 /* $2 ? /* :n */ @m */", ""},
		{"SELECT $$ $1 ? $$, $tag$ :x $$ ? $tag$, $1", "$1"},
		{"SELECT E'\\' $1', 'it''s ?', N'?', ?", "?#1"},
		{"SELECT data ? 'k', data ?| array['a'], data ?& array['b'] FROM t WHERE id = $1", "$1"},
		{"SELECT @@version, @@global.x, @v", "@v"},
		{"SELECT arr[1:2], arr[:n], x FROM t WHERE y = :n", ":n"},
		{"SELECT a$1, $1abc", "$1"},
		{"SELECT x := 1, :=", ""},
		{"UPDATE t SET v = 'unterminated $1", ""},
		{"SELECT /* unterminated $1", ""},
		{"SELECT $tag$ unterminated $1", ""},
		{"WHERE fence<@tok AND b<@>c", "@tok"},
		{"SELECT $99999999999999999999", "$1073741824"},
	}
	for _, c := range cases {
		if got := phString(Parse(c.sql).Placeholders); got != c.want {
			t.Errorf("Placeholders(%q) = %q, want %q", c.sql, got, c.want)
		}
	}
}

func TestPlaceholderMethods(t *testing.T) {
	cases := []struct {
		p    Placeholder
		str  string
		argi int
	}{
		{Placeholder{Style: Dollar, Index: 2}, "$2", 1},
		{Placeholder{Style: Dollar, Index: 1}, "$1", 0},
		{Placeholder{Style: Dollar, Index: 0}, "$0", -1},
		{Placeholder{Style: Question, Index: 3}, "?#3", 2},
		{Placeholder{Style: Colon, Name: "tok"}, ":tok", -1},
		{Placeholder{Style: At, Name: "tok"}, "@tok", -1},
	}
	for _, c := range cases {
		if got := c.p.String(); got != c.str {
			t.Errorf("%#v.String() = %q, want %q", c.p, got, c.str)
		}
		if got := c.p.ArgIndex(); got != c.argi {
			t.Errorf("%#v.ArgIndex() = %d, want %d", c.p, got, c.argi)
		}
	}
	if !IsArg(1)(Placeholder{Style: Dollar, Index: 2}) || IsArg(1)(Placeholder{Style: Dollar, Index: 1}) {
		t.Error("IsArg mismatch")
	}
	if !IsArg(2)(Placeholder{Style: Question, Index: 3}) || IsArg(0)(Placeholder{Style: Colon, Name: "x"}) {
		t.Error("IsArg mismatch for ?")
	}
	if !IsNamed("Tok")(Placeholder{Style: Colon, Name: "tok"}) || !IsNamed("tok")(Placeholder{Style: At, Name: "TOK"}) || IsNamed("tok")(Placeholder{Style: Dollar, Index: 1}) {
		t.Error("IsNamed mismatch")
	}
}

func TestStrings(t *testing.T) {
	cases := []struct{ got, want string }{
		{Unknown.String(), "Unknown"}, {Read.String(), "Read"}, {LockingRead.String(), "LockingRead"},
		{Write.String(), "Write"}, {DDL.String(), "DDL"}, {Session.String(), "Session"}, {Kind(42).String(), "Kind(42)"},
		{Absent.String(), "Absent"}, {Carried.String(), "Carried"}, {Reversed.String(), "Reversed"},
		{Weak.String(), "Weak"}, {SetOnly.String(), "SetOnly"}, {Verdict(-1).String(), "Verdict(-1)"},
		{Dollar.String(), "Dollar"}, {Question.String(), "Question"}, {Colon.String(), "Colon"}, {At.String(), "At"},
		{Style(9).String(), "Style(9)"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("String() = %q, want %q", c.got, c.want)
		}
	}
}

func TestFenceNil(t *testing.T) {
	var st *Statement
	if v := st.Fence(toks("$1")); v != Absent {
		t.Errorf("nil statement: %v", v)
	}
	if v := Parse("UPDATE t SET v=$1 WHERE f <= $2").Fence(nil); v != Absent {
		t.Errorf("nil isToken: %v", v)
	}
}

func TestGuardDetails(t *testing.T) {
	st := Parse("UPDATE t SET v = $1 WHERE T.\"Fence_Token\" < $2 + 1 AND COALESCE(epoch, 0) = $3::int")
	want := []Guard{
		{Column: "fence_token", Op: "<", Param: Placeholder{Style: Dollar, Index: 2}, Clause: "where", Strong: true, Arith: true},
		{Column: "epoch", Op: "=", Param: Placeholder{Style: Dollar, Index: 3}, Clause: "where", Strong: true},
	}
	if len(st.Guards) != len(want) {
		t.Fatalf("guards = %s", guardString(st.Guards))
	}
	for i := range want {
		if st.Guards[i] != want[i] {
			t.Errorf("guard %d = %#v, want %#v", i, st.Guards[i], want[i])
		}
	}
}

// Each verdict must be reachable and distinguishable for the same
// statement shape, so a wrong precedence would show up here.
func TestVerdictPrecedence(t *testing.T) {
	st := Parse("UPDATE t SET fence = $1, v = $2 WHERE (id = $3 OR fence <= $4) AND fence >= $5 AND fence <= $6")
	cases := []struct {
		tok  string
		want Verdict
	}{
		{"$6", Carried}, {"$5", Reversed}, {"$4", Weak}, {"$1", SetOnly}, {"$7", Absent},
		{"$4,$5", Reversed}, {"$4,$1", Weak}, {"$5,$6", Carried},
	}
	for _, c := range cases {
		if got := st.Fence(toks(c.tok)); got != c.want {
			t.Errorf("Fence(%s) = %v, want %v", c.tok, got, c.want)
		}
	}
}
