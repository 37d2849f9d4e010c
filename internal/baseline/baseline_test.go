package baseline

import (
	"bytes"
	"strings"
	"testing"
)

// entryAt fingerprints a finding at the first occurrence of at in src.
func entryAt(t *testing.T, src, at, msg string) Entry {
	t.Helper()
	off := strings.Index(src, at)
	if off < 0 {
		t.Fatalf("%q not in the source", at)
	}
	k := Keyer{ReadFile: func(string) ([]byte, error) { return []byte(src), nil }}
	return k.Entry(Finding{Code: "FC1001", Package: "example.com/p", Filename: "/x/p/pay.go", Offset: off, Message: msg})
}

const pay = `package p

func (s *Store[K]) Pay(db DB) {
	m.Lock()
	db.Exec("UPDATE t SET x = 1")
}
`

// What the fingerprint keys on, and what it leaves out.
func TestEntry(t *testing.T) {
	e := entryAt(t, pay, "db.Exec", "UPDATE t under the lock acquired at pay.go:4:2 (FC1001)")
	if e.File != "pay.go" || e.Function != "(*Store).Pay" || e.Source != `db . Exec ( "UPDATE t SET x = 1" )` ||
		e.Message != "UPDATE t under the lock acquired at pay.go (FC1001)" || len(e.Fingerprint) != 20 {
		t.Errorf("entry %+v", e)
	}
	same := []struct{ src, msg string }{
		// Lines above, the lock's line in the message, white space and a
		// trailing comment change nothing.
		{strings.NewReplacer("package p\n", "package p\n\n// more\n\n", "db.Exec(", "db.Exec(  ").Replace(pay), "UPDATE t under the lock acquired at pay.go:9:2 (FC1001)"},
		{strings.Replace(pay, `1")`, `1") //nolint:fencecheck // later`, 1), "UPDATE t under the lock acquired at pay.go:4 (FC1001)"},
	}
	for _, s := range same {
		if got := entryAt(t, s.src, "db.Exec", s.msg); got.Fingerprint != e.Fingerprint {
			t.Errorf("fingerprint changed:\n%+v\n%+v", got, e)
		}
	}
	differ := []string{
		strings.Replace(pay, "Pay", "Refund", 1),     // another function
		strings.Replace(pay, "x = 1", "x = 2", 1),    // the flagged line edited
		strings.Replace(pay, "(s *Store[K])", "", 1), // a function, not a method
	}
	for _, src := range differ {
		if got := entryAt(t, src, "db.Exec", e.Message); got.Fingerprint == e.Fingerprint {
			t.Errorf("same fingerprint for\n%s", src)
		}
	}
}

// Equal fingerprints are merged with a count, entries sorted; reading the
// file back matches each recorded finding once.
func TestWriteParse(t *testing.T) {
	a := Entry{Fingerprint: strings.Repeat("a", 20), Package: "p", File: "b.go", Code: "FC1001"}
	b := Entry{Fingerprint: strings.Repeat("b", 20), Package: "p", File: "a.go", Code: "FC1001"}
	var buf bytes.Buffer
	if err := Write(&buf, []Entry{a, b, a}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if strings.Index(out, `"a.go"`) > strings.Index(out, `"b.go"`) || strings.Count(out, `"count": 2`) != 1 {
		t.Errorf("written:\n%s", out)
	}
	bl, err := Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	m := bl.Matcher()
	got := []bool{m.Match(a.Fingerprint), m.Match(a.Fingerprint), m.Match(a.Fingerprint), m.Match(strings.Repeat("c", 20))}
	if got[0] != true || got[1] != true || got[2] != false || got[3] != false || m.Gone() != 1 || bl.Len() != 3 {
		t.Errorf("matches %v, gone %d, len %d", got, m.Gone(), bl.Len())
	}
}
