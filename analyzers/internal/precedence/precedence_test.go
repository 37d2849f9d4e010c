package precedence

import (
	"go/token"
	"slices"
	"strconv"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
)

// The one place that drops findings: what the catalog declares, nothing
// else.
func TestPrecedence(t *testing.T) {
	const write, call, acquire, other = token.Pos(100), token.Pos(50), token.Pos(10), token.Pos(70)
	via := []analysis.RelatedInformation{{Pos: acquire}, {Pos: write}}
	for _, tc := range []struct {
		name  string
		found []unit.Finding
		want  []string // kept, as Code@Key/Message
	}{
		{"a more specific check wins at the same key",
			[]unit.Finding{{Code: checks.UnfencedWrite, Key: write, Message: "a"}, {Code: checks.CheckThenAct, Key: write, Message: "b"}},
			[]string{"FC2001@100/b"}},
		{"a more specific check at the same key about another effect stands beside it",
			[]unit.Finding{{Code: checks.UnfencedWrite, Key: call, Target: write, Message: "a"}, {Code: checks.UnfenceableEffect, Key: call, Target: other, Message: "b"}},
			[]string{"FC1003@50/b", "FC1001@50/a"}},
		{"about the same effect it wins",
			[]unit.Finding{{Code: checks.UnfencedWrite, Key: call, Target: write, Message: "a"}, {Code: checks.UnfenceableEffect, Key: call, Target: write, Message: "b"}},
			[]string{"FC1003@50/b"}},
		{"one finding per check and key, the first by message",
			[]unit.Finding{{Code: checks.UnsafeRelease, Key: write, Message: "y"}, {Code: checks.UnsafeRelease, Key: write, Message: "x"}},
			[]string{"FC5001@100/x"}},
		{"checks outside the relation stand beside any finding",
			[]unit.Finding{{Code: checks.UnfencedWrite, Key: write}, {Code: checks.IgnoredLeaseLoss, Key: write}, {Code: checks.IgnoredLeaseLoss, Key: write}},
			[]string{"FC1001@100/", "FC5002@100/"}},
		{"different keys are different problems",
			[]unit.Finding{{Code: checks.UnfencedWrite, Key: write}, {Code: checks.CheckThenAct, Key: other}},
			[]string{"FC2001@70/", "FC1001@100/"}},
		{"a random fence explains the unfenced write reached through a call",
			[]unit.Finding{{Code: checks.UnfencedWrite, Key: call, Related: via}, {Code: checks.RandomFence, Key: write, Effect: write}},
			[]string{"FC3001@100/"}},
		{"without an effect it explains nothing",
			[]unit.Finding{{Code: checks.UnfencedWrite, Key: call, Related: via}, {Code: checks.RandomFence, Key: write}},
			[]string{"FC1001@50/", "FC3001@100/"}},
		{"it explains only what it declares",
			[]unit.Finding{{Code: checks.CheckThenAct, Key: call, Related: via}, {Code: checks.VolatileFence, Key: write, Effect: write}},
			[]string{"FC2001@50/", "FC3002@100/"}},
		{"an explained finding is gone even when the explaining one is superseded",
			[]unit.Finding{{Code: checks.UnfencedWrite, Key: call, Related: via}, {Code: checks.RandomFence, Key: write, Effect: write}, {Code: checks.CheckThenAct, Key: write}},
			[]string{"FC2001@100/"}},
		{"the findings of one check at one key are one, which shows every path",
			[]unit.Finding{{Code: checks.UnfencedWrite, Key: call, Message: "y", Related: []analysis.RelatedInformation{{Pos: acquire}, {Pos: other}}},
				{Code: checks.UnfencedWrite, Key: call, Message: "x", Related: via}},
			[]string{"FC1001@50/x 10 100 70"}},
		{"a finding at a call repeats the same check's finding where the effect is",
			[]unit.Finding{{Code: checks.UnfencedWrite, Key: call, Target: write, Message: "a"}, {Code: checks.UnfencedWrite, Key: write, Message: "b"}},
			[]string{"FC1001@100/b"}},
		{"another path of the call to an effect not reported where it is stands",
			[]unit.Finding{{Code: checks.UnfencedWrite, Key: call, Target: write, Message: "a"}, {Code: checks.UnfencedWrite, Key: call, Target: other, Message: "c"}, {Code: checks.UnfencedWrite, Key: write, Message: "b"}},
			[]string{"FC1001@50/c", "FC1001@100/b"}},
		{"another check where the effect is does not repeat it",
			[]unit.Finding{{Code: checks.UnfencedWrite, Key: call, Target: write, Message: "a"}, {Code: checks.IgnoredLeaseLoss, Key: write, Message: "b"}},
			[]string{"FC1001@50/a", "FC5002@100/b"}},
		{"findings without a position are never dropped",
			[]unit.Finding{{Code: checks.IgnoredLeaseLoss}, {Code: checks.IgnoredLeaseLoss}},
			[]string{"FC5002@0/", "FC5002@0/"}},
	} {
		var got []string
		for _, f := range Keep(slices.Clone(tc.found)) {
			s := f.Code.String() + "@" + strconv.Itoa(int(f.Key)) + "/" + f.Message
			if len(f.Related) > 0 && f.Key == call && f.Code == checks.UnfencedWrite && f.Message == "x" {
				for _, r := range f.Related {
					s += " " + strconv.Itoa(int(r.Pos))
				}
			}
			got = append(got, s)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: kept %q, want %q", tc.name, got, tc.want)
		}
	}
}
