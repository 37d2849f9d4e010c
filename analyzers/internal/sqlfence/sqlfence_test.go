package sqlfence

import (
	"strings"
	"testing"
)

// toks returns an isToken predicate matching placeholders by their String
// form: "$2", "?#3", ":tok", "@tok" (comma-separated for several).
func toks(spec string) func(Placeholder) bool {
	want := strings.Split(spec, ",")
	return func(p Placeholder) bool {
		s := p.String()
		for _, w := range want {
			if w == s {
				return true
			}
		}
		return false
	}
}

func phString(ps []Placeholder) string {
	var b []string
	for _, p := range ps {
		b = append(b, p.String())
	}
	return strings.Join(b, " ")
}

// guardString renders guards as "clause:col op param", with "~" before the
// column for Weak guards and a "+" suffix for Arith.
func guardString(gs []Guard) string {
	var b []string
	for _, g := range gs {
		s := g.Clause + ":"
		if !g.Strong {
			s += "~"
		}
		s += g.Column + g.Op + g.Param.String()
		if g.Arith {
			s += "+"
		}
		b = append(b, s)
	}
	return strings.Join(b, " ")
}

func setString(as []Assignment) string {
	var b []string
	for _, a := range as {
		b = append(b, a.Column+"="+a.Param.String())
	}
	return strings.Join(b, " ")
}

func advString(as []AdvisoryCall) string {
	var b []string
	for _, a := range as {
		b = append(b, a.Func+"("+phString(a.Args)+")")
	}
	return strings.Join(b, " ")
}

type fenceCase struct {
	name string
	sql  string
	tok  string
	want Verdict
}

var fenceCases = []fenceCase{
	// UPDATE, all placeholder styles.
	{"update dollar", "UPDATE accounts SET state=$1, fence_token=$2 WHERE id=$3 AND fence_token <= $2", "$2", Carried},
	{"update question", "UPDATE accounts SET state=?, fence_token=? WHERE id=? AND fence_token <= ?", "?#2,?#4", Carried},
	{"update question compared ordinal only", "UPDATE accounts SET state=?, fence_token=? WHERE id=? AND fence_token <= ?", "?#4", Carried},
	{"update question set ordinal only", "UPDATE accounts SET state=?, fence_token=? WHERE id=? AND fence_token <= ?", "?#2", SetOnly},
	{"update colon", "UPDATE accounts SET state=:state, fence_token=:tok WHERE id=:id AND fence_token <= :tok", ":tok", Carried},
	{"update at", "UPDATE accounts SET state=@state, fence_token=@tok WHERE id=@id AND fence_token <= @tok", "@tok", Carried},
	{"update mirrored dollar", "UPDATE t SET v=$1 WHERE $2 >= fence AND id=$3", "$2", Carried},
	{"update mirrored question", "UPDATE t SET v=? WHERE ? >= fence AND id=?", "?#2", Carried},
	{"update mirrored colon", "UPDATE t SET v=:v WHERE :tok > fence", ":tok", Carried},
	{"update less-than", "UPDATE t SET v=$1 WHERE fence < $2", "$2", Carried},
	{"update equality dollar", "UPDATE t SET v=$1 WHERE id=$2 AND epoch = $3", "$3", Carried},
	{"update equality question", "UPDATE t SET v=? WHERE id=? AND epoch = ?", "?#3", Carried},
	{"update equality at", "UPDATE t SET v=@v WHERE @epoch = epoch", "@epoch", Carried},
	{"update null-safe equality", "UPDATE t SET v=? WHERE epoch <=> ?", "?#2", Carried},
	// Reversed.
	{"reversed >= dollar", "UPDATE t SET v=$1 WHERE id=$3 AND fence >= $2", "$2", Reversed},
	{"reversed > question", "UPDATE t SET v=? WHERE id=? AND fence > ?", "?#3", Reversed},
	{"reversed mirrored colon", "UPDATE t SET v=:v WHERE :tok < fence", ":tok", Reversed},
	{"reversed at", "UPDATE t SET v=@v WHERE fence >= @tok", "@tok", Reversed},
	{"not-equal is reversed", "UPDATE t SET v=$1 WHERE fence <> $2", "$2", Reversed},
	{"bang-equal is reversed", "UPDATE t SET v=? WHERE fence != ?", "?#2", Reversed},
	{"right beats reversed", "UPDATE t SET v=$1 WHERE fence >= $2 AND fence <= $2", "$2", Carried},
	// Weak: OR / NOT / CASE / function.
	{"or dollar", "UPDATE t SET v=$3 WHERE id=$1 OR fence <= $2", "$2", Weak},
	{"or question", "UPDATE t SET v=? WHERE id=? OR fence <= ?", "?#3", Weak},
	{"or colon", "UPDATE t SET v=:v WHERE id=:id OR fence <= :tok", ":tok", Weak},
	{"or at", "UPDATE t SET v=@v WHERE (id=@id OR fence <= @tok)", "@tok", Weak},
	{"or nested in and", "UPDATE t SET v=$1 WHERE id=$2 AND (fence <= $3 OR force)", "$3", Weak},
	{"not dollar", "UPDATE t SET v=$1 WHERE id=$3 AND NOT (fence > $2)", "$2", Weak},
	{"not question", "UPDATE t SET v=? WHERE id=? AND NOT fence > ?", "?#3", Weak},
	{"not colon", "UPDATE t SET v=:v WHERE NOT (fence > :tok)", ":tok", Weak},
	{"xor is weak", "UPDATE t SET v=? WHERE id=? XOR fence <= ?", "?#3", Weak},
	{"case in where", "UPDATE t SET v=$1 WHERE CASE WHEN fence <= $2 THEN true ELSE false END", "$2", Weak},
	{"comparison in function arg", "UPDATE t SET v=$1 WHERE coalesce(fence <= $2, true)", "$2", Weak},
	{"or weak but and strong", "UPDATE t SET v=$1 WHERE (id=$3 OR fence <= $2) AND fence <= $2", "$2", Carried},
	// IS NULL exception.
	{"is null or", "UPDATE t SET v=$1 WHERE id=$3 AND (fence IS NULL OR fence <= $2)", "$2", Carried},
	{"or is null reversed order", "UPDATE t SET v=? WHERE id=? AND (fence < ? OR fence IS NULL)", "?#3", Carried},
	{"is null on another column", "UPDATE t SET v=$1 WHERE (other IS NULL OR fence <= $2)", "$2", Weak},
	{"is not null or", "UPDATE t SET v=$1 WHERE (fence IS NOT NULL OR fence <= $2)", "$2", Weak},
	// SetOnly / Absent.
	{"set only dollar", "UPDATE t SET fence=$2 WHERE id=$1", "$2", SetOnly},
	{"set only question", "UPDATE t SET fence=? WHERE id=?", "?#1", SetOnly},
	{"set only colon", "UPDATE t SET fence=:tok WHERE id=:id", ":tok", SetOnly},
	{"set only at", "UPDATE t SET fence=@tok WHERE id=@id", "@tok", SetOnly},
	{"set greatest", "UPDATE t SET fence=GREATEST(fence, $2) WHERE id=$1", "$2", SetOnly},
	{"absent", "UPDATE t SET v=$1 WHERE id=$2", "$3", Absent},
	{"absent nil-matching", "UPDATE t SET v=$1 WHERE id=$2 AND fence <= $3", "$9", Absent},
	{"columns both sides", "UPDATE t SET fence=$1 WHERE fence <= other_fence", "$1", SetOnly},
	{"params both sides", "UPDATE t SET v=$1 WHERE $2 <= $3", "$2", Absent},
	// Wrapped placeholders and columns.
	{"cast dollar", "UPDATE t SET v=$1 WHERE fence <= $2::bigint", "$2", Carried},
	{"cast multiword", "UPDATE t SET v=$1 WHERE ts <= $2::timestamp with time zone AND id = $3", "$2", Carried},
	{"CAST question", "UPDATE t SET v=? WHERE fence <= CAST(? AS SIGNED)", "?#2", Carried},
	{"CONVERT sqlserver", "UPDATE t SET v=@v WHERE fence <= CONVERT(bigint, @tok)", "@tok", Carried},
	{"paren param", "UPDATE t SET v=:v WHERE fence <= (:tok)", ":tok", Carried},
	{"column cast", "UPDATE t SET v=$1 WHERE fence::bigint <= $2", "$2", Carried},
	{"coalesce column", "UPDATE t SET v=$1 WHERE COALESCE(fence, 0) <= $2", "$2", Carried},
	{"ifnull column", "UPDATE t SET v=? WHERE IFNULL(fence, -1) < ?", "?#2", Carried},
	{"param plus one", "UPDATE t SET v=$1 WHERE fence < $2 + 1", "$2", Carried},
	{"param minus one", "UPDATE t SET v=$1 WHERE fence <= $2 - 1", "$2", Carried},
	{"function of column is not a column", "UPDATE t SET v=$1 WHERE abs(fence) <= $2", "$2", Absent},
	{"negated param is not the param", "UPDATE t SET v=$1 WHERE fence <= -$2", "$2", Absent},
	// BETWEEN / IN / row values.
	{"between upper bound", "UPDATE t SET v=$1 WHERE fence BETWEEN 0 AND $2", "$2", Carried},
	{"between lower bound", "UPDATE t SET v=$1 WHERE fence BETWEEN $2 AND 100", "$2", Reversed},
	{"param between columns", "UPDATE t SET v=$1 WHERE $2 BETWEEN fence AND fence_max", "$2", Carried},
	{"not between", "UPDATE t SET v=$1 WHERE fence NOT BETWEEN $2 AND 100", "$2", Weak},
	{"in single", "UPDATE t SET v=? WHERE epoch IN (?)", "?#2", Carried},
	{"in several", "UPDATE t SET v=? WHERE epoch IN (?, ?)", "?#2", Weak},
	{"not in", "UPDATE t SET v=$1 WHERE epoch NOT IN ($2)", "$2", Reversed},
	{"row equality", "UPDATE t SET v=$1 WHERE (id, epoch) = ($2, $3)", "$3", Carried},
	{"row ordering", "UPDATE t SET v=$1 WHERE (id, epoch) <= ($2, $3)", "$3", Absent},
	// Subqueries.
	{"exists subquery", "UPDATE t SET v=$1 WHERE id=$2 AND EXISTS (SELECT 1 FROM locks WHERE name='a' AND token = $3)", "$3", Carried},
	{"not exists subquery", "UPDATE t SET v=$1 WHERE id=$2 AND NOT EXISTS (SELECT 1 FROM locks WHERE token > $3)", "$3", Weak},
	{"in subquery", "UPDATE t SET v=? WHERE id IN (SELECT id FROM leases WHERE epoch = ?)", "?#2", Carried},
	{"scalar subquery", "UPDATE t SET v=$1 WHERE fence <= (SELECT max(token) FROM locks WHERE name = $2 AND token <= $3)", "$3", Carried},
	{"union subquery", "UPDATE t SET v=$1 WHERE id IN (SELECT id FROM a WHERE epoch = $2 UNION SELECT id FROM b)", "$2", Weak},
	{"update from join", "UPDATE t SET v = $1 FROM locks l WHERE t.lock = l.name AND l.token = $2", "$2", Carried},
	{"update returning", "UPDATE t SET v=$1 WHERE id=$2 AND fence<=$3 RETURNING id, v", "$3", Carried},
	{"update limit mysql", "UPDATE t SET v=? WHERE id=? AND fence <= ? LIMIT 1", "?#3", Carried},
	{"update order limit mysql", "UPDATE t SET v=? WHERE fence <= ? ORDER BY id LIMIT 1", "?#2", Carried},
	// Conditional SET.
	{"conditional set case", "UPDATE t SET v = CASE WHEN fence <= $2 THEN $1 ELSE v END WHERE id = $3", "$2", Carried},
	{"conditional set partial", "UPDATE t SET v = CASE WHEN fence <= $2 THEN $1 ELSE v END, fence = $2 WHERE id = $3", "$2", Weak},
	{"conditional set no else", "UPDATE t SET v = CASE WHEN fence <= $2 THEN $1 END WHERE id = $3", "$2", Weak},
	// DELETE.
	{"delete dollar", "DELETE FROM locks WHERE name = $1 AND token = $2", "$2", Carried},
	{"delete question", "DELETE FROM locks WHERE name = ? AND token <= ?", "?#2", Carried},
	{"delete colon", "DELETE FROM locks WHERE name = :name AND token = :tok", ":tok", Carried},
	{"delete at", "DELETE FROM locks WHERE name = @name AND token = @tok", "@tok", Carried},
	{"delete using", "DELETE FROM t USING u WHERE t.id = u.id AND t.fence <= $1", "$1", Carried},
	{"delete absent", "DELETE FROM t WHERE id = $1", "$2", Absent},
	{"delete or", "DELETE FROM t WHERE id = ? OR token = ?", "?#2", Weak},
	{"delete returning", "DELETE FROM t WHERE id = $1 AND fence >= $2 RETURNING *", "$2", Reversed},
	// INSERT.
	{"insert select where token >= max", "INSERT INTO outbox(id, body, fence) SELECT $1, $2, $3 WHERE $3 >= (SELECT coalesce(max(fence), 0) FROM outbox)", "$3", Carried},
	{"insert select where max <= token", "INSERT INTO outbox(id, fence) SELECT ?, ? WHERE (SELECT max(fence) FROM outbox) < ?", "?#3", Carried},
	{"insert select where token < max", "INSERT INTO outbox(id, fence) SELECT $1, $2 WHERE $2 < (SELECT max(fence) FROM outbox)", "$2", Reversed},
	{"insert select where token >= min", "INSERT INTO outbox(id, fence) SELECT $1, $2 WHERE $2 >= (SELECT min(fence) FROM outbox)", "$2", SetOnly},
	{"insert select where token >= max of a union", "INSERT INTO outbox(id, fence) SELECT $1, $2 WHERE $2 >= (SELECT max(fence) FROM a UNION SELECT max(fence) FROM b)", "$2", SetOnly},
	{"insert values dollar", "INSERT INTO t (id, fence) VALUES ($1, $2)", "$2", SetOnly},
	{"insert values question", "INSERT INTO t (id, fence) VALUES (?, ?)", "?#2", SetOnly},
	{"insert values colon", "INSERT INTO t (id, fence) VALUES (:id, :tok)", ":tok", SetOnly},
	{"insert without token", "INSERT INTO t (id, v) VALUES ($1, $2)", "$3", Absent},
	{"do nothing without token", "INSERT INTO t (id, state) VALUES ($1, $2) ON CONFLICT DO NOTHING", "$3", Absent},
	{"do nothing with token", "INSERT INTO t (id, fence) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", "$2", SetOnly},
	{"upsert no where", "INSERT INTO t (id, fence) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET fence = EXCLUDED.fence", "$2", SetOnly},
	{"upsert excluded dollar", "INSERT INTO accounts (id, state, fence) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state, fence = EXCLUDED.fence WHERE accounts.fence <= EXCLUDED.fence", "$3", Carried},
	{"upsert excluded question", "INSERT INTO accounts (id, state, fence) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET state = excluded.state WHERE accounts.fence <= excluded.fence", "?#3", Carried},
	{"upsert excluded colon", "INSERT INTO accounts (id, state, fence) VALUES (:id, :state, :tok) ON CONFLICT (id) DO UPDATE SET state = excluded.state WHERE fence < excluded.fence", ":tok", Carried},
	{"upsert excluded at", "INSERT INTO accounts (id, state, fence) VALUES (@id, @state, @tok) ON CONFLICT (id) DO UPDATE SET state = excluded.state WHERE fence <= excluded.fence", "@tok", Carried},
	{"upsert excluded mirrored", "INSERT INTO t (id, fence) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET fence = EXCLUDED.fence WHERE EXCLUDED.fence >= t.fence", "$2", Carried},
	{"upsert excluded reversed", "INSERT INTO t (id, fence) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET fence = EXCLUDED.fence WHERE EXCLUDED.fence < t.fence", "$2", Reversed},
	{"upsert excluded cast value", "INSERT INTO t (id, fence) VALUES ($1, $2::bigint) ON CONFLICT (id) DO UPDATE SET fence = EXCLUDED.fence WHERE t.fence <= EXCLUDED.fence", "$2", Carried},
	{"upsert direct param", "INSERT INTO t (id, fence) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET v = 1 WHERE t.fence <= $3", "$3", Carried},
	{"upsert is null or", "INSERT INTO t (id, fence) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET fence = EXCLUDED.fence WHERE t.fence IS NULL OR t.fence < EXCLUDED.fence", "$2", Carried},
	{"upsert multi-row", "INSERT INTO t (id, fence) VALUES ($1, $2), ($3, $4) ON CONFLICT (id) DO UPDATE SET fence = EXCLUDED.fence WHERE t.fence <= EXCLUDED.fence", "$4", Carried},
	{"upsert index predicate is not a guard", "INSERT INTO t (id, fence) VALUES ($1, $2) ON CONFLICT (id) WHERE fence <= $2 DO UPDATE SET fence = EXCLUDED.fence", "$2", SetOnly},
	{"upsert on constraint", "INSERT INTO t (id, fence) VALUES ($1, $2) ON CONFLICT ON CONSTRAINT t_pkey DO UPDATE SET fence = EXCLUDED.fence WHERE t.fence <= EXCLUDED.fence RETURNING id", "$2", Carried},
	{"upsert no column list", "INSERT INTO t VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET fence = EXCLUDED.fence WHERE t.fence <= EXCLUDED.fence", "$2", SetOnly},
	{"insert select exists", "INSERT INTO audit (id, fence) SELECT $1, $2 WHERE EXISTS (SELECT 1 FROM locks WHERE token = $2)", "$2", Carried},
	{"insert select from where", "INSERT INTO audit (id, fence) SELECT id, $2 FROM locks WHERE name = $1 AND token <= $2", "$2", Carried},
	// MySQL ON DUPLICATE KEY UPDATE.
	{"odku plain", "INSERT INTO t (id, fence) VALUES (?, ?) ON DUPLICATE KEY UPDATE fence = VALUES(fence)", "?#2", SetOnly},
	{"odku if all", "INSERT INTO t (id, state, fence) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE state = IF(fence <= VALUES(fence), VALUES(state), state), fence = IF(fence <= VALUES(fence), VALUES(fence), fence)", "?#3", Carried},
	{"odku if partial", "INSERT INTO t (id, state, fence) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE state = IF(fence <= VALUES(fence), VALUES(state), state), fence = VALUES(fence)", "?#3", Weak},
	{"odku row alias", "INSERT INTO t (id, fence) VALUES (?, ?) AS new ON DUPLICATE KEY UPDATE fence = IF(fence < new.fence, new.fence, fence)", "?#2", Carried},
	{"odku named", "INSERT INTO t (id, fence) VALUES (:id, :tok) ON DUPLICATE KEY UPDATE fence = IF(fence <= VALUES(fence), VALUES(fence), fence)", ":tok", Carried},
	{"replace into", "REPLACE INTO t (id, fence) VALUES (?, ?)", "?#2", SetOnly},
	{"upsert cockroach", "UPSERT INTO t (id, fence) VALUES ($1, $2)", "$2", SetOnly},
	// MERGE.
	{"merge dollar", "MERGE INTO accounts t USING (VALUES ($1, $2)) AS s(id, fence) ON t.id = s.id WHEN MATCHED AND t.fence <= s.fence THEN UPDATE SET fence = s.fence WHEN NOT MATCHED THEN INSERT (id, fence) VALUES (s.id, s.fence)", "$2", Carried},
	{"merge at select source", "MERGE INTO accounts AS t USING (SELECT @id AS id, @tok AS fence) AS s ON t.id = s.id WHEN MATCHED AND t.fence <= s.fence THEN UPDATE SET fence = s.fence;", "@tok", Carried},
	{"merge oracle where", "MERGE INTO accounts t USING (SELECT :id id, :tok fence FROM dual) s ON (t.id = s.id) WHEN MATCHED THEN UPDATE SET t.state = :state WHERE t.fence <= s.fence", ":tok", Carried},
	{"merge unconditional", "MERGE INTO t USING (VALUES ($1, $2)) s(id, fence) ON t.id = s.id WHEN MATCHED THEN UPDATE SET fence = s.fence", "$2", SetOnly},
	{"merge one branch unguarded", "MERGE INTO t USING (VALUES ($1, $2)) s(id, fence) ON t.id = s.id WHEN MATCHED AND t.fence <= s.fence THEN UPDATE SET fence = s.fence WHEN MATCHED THEN DELETE", "$2", Weak},
	{"merge on guard without insert", "MERGE INTO t USING (VALUES ($1, $2)) s(id, fence) ON t.id = s.id AND t.fence <= s.fence WHEN MATCHED THEN UPDATE SET v = 1", "$2", Carried},
	{"merge on guard with insert", "MERGE INTO t USING (VALUES ($1, $2)) s(id, fence) ON t.id = s.id AND t.fence <= s.fence WHEN MATCHED THEN UPDATE SET v = 1 WHEN NOT MATCHED THEN INSERT (id) VALUES (s.id)", "$2", Weak},
	{"merge question", "MERGE INTO t USING (SELECT ? AS id, ? AS fence) s ON t.id = s.id WHEN MATCHED AND t.fence < s.fence THEN UPDATE SET fence = s.fence", "?#2", Carried},
	// WITH.
	{"with then update", "WITH x AS (SELECT $1::bigint AS id) UPDATE t SET v = $2 FROM x WHERE t.id = x.id AND t.fence <= $3", "$3", Carried},
	{"data-modifying cte", "WITH u AS (UPDATE t SET v = $1 WHERE id = $2 AND fence <= $3 RETURNING *) SELECT * FROM u", "$3", Carried},
	{"data-modifying cte question", "WITH u AS (DELETE FROM t WHERE id = ? RETURNING *) SELECT count(*) FROM u", "?#2", Absent},
	{"with insert select", "WITH s AS (SELECT ? AS id) INSERT INTO t (id, fence) SELECT id, ? FROM s", "?#2", SetOnly},
	// Lexical traps.
	{"string with dollar", "UPDATE t SET note = 'fence <= $2' WHERE id = $1", "$2", Absent},
	{"string with question", "UPDATE t SET note = 'why? or fence <= ?' WHERE id = ? AND fence <= ?", "?#2", Carried},
	{"string with dashes", "UPDATE t SET note = '-- not a comment' WHERE id = $1 AND fence <= $2", "$2", Carried},
	{"escaped quote string", "UPDATE t SET note = 'it''s -- $3' WHERE id = $1 AND fence <= $2", "$2", Carried},
	{"E string backslash", `UPDATE t SET note = E'a\' -- $9' WHERE id = $1 AND fence <= $2`, "$2", Carried},
	{"line comment hides guard", "UPDATE t SET v = $1 WHERE id = $2 -- AND fence <= $3", "$3", Absent},
	{"block comment hides guard", "UPDATE t SET v = ? WHERE id = ? /* AND fence <= ? */", "?#3", Absent},
	{"nested block comment", "UPDATE t SET v = $1 WHERE id = $2 /* a /* b */ AND fence <= $3 */ AND fence <= $4", "$4", Carried},
	{"dollar quoted body", "UPDATE t SET body = $$ fence <= $2 $$ WHERE id = $1", "$2", Absent},
	{"tagged dollar quote", "UPDATE t SET body = $x$ it's $$ ? $x$ WHERE id = $1 AND fence <= $2", "$2", Carried},
	{"quoted identifier", `UPDATE "T" SET "V" = $1 WHERE "Fence" <= $2`, "$2", Carried},
	{"backtick identifier", "UPDATE `t` SET `v` = ? WHERE `t`.`fence` <= ?", "?#2", Carried},
	{"jsonb question is operator with dollar", "UPDATE t SET v = $1 WHERE data ? 'k' AND fence <= $2", "$2", Carried},
	// Remaining forms in the other placeholder styles.
	{"update from at", "UPDATE t SET v = @v FROM t JOIN locks l ON l.name = t.lock WHERE t.id = @id AND l.token = @tok", "@tok", Carried},
	{"update from colon", "UPDATE t SET v = :v FROM locks l WHERE t.lock = l.name AND l.token <= :tok", ":tok", Carried},
	{"update returning colon", "UPDATE t SET v = :v WHERE id = :id AND fence <= :tok RETURNING v", ":tok", Carried},
	{"update returning at", "UPDATE t SET v = @v WHERE id = @id AND fence < @tok RETURNING v", "@tok", Carried},
	{"update limit colon", "UPDATE t SET v = :v WHERE id = :id AND fence <= :tok LIMIT 1", ":tok", Carried},
	{"delete using colon", "DELETE FROM t USING u WHERE t.id = u.id AND t.fence <= :tok", ":tok", Carried},
	{"delete multi-table question", "DELETE t FROM t JOIN u ON t.id = u.id WHERE t.fence <= ?", "?#1", Carried},
	{"insert select question", "INSERT INTO audit (id, fence) SELECT ?, ? FROM locks WHERE name = ? AND token = ?", "?#4", Carried},
	{"insert select colon set only", "INSERT INTO audit (id, fence) SELECT :id, :tok", ":tok", SetOnly},
	{"do nothing question", "INSERT INTO t (id, fence) VALUES (?, ?) ON CONFLICT (id) DO NOTHING", "?#2", SetOnly},
	{"do nothing colon absent", "INSERT INTO t (id, v) VALUES (:id, :v) ON CONFLICT DO NOTHING", ":tok", Absent},
	{"replace into colon", "REPLACE INTO t (id, fence) VALUES (:id, :tok)", ":tok", SetOnly},
	{"with update colon", "WITH x AS (SELECT 1) UPDATE t SET v = :v WHERE id = :id AND fence <= :tok", ":tok", Carried},
	{"data-modifying cte at", "WITH u AS (UPDATE t SET v = @v WHERE id = @id AND fence >= @tok RETURNING *) SELECT * FROM u", "@tok", Reversed},
	{"data-modifying cte colon insert", "WITH i AS (INSERT INTO t (id, fence) VALUES (:id, :tok) RETURNING id) SELECT id FROM i", ":tok", SetOnly},
	{"explain analyze update", "EXPLAIN ANALYZE UPDATE t SET v = $1 WHERE fence <= $2", "$2", Carried},
	{"select for update question", "SELECT fence FROM t WHERE id = ? AND fence <= ? FOR UPDATE", "?#2", Carried},
	{"select for update colon", "SELECT fence FROM t WHERE id = :id FOR UPDATE", ":tok", Absent},
	// JOIN ... ON.
	{"mysql update join on", "UPDATE accounts a JOIN leases l ON l.resource = a.id AND l.token = ? SET a.state = ? WHERE a.id = ?", "?#1", Carried},
	{"mysql update left join on", "UPDATE accounts a LEFT JOIN leases l ON l.resource = a.id AND l.token = ? SET a.state = ?", "?#1", Weak},
	{"update from join on dollar", "UPDATE t SET v = $1 FROM a JOIN leases l ON l.token <= $2 WHERE t.id = a.id", "$2", Carried},
	{"delete join on at", "DELETE t FROM t INNER JOIN leases l ON l.id = t.id AND l.token = @tok", "@tok", Carried},
	{"exists join on colon", "UPDATE t SET v = :v WHERE EXISTS (SELECT 1 FROM a JOIN leases l ON l.token = :tok, b WHERE a.id = t.id)", ":tok", Carried},
	{"select join on", "SELECT a.v FROM a LEFT OUTER JOIN b ON b.id = a.id JOIN c ON c.epoch = $1 WHERE a.id = $2", "$1", Carried},
	{"update from derived table", "UPDATE t SET v = $1 FROM (SELECT name FROM locks WHERE token = $2) l WHERE t.lock = l.name", "$2", Carried},
	{"update left join derived table", "UPDATE t SET v = $1 FROM t AS a LEFT JOIN (SELECT name FROM locks WHERE token = $2) l ON l.name = a.lock", "$2", Weak},
	{"mysql update join derived table", "UPDATE t JOIN (SELECT name FROM locks WHERE token <= ?) l ON l.name = t.lock SET t.v = ?", "?#1", Carried},
	// Reads.
	{"select for update guard", "SELECT fence FROM t WHERE id = $1 AND fence <= $2 FOR UPDATE", "$2", Carried},
	{"select equality counts as guard", "SELECT fence FROM t WHERE id = ?", "?#1", Carried},
	{"nil statement tokens", "", "$1", Absent},
}

func TestFence(t *testing.T) {
	for _, c := range fenceCases {
		t.Run(c.name, func(t *testing.T) {
			st := Parse(c.sql)
			if got := st.Fence(toks(c.tok)); got != c.want {
				t.Errorf("Fence(%q, %s) = %v, want %v\nguards: %s\nsets: %s", c.sql, c.tok, got, c.want, guardString(st.Guards), setString(st.Sets))
			}
		})
	}
}

// TestAnyOf: col = ANY($n) is a selection by keys, never a Strong
// comparison (a fence compared with ANY admits any of the array).
func TestAnyOf(t *testing.T) {
	st := Parse(`UPDATE tasks SET locked_by = $1 WHERE id = ANY($2::uuid[]) AND status = 'pending'`)
	if len(st.Guards) != 1 {
		t.Fatalf("guards = %+v, want one", st.Guards)
	}
	g := st.Guards[0]
	if g.Column != "id" || g.Op != "=" || g.Param.Index != 2 || !g.AnyOf || g.Strong {
		t.Errorf("guard = %+v, want id = $2, AnyOf, not Strong", g)
	}
	if st := Parse(`UPDATE t SET a = 1 WHERE id = ANY(ARRAY[1, 2])`); len(st.Guards) != 0 {
		t.Errorf("ANY of a literal array: guards = %+v, want none", st.Guards)
	}
}
