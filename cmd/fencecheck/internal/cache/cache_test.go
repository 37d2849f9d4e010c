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
	// Within TrimInterval nothing is trimmed; after it, the size bound
	// removes the least recently used first (new1, then new2), down to
	// three quarters of the bound.
	if err := c.Trim(3000); err != nil {
		t.Fatal(err)
	}
	if !has("new1") {
		t.Error("trimmed again within TrimInterval")
	}
	age(key("new1"), 3*time.Hour)
	age(key("new2"), 2*time.Hour)
	now = now.Add(TrimInterval + time.Minute)
	if err := c.Trim(3000); err != nil {
		t.Fatal(err)
	}
	if has("new1") || has("new2") || !has("new3") || !has("used") {
		t.Errorf("after trimming by size: new1 %v, new2 %v, new3 %v, used %v; want false, false, true, true", has("new1"), has("new2"), has("new3"), has("used"))
	}
}
