// Package cache keeps the standalone command's results between runs: a
// directory of files named by a key (a hash of everything that decides
// them) and a kind, as cmd/go's build cache and staticcheck's do.
//
// A cache is shared by concurrent runs and may be damaged (a full disk, a
// crash, a user): a file is written to a temporary name and renamed into
// place, so that a reader sees all of it or nothing, and carries its length
// and hash, so that a damaged one is a miss. Nothing here is an error for
// the run: a file that cannot be read or written is a miss.
//
// The cache is bounded: a file not used for MaxAge is removed, and, when
// the files come to more than MaxSize, the least recently used go first
// (Trim). Walking the directory is the expensive part, so a run walks it
// at most once per TrimInterval, unless the size measured by the last walk
// plus what the runs since have written (a ledger each run appends its
// count to) exceeds the bound: many runs of many builds within the hour
// must not fill the disk. A use refreshes a file's modification time at
// most once per hour, which is what both go by.
package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Key names a cache entry: a SHA-256 hash.
type Key [sha256.Size]byte

func (k Key) String() string { return hex.EncodeToString(k[:]) }

// Limits of the cache (see the package comment).
const (
	MaxAge       = 5 * 24 * time.Hour
	MaxSize      = 4 << 30
	TrimInterval = 1 * time.Hour
	// mtimeInterval bounds how often a used file's time is refreshed: a
	// write per hit would cost more than the hit saves.
	mtimeInterval = 1 * time.Hour
)

// magic starts every file: a format change makes old files misses.
const magic = "fencecheck cache 1\n"

// Cache is a cache directory.
type Cache struct {
	dir     string
	now     func() time.Time
	written atomic.Int64 // bytes this run has put, for the ledger
}

// Open returns the cache in dir, creating the directory if needed.
func Open(dir string) (*Cache, error) {
	if !filepath.IsAbs(dir) {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, err
		}
		dir = abs
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	readme := filepath.Join(dir, "README")
	if _, err := os.Stat(readme); err != nil {
		os.WriteFile(readme, []byte("This directory holds results cached by fencecheck (go run github.com/fencecheck/fencecheck/cmd/fencecheck).\nRemoving it is safe; FENCECHECK_CACHE=off turns the cache off.\n"), 0o666)
	}
	return &Cache{dir: dir, now: time.Now}, nil
}

// Dir is the cache's directory.
func (c *Cache) Dir() string { return c.dir }

func (c *Cache) file(k Key, kind string) string {
	s := k.String()
	return filepath.Join(c.dir, s[:2], s+"-"+kind)
}

// Get returns the data stored under k and kind; false when there is none,
// or it cannot be read, or it is damaged.
func (c *Cache) Get(k Key, kind string) ([]byte, bool) {
	name := c.file(k, kind)
	raw, err := os.ReadFile(name)
	if err != nil {
		return nil, false
	}
	data, ok := unwrap(raw)
	if !ok {
		return nil, false
	}
	if fi, err := os.Stat(name); err == nil && c.now().Sub(fi.ModTime()) > mtimeInterval {
		now := c.now()
		os.Chtimes(name, now, now) // best effort: the entry stays either way
	}
	return data, true
}

// Put stores data under k and kind, replacing what was there. A failure
// leaves the cache as it was and is returned for tests; runs ignore it.
func (c *Cache) Put(k Key, kind string, data []byte) error {
	name := c.file(k, kind)
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // nothing once renamed
	raw := wrap(data)
	_, err = f.Write(raw)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err == nil {
		c.written.Add(int64(len(raw)))
	}
	return err
}

// wrap prefixes data with the magic, its length and its hash.
func wrap(data []byte) []byte {
	sum := sha256.Sum256(data)
	out := make([]byte, 0, len(magic)+8+len(sum)+len(data))
	out = append(out, magic...)
	out = binary.BigEndian.AppendUint64(out, uint64(len(data)))
	out = append(out, sum[:]...)
	return append(out, data...)
}

func unwrap(raw []byte) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(raw, []byte(magic))
	if !ok || len(rest) < 8+sha256.Size {
		return nil, false
	}
	n := binary.BigEndian.Uint64(rest)
	sum, data := rest[8:8+sha256.Size], rest[8+sha256.Size:]
	if uint64(len(data)) != n {
		return nil, false
	}
	if got := sha256.Sum256(data); !bytes.Equal(got[:], sum) {
		return nil, false
	}
	return data, true
}

// Trim removes the files not used for MaxAge, then the least recently
// used until the rest come to at most maxSize bytes (MaxSize if 0). It
// only records what this run wrote if the cache was trimmed less than
// TrimInterval ago and the size then plus all recorded since is within
// maxSize; runs trimming at once may both do it, which is harmless.
func (c *Cache) Trim(maxSize int64) error {
	if maxSize <= 0 {
		maxSize = MaxSize
	}
	now := c.now()
	stamp := filepath.Join(c.dir, "trim.txt")
	ledger := filepath.Join(c.dir, "written.txt")
	written := c.written.Swap(0)
	if when, size, ok := readStamp(stamp); ok && now.Sub(when) < TrimInterval {
		if size+sumLedger(ledger)+written <= maxSize {
			return appendLedger(ledger, written)
		}
	}
	type file struct {
		path  string
		size  int64
		mtime time.Time
	}
	var files []file
	var total int64
	entries, err := os.ReadDir(c.dir)
	if err != nil {
		return err
	}
	for _, sub := range entries {
		if !sub.IsDir() || len(sub.Name()) != 2 {
			continue
		}
		dir := filepath.Join(c.dir, sub.Name())
		names, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, n := range names {
			fi, err := n.Info()
			if err != nil || !fi.Mode().IsRegular() {
				continue
			}
			p := filepath.Join(dir, n.Name())
			// A temporary file older than a day is a crashed run's.
			limit := MaxAge
			if strings.HasPrefix(n.Name(), ".tmp-") {
				limit = 24 * time.Hour
			}
			if now.Sub(fi.ModTime()) > limit {
				os.Remove(p)
				continue
			}
			files = append(files, file{p, fi.Size(), fi.ModTime()})
			total += fi.Size()
		}
	}
	if total > maxSize {
		slices.SortFunc(files, func(a, b file) int { return a.mtime.Compare(b.mtime) })
		for _, f := range files {
			if total <= maxSize*3/4 {
				break
			}
			if err := os.Remove(f.path); err == nil || errors.Is(err, fs.ErrNotExist) {
				total -= f.size
			}
		}
	}
	// Writes recorded before this walk are in its total; one recorded
	// during it is lost, which costs at most one early walk later.
	os.Remove(ledger)
	return writeAtomic(stamp, fmt.Appendf(nil, "%d %d\n", now.Unix(), total))
}

// readStamp reads when the cache was last trimmed and its size then. A
// stamp of an earlier version holds only the time: its size is unknown,
// so it is no stamp (the next run walks).
func readStamp(name string) (when time.Time, size int64, ok bool) {
	data, err := os.ReadFile(name)
	if err != nil {
		return time.Time{}, 0, false
	}
	fields := strings.Fields(string(data))
	if len(fields) != 2 {
		return time.Time{}, 0, false
	}
	t, err := strconv.ParseInt(fields[0], 10, 64)
	if err != nil {
		return time.Time{}, 0, false
	}
	if size, err = strconv.ParseInt(fields[1], 10, 64); err != nil || size < 0 {
		return time.Time{}, 0, false
	}
	return time.Unix(t, 0), size, true
}

// sumLedger adds up the byte counts runs appended to the ledger; a line
// that is not a count (a write cut short) is skipped.
func sumLedger(name string) int64 {
	data, err := os.ReadFile(name)
	if err != nil {
		return 0
	}
	var sum int64
	for _, line := range strings.Split(string(data), "\n") {
		if n, err := strconv.ParseInt(strings.TrimSpace(line), 10, 64); err == nil && n > 0 {
			sum += n
		}
	}
	return sum
}

// appendLedger records n written bytes. A single short write to a file
// opened for appending is not interleaved with another run's.
func appendLedger(name string, n int64) error {
	if n <= 0 {
		return nil
	}
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o666)
	if err != nil {
		return err
	}
	_, err = f.Write(fmt.Appendf(nil, "%d\n", n))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func writeAtomic(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	return err
}
