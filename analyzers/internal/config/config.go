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
	"strconv"
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
	// LibraryMode ("library": true) also reports inside the lock
	// libraries of the knowledge base, for their authors (docs/design.md).
	LibraryMode bool `json:"library"`

	path   string
	data   []byte           // the text, for positions
	starts map[string]int64 // where the value at each key starts

	// lib is the file compiled into the knowledge base's types, and funcs
	// each name parsed, by key ("locks[0].release[1]"): every name is
	// parsed once, when the file is read.
	lib   model.Library
	funcs map[string]model.Func
	pkgs  map[string]string   // import path -> key of its first name
	byPkg map[string][]string // import path -> keys of its names, in file order
	names map[string]string   // key -> the name as written
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
// where a place in it is to blame, the line and column.
//
// The file is read with ReadFile: a regular file or a pipe, at most
// MaxSize bytes. When path is a symbolic link and what it leads to is not
// a valid configuration, the error says where, not what is there: the
// link may lead to a file that is no configuration at all, whose content
// must not reach a CI log.
func Load(path string) (*Config, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, &Error{Msg: "reading configuration: " + err.Error(), Err: err}
	}
	name := path
	if path == Stdin {
		name = "<stdin>"
	}
	c, err := Parse(name, data)
	if err != nil {
		if target := symlinkTarget(path); target != "" {
			return nil, &Error{Msg: redact(err.Error(), path, target)}
		}
	}
	return c, err
}

// redact keeps the position of a parse error and drops what it says of
// the text.
func redact(msg, path, target string) string {
	pos, _, _ := strings.Cut(msg, ": invalid fencecheck configuration: ")
	return fmt.Sprintf("%s: invalid fencecheck configuration (%s is a symbolic link to %s; what it holds is not shown)", pos, path, target)
}

// bom is the UTF-8 byte order mark some editors write at the start of a file.
var bom = []byte("\xEF\xBB\xBF")

// Parse parses configuration text read from path. Every error reads
// "<path>[:line:col]: invalid fencecheck configuration: <what>", in the
// file's own terms (keys, JSON values), never Go's; it is an *Error.
func Parse(path string, data []byte) (*Config, error) {
	c, err := parse(path, data)
	if err != nil {
		return nil, &Error{Msg: err.Error()}
	}
	return c, nil
}

func parse(path string, data []byte) (*Config, error) {
	data = bytes.TrimPrefix(data, bom)
	c := &Config{path: path, data: data}
	fail := func(off int64, format string, args ...any) error {
		if off < 0 {
			return fmt.Errorf("%s: invalid fencecheck configuration: "+format, append([]any{path}, args...)...)
		}
		line, col := position(data, off)
		return fmt.Errorf("%s:%d:%d: invalid fencecheck configuration: "+format, append([]any{path, line, col}, args...)...)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fail(-1, "the file is empty; want a JSON object such as {\"locks\": [...]}")
	}
	// The walk checks the shape (an object, known keys, the type of each
	// value) and records where each value starts, so that every error, and
	// later an unknown name, can point into the file.
	w := &walker{data: data, dec: json.NewDecoder(bytes.NewReader(data)), starts: map[string]int64{}}
	w.dec.UseNumber()
	if err := w.value("", schemaConfig); err != nil {
		return nil, w.fail(err, fail)
	}
	if rest := bytes.TrimLeft(data[w.dec.InputOffset():], " \t\r\n"); len(rest) > 0 {
		return nil, fail(int64(len(data)-len(rest)), "unexpected data after the configuration object")
	}
	c.starts = w.starts
	if err := json.Unmarshal(data, c); err != nil {
		// The walk has checked what Unmarshal checks; this is a safety net.
		return nil, fail(-1, "%v", err)
	}
	if err := c.validate(); err != nil {
		var ke *keyError
		if errors.As(err, &ke) {
			return nil, fail(c.offset(ke.key), "%s: %s", ke.key, ke.msg)
		}
		return nil, fail(-1, "%v", err)
	}
	c.compile()
	return c, nil
}

// CustomEffect is the family of the effects the configuration and the
// annotations declare, in messages.
const CustomEffect = "custom effect"

// compile turns the validated file into the knowledge base's types: a
// Library whose locks, sinks, fences and lease checks the engine matches
// like the built-in ones. A name in "fences" with a receiver part names a
// method or a struct field; it is compiled as both.
func (c *Config) compile() {
	n := len(c.Fences) + len(c.Sinks) + len(c.Checks)
	for _, l := range c.Locks {
		n += 1 + len(l.Release)
	}
	c.funcs = make(map[string]model.Func, n)
	c.pkgs = map[string]string{}
	c.byPkg = map[string][]string{}
	c.names = make(map[string]string, n)
	// Every name was parsed by validate; the keys are those of Names.
	parse := func(key, name string) model.Func {
		f, err := ParseFunc(name)
		if err != nil {
			return model.Func{}
		}
		c.funcs[key] = f
		c.names[key] = name
		if _, ok := c.pkgs[f.Pkg]; !ok {
			c.pkgs[f.Pkg] = key
		}
		c.byPkg[f.Pkg] = append(c.byPkg[f.Pkg], key)
		return f
	}
	c.lib = model.Library{Name: filepath.Base(c.path),
		Locks: make([]*model.Lock, 0, len(c.Locks)), Fences: make([]model.Func, 0, len(c.Fences)),
		Sinks: make([]*model.Sink, 0, len(c.Sinks)), Validity: make([]model.Func, 0, len(c.Checks))}
	noFence := model.Fence{None: "pass this lock's fencing token (a value listed under \"fences\" in " + filepath.Base(c.path) + ") to the write and compare it there, or take one from the protected store"}
	for i, l := range c.Locks {
		f := parse(lockKey(i), l.Func)
		lock := &model.Lock{Lib: l.Name, Acquire: []model.Func{f}, Success: model.ErrNil, Result: model.LastResult, Fence: noFence}
		if lock.Lib == "" {
			lock.Lib = "lock " + f.Name
		}
		if l.Success == "bool" {
			lock.Success, lock.Result = model.BoolTrue, 0
		}
		if l.Result != nil {
			lock.Result = *l.Result
		}
		for j, r := range l.Release {
			lock.Release = append(lock.Release, parse(releaseKey(i, j), r))
		}
		c.lib.Locks = append(c.lib.Locks, lock)
	}
	for i, name := range c.Fences {
		f := parse(indexKey("fences", i), name)
		c.lib.Fences = append(c.lib.Fences, f)
		if f.Recv != "" {
			c.lib.FenceFields = append(c.lib.FenceFields, model.Field{Pkg: f.Pkg, Type: f.Recv, Name: f.Name})
		}
	}
	for i, s := range c.Sinks {
		c.lib.Sinks = append(c.lib.Sinks, &model.Sink{Family: CustomEffect, Cond: model.CondRequest, Key: -1,
			Funcs: []model.Func{parse(sinkKey(i), s.Func)}, CarriedBy: s.CarriedBy})
	}
	for i, name := range c.Checks {
		c.lib.Validity = append(c.lib.Validity, parse(indexKey("checks", i), name))
	}
}

// The keys of the names in the file ("locks[0].release[1]"), built
// without fmt: a file may have a hundred thousand.
func indexKey(list string, i int) string { return list + "[" + strconv.Itoa(i) + "]" }
func lockKey(i int) string               { return indexKey("locks", i) + ".func" }
func releaseKey(i, j int) string         { return indexKey(indexKey("locks", i)+".release", j) }
func sinkKey(i int) string               { return indexKey("sinks", i) + ".func" }

// Library returns what the file says, compiled into the knowledge base's
// types when it was read. A Lock's Result may be model.LastResult.
func (c *Config) Library() *model.Library { return &c.lib }

// Func returns the function, method or field named at key
// ("locks[0].release[1]"), parsed when the file was read.
func (c *Config) Func(key string) (model.Func, bool) {
	f, ok := c.funcs[key]
	return f, ok
}

func position(data []byte, off int64) (line, col int) {
	off = max(0, min(off, int64(len(data))))
	before := data[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(off) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// offset is where the value at key ("locks[0].func") starts in the file,
// or -1.
func (c *Config) offset(key string) int64 {
	if off, ok := c.starts[key]; ok {
		return off
	}
	return -1
}

// Where returns "path:line:col" of the value at key ("locks[0].func",
// "fences[2]"), or the path alone when the key is not in the file.
func (c *Config) Where(key string) string {
	off := c.offset(key)
	if off < 0 || c.data == nil {
		return c.path
	}
	line, col := position(c.data, off)
	return fmt.Sprintf("%s:%d:%d", c.path, line, col)
}

// A keyError is a problem with the value at key.
type keyError struct{ key, msg string }

func (e *keyError) Error() string { return e.key + ": " + e.msg }

func keyErr(key, format string, args ...any) error {
	return &keyError{key: key, msg: fmt.Sprintf(format, args...)}
}

func (c *Config) validate() error {
	for i, l := range c.Locks {
		key := fmt.Sprintf("locks[%d]", i)
		if _, ok := c.starts[key+".func"]; !ok && c.starts != nil {
			return keyErr(key, "\"func\" is missing: name the function that takes the lock")
		}
		if _, err := ParseFunc(l.Func); err != nil {
			return keyErr(key+".func", "%v", err)
		}
		switch l.Success {
		case "", "err", "bool":
		default:
			return keyErr(key+".success", "%q is neither \"err\" nor \"bool\"", l.Success)
		}
		if l.Result != nil && *l.Result < 0 {
			return keyErr(key+".result", "%d is negative: results are counted from 0", *l.Result)
		}
		for j, r := range l.Release {
			if _, err := ParseFunc(r); err != nil {
				return keyErr(fmt.Sprintf("%s.release[%d]", key, j), "%v", err)
			}
		}
	}
	for i, f := range c.Fences {
		if _, err := ParseFunc(f); err != nil {
			return keyErr(fmt.Sprintf("fences[%d]", i), "%v", err)
		}
	}
	for i, s := range c.Sinks {
		key := fmt.Sprintf("sinks[%d]", i)
		if _, ok := c.starts[key+".func"]; !ok && c.starts != nil {
			return keyErr(key, "\"func\" is missing: name the function that performs the effect")
		}
		if _, err := ParseFunc(s.Func); err != nil {
			return keyErr(key+".func", "%v", err)
		}
		for j, n := range s.CarriedBy {
			if n < 0 {
				return keyErr(fmt.Sprintf("%s.carried_by[%d]", key, j), "%d is negative: arguments are counted from 0 (the receiver of a method is 0)", n)
			}
		}
	}
	for i, f := range c.Checks {
		if _, err := ParseFunc(f); err != nil {
			return keyErr(fmt.Sprintf("checks[%d]", i), "%v", err)
		}
	}
	return nil
}

// Errorf returns the error of the value at key, in the form of every
// other configuration error: "path:line:col: invalid fencecheck
// configuration: key: message".
func (c *Config) Errorf(key, format string, args ...any) error {
	return &Error{Msg: fmt.Sprintf("%s: invalid fencecheck configuration: %s: %s", c.Where(key), key, fmt.Sprintf(format, args...))}
}

// An Error is a problem with the configuration: a file that cannot be
// read or parsed, or one that only the program shows (a name that matches
// nothing). It is the same for every package that finds it, so a driver
// may report it once.
type Error struct {
	Msg string
	Err error // the cause, if any
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// LockIndex reports whether key is the "func" of a lock, and which.
func (c *Config) LockIndex(key string) (int, bool) {
	var i int
	if n, _ := fmt.Sscanf(key, "locks[%d].func", &i); n == 1 && key == fmt.Sprintf("locks[%d].func", i) {
		return i, i < len(c.Locks)
	}
	return 0, false
}

// SinkIndex reports whether key is the "func" of a sink, and which.
func (c *Config) SinkIndex(key string) (int, bool) {
	var i int
	if n, _ := fmt.Sscanf(key, "sinks[%d].func", &i); n == 1 && key == fmt.Sprintf("sinks[%d].func", i) {
		return i, i < len(c.Sinks)
	}
	return 0, false
}

// IsFence reports whether key is an entry of "fences" (which may name a
// struct field), and which.
func (c *Config) IsFence(key string) (int, bool) {
	var i int
	if n, _ := fmt.Sscanf(key, "fences[%d]", &i); n == 1 && key == fmt.Sprintf("fences[%d]", i) {
		return i, i < len(c.Fences)
	}
	return 0, false
}

// Packages returns the import paths the file's names belong to, each with
// the key of its first name ("locks[0].func"), computed when the file was
// read. The map must not be modified.
func (c *Config) Packages() map[string]string {
	if c.pkgs == nil {
		return map[string]string{}
	}
	return c.pkgs
}

// Name returns the name at key ("locks[0].release[1]") as written.
func (c *Config) Name(key string) string { return c.names[key] }

// Offset is where the value at key starts in the file, or -1.
func (c *Config) Offset(key string) int64 { return c.offset(key) }

// KeysOf returns the keys of the names that belong to the package at the
// import path, in file order. The slice must not be modified.
func (c *Config) KeysOf(pkg string) []string { return c.byPkg[pkg] }

// Names calls f with every function, method or field name in the file and
// its key ("locks[0].release[1]"), in file order.
func (c *Config) Names(f func(key, name string)) {
	for i, l := range c.Locks {
		f(lockKey(i), l.Func)
		for j, r := range l.Release {
			f(releaseKey(i, j), r)
		}
	}
	for i, n := range c.Fences {
		f(indexKey("fences", i), n)
	}
	for i, s := range c.Sinks {
		f(sinkKey(i), s.Func)
	}
	for i, n := range c.Checks {
		f(indexKey("checks", i), n)
	}
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
