package cache

import (
	"crypto/sha256"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func key(s string) Key { return sha256.Sum256([]byte(s)) }

func TestPutGet(t *testing.T) {
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get(key("a"), "r"); ok {
		t.Fatal("hit in an empty cache")
	}
	for _, data := range []string{"results", "", "replaced"} {
		if err := c.Put(key("a"), "r", []byte(data)); err != nil {
			t.Fatal(err)
		}
		got, ok := c.Get(key("a"), "r")
		if !ok || string(got) != data {
			t.Fatalf("Get = %q, %v; want %q", got, ok, data)
		}
	}
	if _, ok := c.Get(key("a"), "x"); ok {
		t.Error("a kind never put is a hit")
	}
}

// A damaged file is a miss: truncated, a byte changed, another format.
func TestDamagedIsMiss(t *testing.T) {
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, damage := range map[string]func([]byte) []byte{
		"truncated":   func(b []byte) []byte { return b[:len(b)-3] },
		"byte":        func(b []byte) []byte { b[len(b)-1] ^= 1; return b },
		"header":      func(b []byte) []byte { b[0] = 'F'; return b },
		"empty":       func([]byte) []byte { return nil },
		"length only": func(b []byte) []byte { return b[:len(magic)+4] },
	} {
		k := key(name)
		if err := c.Put(k, "r", []byte("some results")); err != nil {
			t.Fatal(err)
		}
		f := c.file(k, "r")
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, damage(data), 0o644); err != nil {
			t.Fatal(err)
		}
		if got, ok := c.Get(k, "r"); ok {
			t.Errorf("%s: hit %q", name, got)
		}
	}
}

// Runs writing and reading the same entries at once see whole entries.
func TestConcurrent(t *testing.T) {
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Repeat("x", 1<<16)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 20 {
				if err := c.Put(key("k"), "r", []byte(want)); err != nil {
					t.Error(err)
				}
				if got, ok := c.Get(key("k"), "r"); ok && string(got) != want {
					t.Errorf("partial entry of %d bytes", len(got))
				}
			}
		})
	}
	wg.Wait()
	left, _ := filepath.Glob(filepath.Join(c.dir, "*", ".tmp-*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestTrim(t *testing.T) {
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	c.now = func() time.Time { return now }
	age := func(k Key, d time.Duration) {
		t.Helper()
		if err := os.Chtimes(c.file(k, "r"), now.Add(-d), now.Add(-d)); err != nil {
			t.Fatal(err)
		}
	}
	data := make([]byte, 1000)
	for _, name := range []string{"old", "used", "new1", "new2", "new3"} {
		if err := c.Put(key(name), "r", data); err != nil {
			t.Fatal(err)
		}
	}
	age(key("old"), MaxAge+time.Hour)
	age(key("used"), MaxAge+time.Hour)
	age(key("new1"), 3*time.Hour)
	age(key("new2"), 2*time.Hour)
	// A hit refreshes an entry's time: "used" stays.
	if _, ok := c.Get(key("used"), "r"); !ok {
		t.Fatal("miss")
	}
	if err := c.Trim(10 << 20); err != nil {
		t.Fatal(err)
	}
	has := func(name string) bool { _, ok := c.Get(key(name), "r"); return ok }
	if has("old") || !has("used") || !has("new1") {
		t.Errorf("after trimming by age: old %v, used %v, new1 %v; want false, true, true", has("old"), has("used"), has("new1"))
	}
	// Within TrimInterval nothing is walked while the size the last walk
	// measured plus what runs wrote since stays within the bound: a file
	// too old to keep stays until the next walk.
	exists := func(name string) bool { _, err := os.Stat(c.file(key(name), "r")); return err == nil }
	age(key("new1"), MaxAge+time.Hour)
	if err := c.Trim(10 << 20); err != nil {
		t.Fatal(err)
	}
	if !exists("new1") {
		t.Error("walked again within TrimInterval, under the bound")
	}
	// Within TrimInterval the bound still holds: each run records what it
	// wrote, and once the walk's size (4 files) plus the records exceed
	// the bound (6 files), the next run walks.
	size := len(wrap(data))
	run := func(name string) {
		t.Helper()
		other, err := Open(c.Dir()) // another run sharing the directory
		if err != nil {
			t.Fatal(err)
		}
		other.now = c.now
		if err := other.Put(key(name), "r", data); err != nil {
			t.Fatal(err)
		}
		if err := other.Trim(int64(6 * size)); err != nil {
			t.Fatal(err)
		}
	}
	run("w1")
	run("w2")
	if !exists("new1") || !exists("w1") || !exists("w2") {
		t.Errorf("walked within TrimInterval with 6 files against a bound of 6: new1 %v, w1 %v, w2 %v", exists("new1"), exists("w1"), exists("w2"))
	}
	for i, name := range []string{"new1", "new2", "used", "new3", "w1", "w2"} {
		age(key(name), time.Duration(6-i)*time.Hour)
	}
	run("w3")
	// 7 files against 6: the walk removes the least recently used down to
	// three quarters of the bound (4.5 files).
	var got []string
	for _, name := range []string{"new1", "new2", "used", "new3", "w1", "w2", "w3"} {
		if exists(name) {
			got = append(got, name)
		}
	}
	if want := "new3 w1 w2 w3"; strings.Join(got, " ") != want {
		t.Errorf("after the walk: %q kept, want %q", strings.Join(got, " "), want)
	}
	if _, err := os.Stat(filepath.Join(c.Dir(), "written.txt")); !os.IsNotExist(err) {
		t.Errorf("ledger kept after a walk: %v", err)
	}
	// After TrimInterval a run walks whatever the records say.
	age(key("new3"), MaxAge+time.Hour)
	now = now.Add(TrimInterval + time.Minute)
	if err := c.Trim(10 << 20); err != nil {
		t.Fatal(err)
	}
	if exists("new3") || !exists("w3") {
		t.Errorf("after TrimInterval: new3 %v, w3 %v; want false, true", exists("new3"), exists("w3"))
	}
}

// TestStamp checks the stamp's format, including an earlier version's.
func TestStamp(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "trim.txt")
	for _, tc := range []struct {
		text string
		ok   bool
		size int64
	}{
		{"1700000000 4096\n", true, 4096},
		{"1700000000\n", false, 0}, // before the size was recorded: walk
		{"", false, 0},
		{"x 1\n", false, 0},
		{"1700000000 -1\n", false, 0},
	} {
		os.WriteFile(name, []byte(tc.text), 0o666)
		_, size, ok := readStamp(name)
		if ok != tc.ok || size != tc.size {
			t.Errorf("readStamp(%q) = %d, %v; want %d, %v", tc.text, size, ok, tc.size, tc.ok)
		}
	}
	ledger := filepath.Join(dir, "written.txt")
	appendLedger(ledger, 10)
	appendLedger(ledger, 0)
	f, _ := os.OpenFile(ledger, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("garbage\n5")
	f.Close()
	if got := sumLedger(ledger); got != 15 {
		t.Errorf("sumLedger = %d, want 15", got)
	}
}
