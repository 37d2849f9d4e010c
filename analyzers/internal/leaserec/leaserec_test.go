package leaserec

import (
	"go/types"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

const src = `package p

import (
	"os"
	"path/filepath"
	"time"
)

type lease struct {
	Holder    string
	ExpiresAt time.Time
	Note      string
}

type heartbeat struct {
	Owner      int
	LastBeatAt int64
}

type session struct {
	User      string
	ExpiresOn time.Time
	LeaseID   string
}

type ttlOnly struct {
	Owner      string
	ExpirySecs int64
	Renew      time.Duration
}

type files struct {
	lockFile string
	dataFile string
}

func exists(path string) bool { _, err := os.Stat(path); return err == nil }

func use(f *files, dir string) {
	exists(f.lockFile)
	os.WriteFile(f.lockFile, nil, 0o600)
	os.OpenFile(filepath.Join(dir, "run.lock"), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	os.OpenFile(f.dataFile, os.O_CREATE|os.O_WRONLY, 0o600)
	os.OpenFile(f.lockFile, os.O_RDONLY, 0)
	os.Mkdir(dir+"/mutex.lck", 0o700)
	os.Remove(f.lockFile)
	os.ReadFile(f.dataFile)
	os.Stat(dir)
}

func aged(f *files) bool {
	st, err := os.Stat(f.lockFile)
	return err == nil && time.Since(st.ModTime()) > time.Minute
}
`

func TestOf(t *testing.T) {
	pkg := testutil.BuildSSA(t, src)
	typ := func(name string) types.Type { return pkg.Pkg.Scope().Lookup(name).Type() }
	field := func(name, f string) *types.Var {
		st := typ(name).Underlying().(*types.Struct)
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == f {
				return st.Field(i)
			}
		}
		t.Fatalf("no field %s.%s", name, f)
		return nil
	}
	for name, want := range map[string]bool{"lease": true, "heartbeat": true, "session": false, "ttlOnly": false, "files": false} {
		if got := Of(typ(name)) != nil; got != want {
			t.Errorf("Of(%s) = %v, want %v", name, got, want)
		}
	}
	if Of(types.NewPointer(typ("lease"))) == nil {
		t.Errorf("Of(*lease) = nil, want the record")
	}
	for _, c := range []struct {
		typ, field string
		want       vocab.FieldRole
	}{
		{"lease", "Holder", vocab.Owner},
		{"lease", "ExpiresAt", vocab.Expiry},
		{"lease", "Note", vocab.NoRole},
		{"heartbeat", "LastBeatAt", vocab.Heartbeat},
		{"session", "ExpiresOn", vocab.NoRole},  // no owner: no record
		{"ttlOnly", "ExpirySecs", vocab.NoRole}, // a duration, not an instant
	} {
		if got := FieldRole(typ(c.typ), field(c.typ, c.field)); got != c.want {
			t.Errorf("FieldRole(%s.%s) = %v, want %v", c.typ, c.field, got, c.want)
		}
	}
}

func TestFile(t *testing.T) {
	pkg := testutil.BuildSSA(t, src)
	type got struct {
		op   Op
		lock bool
	}
	var ops []got
	for _, b := range pkg.Func("use").Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				if op, path := File(&c.Call); op != NoOp {
					ops = append(ops, got{op, LockPath(path)})
				}
			}
		}
	}
	want := []got{
		{Exists, true}, {Create, true}, {Exclusive, true}, {Create, false}, {Read, true},
		{Exclusive, true}, {Remove, true}, {Read, false}, {Exists, false},
	}
	if len(ops) != len(want) {
		t.Fatalf("ops = %v, want %v", ops, want)
	}
	for i := range want {
		if ops[i] != want[i] {
			t.Errorf("op %d = %v, want %v", i, ops[i], want[i])
		}
	}
	if !Aged(pkg.Func("aged")) || Aged(pkg.Func("use")) {
		t.Errorf("Aged: want aged true, use false")
	}
}

func TestInSource(t *testing.T) {
	for text, want := range map[string]bool{
		"type L struct { Holder string; ExpiresAt time.Time }":       true,
		`const p = "/run/app.lock"`:                                  true,
		"var lockFile string":                                        true,
		"type S struct { User string; ExpiresOn time.Time }":         false,
		"func f() { mu.Lock() }":                                     false,
		"type lockData struct { Owner string; CreatedAt time.Time }": true,
		"type upload struct { Owner string; CreatedAt time.Time }":   false,
	} {
		if got := InSource([]byte(text)); got != want {
			t.Errorf("InSource(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestLockFileName(t *testing.T) {
	for raw, want := range map[string]bool{
		`"/run/app.lock"`: true,
		"lockFile":        true,
		"Flock":           true,
		`"app.lock.tmp"`:  false,
		`".lock"`:         true, // key + ".lock": a lock file's or lock object's suffix
		`".lck"`:          true,
		`"lock"`:          false,
		"Lock":            false,
		"lockKey":         false,
	} {
		if got := lockFileName(raw); got != want {
			t.Errorf("lockFileName(%s) = %v, want %v", raw, got, want)
		}
	}
}

// TestLockRecordType: a struct named as a lock that names an owner and
// holds an instant of a time type is a lock's record, whatever the instant
// is called; one not named as a lock, or with no owner, or whose only
// "instant" is an integer, is not.
func TestLockRecordType(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

import "time"

type lockData struct {
	Owner     string
	CreatedAt time.Time
	TTL       time.Duration
}
type upload struct {
	Owner     string
	CreatedAt time.Time
}
type leaseInfo struct {
	Name      string
	CreatedAt time.Time
}
type lockCount struct {
	Owner string
	Count int64
}
`)
	want := map[string]bool{"lockData": true, "upload": false, "leaseInfo": false, "lockCount": false}
	for name, w := range want {
		obj, _ := pkg.Pkg.Scope().Lookup(name).(*types.TypeName)
		if obj == nil {
			t.Fatalf("no type %s", name)
		}
		if got := lockRecordType(obj); got != w {
			t.Errorf("lockRecordType(%s) = %v, want %v", name, got, w)
		}
	}
}
