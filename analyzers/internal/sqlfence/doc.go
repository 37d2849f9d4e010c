// Package sqlfence parses the text of one SQL statement and decides whether
// it enforces a fencing token: whether the resource itself rejects a write
// made by a lock holder whose token is stale.
//
// A distributed lock can expire while its holder is paused (GC, network,
// preemption), so a write done "under the lock" is only safe if the database
// compares the holder's token with the newest one it has seen and refuses
// older ones atomically, in the same statement:
//
//	UPDATE accounts SET state=$1, fence_token=$2
//	WHERE id=$3 AND fence_token <= $2
//
// Parse runs a purpose-built single-pass tokenizer (strings with doubled
// quote escapes, E'...' strings, "quoted" and `backtick` identifiers, $tag$ dollar
// quoting, nested /* */ and -- comments, :: casts, $n ? :name @name
// placeholders) followed by a tolerant recursive-descent parser for the
// statement forms that matter (UPDATE, DELETE, INSERT with ON CONFLICT /
// ON DUPLICATE KEY UPDATE, REPLACE, MERGE, WITH, SELECT) and for predicates
// (AND, OR, NOT, comparisons, BETWEEN, IN, IS [NOT] NULL, EXISTS,
// subqueries, CASE, function calls). It uses no regular expressions and
// never panics; what it cannot classify is reported as Unknown.
//
// # Guards and strength
//
// A Guard is a comparison between a column and a placeholder, normalised
// so the column is on the left ($2 >= fence becomes fence <= $2). It is
// Strong when it must hold for the write to happen at all: a top-level AND
// conjunct of the WHERE (or of an EXISTS / IN / scalar subquery that is
// itself such a conjunct, or the ON of an inner JOIN). Under OR, NOT, CASE,
// inside a function call or in the ON of an outer join it is Weak. NOT (fence > $2) is deliberately Weak rather than rewritten to
// fence <= $2: a fence should be written plainly. One pattern under OR stays
// Strong: "fence IS NULL OR fence <= $2" only admits rows that never held a
// token, exactly like COALESCE(fence, 0) <= $2.
//
// Conditional assignments also fence: when every assignment of an UPDATE
// SET, ON CONFLICT DO UPDATE SET or ON DUPLICATE KEY UPDATE has the form
// col = IF(cond, new, col) or col = CASE WHEN cond THEN new ELSE col END,
// a stale write changes nothing, so comparisons that are strong conjuncts of
// every such condition are Strong.
//
// For upserts and MERGE the "token" side is often a reference to the
// proposed row: EXCLUDED.fence (PostgreSQL, SQLite), VALUES(fence) or a row
// alias new.fence (MySQL), src.fence (MERGE source). These are mapped back
// through the INSERT column list (or the source's VALUES / SELECT list) to
// the placeholder that feeds them, one guard per VALUES row.
//
// # Verdicts
//
// Statement.Fence takes a predicate telling which placeholders carry the
// token and returns, in order of precedence:
//
//   - Carried: some Strong guard compares a column with the token as
//     col <= tok, col < tok or col = tok.
//   - Reversed: the token is in Strong guards, but only as col >= tok,
//     col > tok or col <> tok, which accept stale holders.
//   - Weak: the token is compared only in Weak guards.
//   - SetOnly: the token is written (SET, INSERT values, EXCLUDED in DO
//     UPDATE SET) but never compared.
//   - Absent: the token is neither compared nor written.
//
// Examples (tok is the token placeholder):
//
//	UPDATE t SET v=$1 WHERE id=$3 AND fence <= $2              Carried
//	UPDATE t SET v=$1 WHERE id=$3 AND $2 >= fence              Carried
//	UPDATE t SET v=$1 WHERE id=$3 AND epoch = $2               Carried
//	UPDATE t SET v=$1 WHERE id=$3 AND fence >= $2              Reversed
//	UPDATE t SET v=$1 WHERE id=$3 OR fence <= $2               Weak
//	UPDATE t SET v=$1 WHERE id=$3 AND NOT (fence > $2)         Weak
//	UPDATE t SET fence=$2 WHERE id=$1                          SetOnly
//	INSERT INTO t (id, fence) VALUES ($1, $2)
//	  ON CONFLICT (id) DO UPDATE SET fence = EXCLUDED.fence
//	  WHERE t.fence <= EXCLUDED.fence                          Carried
//	INSERT INTO t (id, fence) VALUES ($1, $2)
//	  ON CONFLICT (id) DO NOTHING                              SetOnly
//
// # Placeholders
//
// $n, ?, :name and @name are recognised outside strings, quoted
// identifiers and comments. Because PostgreSQL uses ? as a jsonb operator,
// a text that contains any $n placeholder treats every ? as an operator.
// ? placeholders are numbered by ordinal across the whole text (all
// statements), which is how drivers bind them; Placeholder.ArgIndex maps
// them to Go argument positions.
//
// # Limitations
//
// Plain '...' strings follow the SQL standard: a backslash does not escape
// a quote, so MySQL's default 'it\'s' is mis-tokenized (double the quote or
// use E'...'). MySQL's hash-sign line comments and /*! */ executable
// comments are not recognised. A statement with several data-modifying
// parts (WITH ... UPDATE plus a writing CTE) is analysed through its main
// write only. Comparisons against expressions of a column (abs(fence),
// data->>'fence') are not guards. An upsert without an INSERT column list
// cannot map EXCLUDED.col to a placeholder. EXEC sp_getapplock
// @Resource = @r reports @Resource as a placeholder although it names a
// procedure parameter.
package sqlfence
