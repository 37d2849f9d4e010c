package config

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/fencecheck/fencecheck/analyzers/internal/model"
)

func TestParseFunc(t *testing.T) {
	tests := []struct {
		in   string
		want model.Func
		err  bool
	}{
		{"example.com/lockz.Acquire", model.Func{Pkg: "example.com/lockz", Name: "Acquire"}, false},
		{"example.com/lockz.(*Client).Acquire", model.Func{Pkg: "example.com/lockz", Recv: "Client", Name: "Acquire"}, false},
		{"example.com/lockz.Client.Acquire", model.Func{Pkg: "example.com/lockz", Recv: "Client", Name: "Acquire"}, false},
		{"lockz.Acquire", model.Func{Pkg: "lockz", Name: "Acquire"}, false},
		{"example.com/a.b/lockz.(*C).M", model.Func{Pkg: "example.com/a.b/lockz", Recv: "C", Name: "M"}, false},
		{"", model.Func{}, true},
		{"example.com/lockz", model.Func{}, true},
		{"example.com/lockz.(*Client.Acquire", model.Func{}, true},
		{"example.com/lockz.A.B.C", model.Func{}, true},
	}
	for _, tt := range tests {
		got, err := ParseFunc(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("ParseFunc(%q) = %+v, %v; want %+v, err %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ text, want string }{
		{"{\n  \"locks\": [\n    {\"func\": 3}\n  ]\n}", "cfg.json:3:14: invalid fencecheck configuration: locks[0].func: want a string, not a number"},
		{"{\n  \"lokcs\": []\n}", `cfg.json:2:3: invalid fencecheck configuration: unknown key "lokcs" at the top level; the keys are checks, fences, library, locks, sinks`},
		{`{"library": "yes"}`, `cfg.json:1:13: invalid fencecheck configuration: library: want true or false, not a string`},
		{"{\n  \"locks\": [,]\n}", "cfg.json:2:13: invalid fencecheck configuration: invalid character ','"},
		{`{"locks": [{"func": "x.Y", "success": "maybe"}]}`, `cfg.json:1:39: invalid fencecheck configuration: locks[0].success: "maybe" is neither`},
		{`{"sinks": [{"func": "nodot"}]}`, `cfg.json:1:21: invalid fencecheck configuration: sinks[0].func: "nodot": want`},
		// Range checks: a negative index used to crash the engine.
		{`{"sinks": [{"func": "a.S", "carried_by": [1, -1]}]}`, `cfg.json:1:46: invalid fencecheck configuration: sinks[0].carried_by[1]: -1 is negative`},
		{`{"locks": [{"func": "a.L", "result": -2}]}`, `cfg.json:1:38: invalid fencecheck configuration: locks[0].result: -2 is negative`},
		{`{"locks": [{"func": "a.L", "result": 1.5}]}`, `locks[0].result: want an integer, not 1.5`},
		{`{"locks": [{"release": ["a.R"]}]}`, `cfg.json:1:12: invalid fencecheck configuration: locks[0]: "func" is missing`},
		{`{"locks": [{"func": "a.L", "nmae": "x"}]}`, `cfg.json:1:28: invalid fencecheck configuration: unknown key "nmae" in locks[0]; the keys are func, name, release, result, success`},
		// Go's names for types and io.EOF never reach the user.
		{`{"locks": {}}`, `cfg.json:1:11: invalid fencecheck configuration: locks: want a list of objects, not an object`},
		{`{"sinks": [{"func": "a.S", "carried_by": 1}]}`, `sinks[0].carried_by: want a list of integers, not a number`},
		{`[]`, `cfg.json:1:1: invalid fencecheck configuration: the file must hold one JSON object ({"locks": [...], ...}), not a list`},
		{`"x"`, `the file must hold one JSON object`},
		{``, `cfg.json: invalid fencecheck configuration: the file is empty`},
		{" \n", `cfg.json: invalid fencecheck configuration: the file is empty`},
		{`{"locks": [`, `cfg.json:1:12: invalid fencecheck configuration: the file ends before the configuration object does`},
		// Data after the object is an error, not ignored.
		{"{}\n{}", `cfg.json:2:1: invalid fencecheck configuration: unexpected data after the configuration object`},
		{`{"fences": []} x`, `cfg.json:1:16: invalid fencecheck configuration: unexpected data`},
		{`{"fences": []},`, `cfg.json:1:15: invalid fencecheck configuration: unexpected data`},
		// encoding/json keeps the last of two equal keys; the file says once.
		{"{\n  \"fences\": [],\n  \"fences\": [\"a.B\"]\n}", `cfg.json:3:3: invalid fencecheck configuration: duplicate key "fences" at the top level (first at 2:3); write each key once`},
		{`{"locks": [{"func": "a.L", "func": "a.M"}]}`, `cfg.json:1:28: invalid fencecheck configuration: duplicate key "func" in locks[0] (first at 1:13)`},
	}
	for _, tt := range tests {
		_, err := Parse("cfg.json", []byte(tt.text))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) error = %v, want it to contain %q", tt.text, err, tt.want)
		}
	}
	c, err := Parse("cfg.json", []byte(`{"locks": [{"func": "example.com/lockz.(*Client).Acquire", "release": ["example.com/lockz.(*Client).Release"]}], "fences": ["example.com/lockz.Lease.Epoch"]}`))
	if err != nil || len(c.Locks) != 1 || len(c.Fences) != 1 {
		t.Fatalf("valid config: %+v, %v", c, err)
	}
	// A UTF-8 byte order mark, which some editors write, is accepted, and
	// null stands for an absent value.
	c, err = Parse("cfg.json", []byte("\xEF\xBB\xBF{\"fences\": [\"a.B\"], \"checks\": null, \"locks\": [{\"func\": \"a.L\", \"result\": null}]}"))
	if err != nil || len(c.Fences) != 1 || c.Locks[0].Result != nil {
		t.Fatalf("config with a BOM: %+v, %v", c, err)
	}
	if got, want := c.Where("fences[0]"), "cfg.json:1:13"; got != want {
		t.Errorf("Where(fences[0]) = %q, want %q", got, want)
	}
}

// No message shows Go's names for types, a bare EOF or a Go-syntax dump.
func TestParseErrorsInUsersWords(t *testing.T) {
	for _, text := range []string{``, `[]`, `{"locks": 1}`, `{"locks": [1]}`, `{"locks": [{"func": 1}]}`, `{"locks": [{"result": "1"}]}`,
		`{"sinks": [{"carried_by": ["1"]}]}`, `{"fences": [1]}`, `{"checks": {}}`, `{"locks": [{"release": "a.R"}]}`, `{`, `{"locks"`, `nul`} {
		_, err := Parse("cfg.json", []byte(text))
		if err == nil {
			t.Errorf("Parse(%q) accepted", text)
			continue
		}
		msg := err.Error()
		for _, bad := range []string{"config.", "[]int", "[]string", "EOF", " json:", "Go value"} {
			if strings.Contains(msg, bad) {
				t.Errorf("Parse(%q) = %q, which mentions %q", text, msg, bad)
			}
		}
	}
}

// The file compiles into the knowledge base's types once, when it is read.
func TestLibrary(t *testing.T) {
	c, err := Parse("fencecheck.json", []byte(`{
	  "locks":  [{"func": "example.com/lockz.(*Client).Acquire", "release": ["example.com/lockz.(*Client).Release"]},
	             {"func": "example.com/lockz.TryLock", "success": "bool", "name": "lockz lock"},
	             {"func": "example.com/lockz.Take", "result": 1}],
	  "fences": ["example.com/lockz.(*Lease).Epoch", "example.com/store.Record.Version", "example.com/lockz.Token"],
	  "sinks":  [{"func": "example.com/billing.(*Client).Charge", "carried_by": [2]}],
	  "checks": ["example.com/lockz.(*Lease).Valid"]
	}`))
	if err != nil {
		t.Fatal(err)
	}
	lib := c.Library()
	acquire := model.Func{Pkg: "example.com/lockz", Recv: "Client", Name: "Acquire"}
	if l := lib.Locks[0]; l.Lib != "lock Acquire" || l.Acquire[0] != acquire || l.Success != model.ErrNil || l.Result != model.LastResult ||
		l.Release[0] != (model.Func{Pkg: "example.com/lockz", Recv: "Client", Name: "Release"}) || !strings.Contains(l.Fence.None, "fencecheck.json") {
		t.Errorf("locks[0] = %+v", l)
	}
	if l := lib.Locks[1]; l.Lib != "lockz lock" || l.Success != model.BoolTrue || l.Result != 0 {
		t.Errorf("locks[1] = %+v", l)
	}
	if l := lib.Locks[2]; l.Result != 1 {
		t.Errorf("locks[2] = %+v", l)
	}
	if len(lib.Fences) != 3 || len(lib.FenceFields) != 2 || lib.FenceFields[1] != (model.Field{Pkg: "example.com/store", Type: "Record", Name: "Version"}) {
		t.Errorf("fences %v, fields %v", lib.Fences, lib.FenceFields)
	}
	if s := lib.Sinks[0]; s.Funcs[0].Name != "Charge" || s.Family != CustomEffect || s.Cond != model.CondRequest || len(s.CarriedBy) != 1 || s.CarriedBy[0] != 2 {
		t.Errorf("sinks[0] = %+v", s)
	}
	if len(lib.Validity) != 1 || lib.Validity[0].Name != "Valid" {
		t.Errorf("checks %v", lib.Validity)
	}
	if f, ok := c.Func("locks[0].release[0]"); !ok || f.Name != "Release" {
		t.Errorf("Func(locks[0].release[0]) = %v, %v", f, ok)
	}
}

// TestLibraryMode: the key "library" turns library mode on; it is off
// when absent.
func TestLibraryMode(t *testing.T) {
	for text, want := range map[string]bool{`{"library": true}`: true, `{"library": false}`: false, `{}`: false} {
		c, err := Parse("cfg.json", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if c.LibraryMode != want {
			t.Errorf("%s: LibraryMode = %v, want %v", text, c.LibraryMode, want)
		}
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, "go.mod"), []byte("module x\n"), 0o644)
	if got := Find(sub); got != "" {
		t.Errorf("Find without a file = %q", got)
	}
	os.WriteFile(filepath.Join(root, FileName), []byte("{}"), 0o644)
	if got := Find(sub); got != filepath.Join(root, FileName) {
		t.Errorf("Find = %q, want the module root's file", got)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"locks": [{"func": "a.B"}]}`))
	f.Add([]byte(`{"fences": ["a.(*T).F"], "checks": ["a.T.V"], "sinks": [{"func": "a.S", "carried_by": [1]}]}`))
	f.Add([]byte("{\n\"locks\": [,]}"))
	// The crash of issue 18: a negative argument index reached the engine.
	f.Add([]byte(`{"sinks":[{"func":"a.S","carried_by":[-1]}]}`))
	f.Add([]byte(`{"locks":[{"func":"a.L","result":5,"success":"bool"}]}`))
	f.Add([]byte("\xEF\xBB\xBF{}"))
	f.Add([]byte(`{} []`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("f.json", data)
		if err != nil {
			if c != nil {
				t.Fatal("config with an error")
			}
			if !strings.HasPrefix(err.Error(), "f.json") || !strings.Contains(err.Error(), "invalid fencecheck configuration: ") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if c == nil {
			t.Fatal("nil config without error")
		}
		// What the engine relies on: every name parses, every index is
		// one it may use without a range check of its own.
		c.Names(func(key, name string) {
			if _, err := ParseFunc(name); err != nil {
				t.Fatalf("%s: %q accepted: %v", key, name, err)
			}
			if c.Where(key) == c.Path() {
				t.Fatalf("%s: no position", key)
			}
		})
		for _, l := range c.Locks {
			if l.Result != nil && *l.Result < 0 {
				t.Fatalf("negative result %d accepted", *l.Result)
			}
		}
		for _, s := range c.Sinks {
			for _, i := range s.CarriedBy {
				if i < 0 {
					t.Fatalf("negative carried_by %d accepted", i)
				}
			}
		}
	})
}

// A configuration of 100,000 names (about 3 MiB) is read in well under a
// second of CPU time (the garbage collector's included): the walk, the
// validation and the compilation are linear.
func TestLargeConfig(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"locks": [`)
	const n = 25000
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"func": "example.com/l%d.(*C).Acquire", "release": ["example.com/l%d.(*C).Release"]}`, i, i)
	}
	b.WriteString(`], "fences": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"example.com/l%d.Lease.Epoch"`, i)
	}
	b.WriteString(`], "checks": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"example.com/l%d.(*Lease).Valid"`, i)
	}
	b.WriteString("]}")
	if b.Len() > MaxSize {
		t.Fatalf("%d bytes, over the limit", b.Len())
	}
	data := []byte(b.String())
	runtime.GC()
	start, measured := cpuTime()
	c, err := Parse("big.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if end, _ := cpuTime(); measured && end-start > 1500*time.Millisecond {
		t.Errorf("parsing %d names (%d bytes) took %v of CPU time", 4*n, len(data), end-start)
	}
	if got := len(c.Library().Locks) + len(c.Library().Fences) + len(c.Library().Validity); got != 3*n {
		t.Errorf("%d entries compiled", got)
	}
}

// An entry whose package no build of the module can have is an error with
// a suggestion; one that a required module, the standard library or a
// loaded package may provide is not; nothing is decided in GOPATH mode.
func TestCheckPackages(t *testing.T) {
	root := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":          "module example.com/small\n\ngo 1.26\n\nrequire github.com/acme/coord v1.0.0\n",
		"coord/coord.go":  "package coord\n",
		"internal/x/x.go": "package x\n",
	} {
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	loaded := func(p string) bool { return p == "example.com/loaded" }
	for _, tc := range []struct{ name, want string }{
		{"example.com/smal/coord.Grab", "checks[0]: package example.com/smal/coord is in no module of this build (not the standard library, not in module example.com/small nor in a module its go.mod requires), so nothing can import it and the entry matches nothing; did you mean example.com/small/coord?"},
		{"example.com/small/cord.Grab", "did you mean example.com/small/coord?"},
		{"example.com/small/nothing/like/it.Grab", "matches nothing\n"},
		{"example.com/small/coord.Grab", ""},
		{"github.com/acme/coord/v2x.Grab", ""}, // under a required module: not looked into
		{"net/http.Get", ""},
		{"example.com/loaded.Grab", ""},
		{"nethttp.Get", "package nethttp is in no module"},
	} {
		c, err := Parse(filepath.Join(root, FileName), []byte(`{"checks": ["`+tc.name+`"]}`))
		if err != nil {
			t.Fatal(err)
		}
		err = c.CheckPackages(root, loaded, []string{"example.com/loaded"})
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error()+"\n", tc.want)):
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
		if err := c.CheckPackages("", loaded, nil); err != nil {
			t.Errorf("%s in GOPATH mode: %v", tc.name, err)
		}
	}
}
