package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		{"{\n  \"locks\": [\n    {\"func\": 3}\n  ]\n}", "cfg.json:3:15: invalid fencecheck configuration: locks.func must be string"},
		{"{\n  \"lokcs\": []\n}", `cfg.json: invalid fencecheck configuration: json: unknown field "lokcs"`},
		{"{\n  \"locks\": [,]\n}", "cfg.json:2:14: invalid fencecheck configuration: invalid character ','"},
		{`{"locks": [{"func": "x.Y", "success": "maybe"}]}`, `locks[0].success: "maybe" is neither`},
		{`{"sinks": [{"func": "nodot"}]}`, `sinks[0].func: "nodot": want`},
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
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("f.json", data)
		if err == nil && c == nil {
			t.Fatal("nil config without error")
		}
	})
}
