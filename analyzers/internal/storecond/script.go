package storecond

import (
	"regexp"
	"strconv"
	"strings"
)

var luaLocal = regexp.MustCompile(`local\s+([A-Za-z_][A-Za-z0-9_]*)\s*=`)

// ScriptCompares reports whether a Lua script orders ARGV[n] against
// something: on a line with <, >, <= or >=, or as a by-score range bound,
// directly or through a local variable assigned from it.
func ScriptCompares(text string, n int) bool {
	lines := strings.Split(text, "\n")
	argv := "ARGV[" + strconv.Itoa(n) + "]"
	var vars []string
	for _, l := range lines {
		if !strings.Contains(l, argv) {
			continue
		}
		if luaOrders(l, argv) {
			return true
		}
		if m := luaLocal.FindStringSubmatch(l); m != nil {
			vars = append(vars, m[1])
		}
	}
	for _, v := range vars {
		re := regexp.MustCompile(`\b` + regexp.QuoteMeta(v) + `\b`)
		for _, l := range lines {
			if loc := re.FindStringIndex(l); loc != nil && !luaLocal.MatchString(l) && luaOrders(l, v) {
				return true
			}
		}
	}
	return false
}

// luaOrders reports whether a script line orders operand: a by-score
// command, or a comparison other than ~= once operand is taken out.
func luaOrders(line, operand string) bool {
	low := strings.ToLower(line)
	for _, cmd := range []string{"zrangebyscore", "zremrangebyscore", "zcount", "zrevrangebyscore"} {
		if strings.Contains(low, cmd) {
			return true
		}
	}
	rest := strings.ReplaceAll(line, operand, " ")
	return strings.ContainsAny(rest, "<>") && !strings.Contains(rest, "~=") || strings.Contains(rest, "<=") || strings.Contains(rest, ">=")
}
