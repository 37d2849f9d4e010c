// Package config reads fencecheck's configuration file, which describes
// third-party lock APIs, fences, effects and lease checks the knowledge
// base does not know, by import path and name.
//
// The file is JSON, found as fencecheck.json at the module root (or given
// with the engine's -config flag, or the golangci-lint setting "config"):
//
//	{
//	  "locks":  [{"func": "example.com/lockz.(*Client).Acquire", "success": "err",
//	              "release": ["example.com/lockz.(*Client).Release"]}],
//	  "fences": ["example.com/lockz.(*Lease).Epoch", "example.com/store.Record.Version"],
//	  "sinks":  [{"func": "example.com/billing.(*Client).Charge", "carried_by": [2]}],
//	  "checks": ["example.com/lockz.(*Lease).Valid"]
//	}
//
// Functions are written as go/types prints them: "pkg/path.Func",
// "pkg/path.(*Type).Method" or "pkg/path.Type.Method"; a struct field as
// "pkg/path.Type.Field" in "fences".
package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/model"
)

// FileName is the configuration file looked up at the module root.
const FileName = "fencecheck.json"

// Config is the parsed file.
type Config struct {
	Locks  []Lock   `json:"locks"`
	Fences []string `json:"fences"`
	Sinks  []Sink   `json:"sinks"`
	Checks []string `json:"checks"`

	path string
}

// Lock is a custom acquisition.
type Lock struct {
	Func    string   `json:"func"`
	Success string   `json:"success"` // "err" (default) or "bool"
	Result  *int     `json:"result"`  // index of the success result; default: last for err, 0 for bool
	Release []string `json:"release"`
	Name    string   `json:"name"` // for messages; default the function name
}

// Sink is a custom protected effect.
type Sink struct {
	Func      string `json:"func"`
	CarriedBy []int  `json:"carried_by"` // parameters (receiver = 0 for methods) that carry the fence to the resource
}

// Path is where the configuration was read from.
func (c *Config) Path() string { return c.path }

// Find returns the configuration file for a package directory: the first
// fencecheck.json found walking up to (and including) the directory that
// holds go.mod. "" when there is none.
func Find(dir string) string {
	for d := dir; ; {
		if p := filepath.Join(d, FileName); exists(p) {
			return p
		}
		if exists(filepath.Join(d, "go.mod")) {
			return ""
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// Load reads and validates a configuration file. Errors name the file and,
// for syntax errors, the line and column.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading configuration: %w", err)
	}
	return Parse(path, data)
}

// Parse parses configuration text read from path.
func Parse(path string, data []byte) (*Config, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	c := &Config{path: path}
	if err := dec.Decode(c); err != nil {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			line, col := position(data, syn.Offset)
			return nil, fmt.Errorf("%s:%d:%d: invalid fencecheck configuration: %v", path, line, col, syn)
		case errors.As(err, &typ):
			line, col := position(data, typ.Offset)
			return nil, fmt.Errorf("%s:%d:%d: invalid fencecheck configuration: %s must be %s", path, line, col, typ.Field, typ.Type)
		}
		return nil, fmt.Errorf("%s: invalid fencecheck configuration: %v", path, err)
	}
	if err := c.validate(); err != nil {
		return nil, fmt.Errorf("%s: invalid fencecheck configuration: %v", path, err)
	}
	return c, nil
}

func position(data []byte, off int64) (line, col int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	before := data[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(off) - bytes.LastIndexByte(before, '\n')
	return line, col
}

func (c *Config) validate() error {
	for i, l := range c.Locks {
		if _, err := ParseFunc(l.Func); err != nil {
			return fmt.Errorf("locks[%d].func: %v", i, err)
		}
		switch l.Success {
		case "", "err", "bool":
		default:
			return fmt.Errorf("locks[%d].success: %q is neither \"err\" nor \"bool\"", i, l.Success)
		}
		for j, r := range l.Release {
			if _, err := ParseFunc(r); err != nil {
				return fmt.Errorf("locks[%d].release[%d]: %v", i, j, err)
			}
		}
	}
	for i, f := range c.Fences {
		if _, err := ParseFunc(f); err != nil {
			return fmt.Errorf("fences[%d]: %v", i, err)
		}
	}
	for i, s := range c.Sinks {
		if _, err := ParseFunc(s.Func); err != nil {
			return fmt.Errorf("sinks[%d].func: %v", i, err)
		}
	}
	for i, f := range c.Checks {
		if _, err := ParseFunc(f); err != nil {
			return fmt.Errorf("checks[%d]: %v", i, err)
		}
	}
	return nil
}

// ParseFunc parses "pkg/path.Func", "pkg/path.(*T).M" or "pkg/path.T.M"
// (the last form also names a struct field T.M).
func ParseFunc(s string) (model.Func, error) {
	if s == "" {
		return model.Func{}, errors.New("empty name")
	}
	slash := strings.LastIndex(s, "/")
	dot := strings.Index(s[slash+1:], ".")
	if dot < 0 {
		return model.Func{}, fmt.Errorf("%q: want pkg/path.Func, pkg/path.(*Type).Method or pkg/path.Type.Method", s)
	}
	pkg, rest := s[:slash+1+dot], s[slash+1+dot+1:]
	if strings.HasPrefix(rest, "(") {
		recv, name, ok := strings.Cut(rest, ").")
		if !ok || name == "" {
			return model.Func{}, fmt.Errorf("%q: unbalanced receiver", s)
		}
		return model.Func{Pkg: pkg, Recv: strings.TrimPrefix(strings.TrimPrefix(recv, "("), "*"), Name: name}, nil
	}
	if recv, name, ok := strings.Cut(rest, "."); ok {
		if recv == "" || name == "" || strings.Contains(name, ".") {
			return model.Func{}, fmt.Errorf("%q: want pkg/path.Type.Method", s)
		}
		return model.Func{Pkg: pkg, Recv: recv, Name: name}, nil
	}
	return model.Func{Pkg: pkg, Name: rest}, nil
}
