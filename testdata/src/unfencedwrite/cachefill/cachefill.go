// Package cachefill guards a read-through cache with a SET NX lock (a
// stampede guard): the fill on a miss copies the database's row and is
// not judged; a read-modify-write of the key under the same lock is.
package cachefill

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

type shop struct {
	ID   int64
	Name string
}

type service struct {
	rdb *redis.Client
	db  *sql.DB
}

func (s *service) load(ctx context.Context, id int64) (*shop, error) {
	var sh shop
	err := s.db.QueryRowContext(ctx, `SELECT id, name FROM shops WHERE id = $1`, id).Scan(&sh.ID, &sh.Name)
	return &sh, err
}

// byID fills the cache on a miss under a mutex key.
func (s *service) byID(ctx context.Context, id int64) (*shop, error) {
	key := "cache:shop:" + strconv.FormatInt(id, 10)
	got, err := s.rdb.Get(ctx, key).Result()
	if err == nil {
		var sh shop
		return &sh, json.Unmarshal([]byte(got), &sh)
	}
	if !errors.Is(err, redis.Nil) {
		return nil, err
	}
	ok, err := s.rdb.SetNX(ctx, "lock:shop:"+strconv.FormatInt(id, 10), "1", 10*time.Second).Result()
	if err != nil || !ok {
		return nil, err
	}
	sh, err := s.load(ctx, id)
	if err != nil {
		s.rdb.Set(ctx, key, "", time.Minute) // a miss cached, to spare the database
		return nil, err
	}
	b, _ := json.Marshal(sh)
	s.rdb.Set(ctx, key, b, 30*time.Minute)
	return sh, nil
}

// bump reads the counter and writes it back plus one: a lost update when
// a stale holder's SET lands after its successor's.
func (s *service) bump(ctx context.Context) error {
	n, err := s.rdb.Get(ctx, "stock:42").Int()
	if err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	ok, err := s.rdb.SetNX(ctx, "lock:stock:42", "1", 10*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	s.rdb.Set(ctx, "stock:42", n+1, 0) // want `go-redis Set .*under the Redis SET NX lock acquired at`
	return nil
}

// assign writes a key its GET did not decide: judged.
func (s *service) assign(ctx context.Context, owner string) error {
	ok, err := s.rdb.SetNX(ctx, "lock:assign", "1", 10*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	s.rdb.Set(ctx, "assignee", owner, 0) // want `go-redis Set .*under the Redis SET NX lock acquired at`
	return nil
}

// bumpSuppressed is bump with the finding suppressed.
func (s *service) bumpSuppressed(ctx context.Context) error {
	n, err := s.rdb.Get(ctx, "stock:43").Int()
	if err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	ok, err := s.rdb.SetNX(ctx, "lock:stock:43", "1", 10*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	//lint:ignore FC1001 the counter is advisory and rebuilt every night
	s.rdb.Set(ctx, "stock:43", n+1, 0)
	return nil
}

// fill writes the cache entry it is handed.
func (s *service) fill(ctx context.Context, key string, sh *shop) {
	b, _ := json.Marshal(sh)
	s.rdb.Set(ctx, key, b, 30*time.Minute)
}

// put writes the value it is handed.
func (s *service) put(ctx context.Context, key string, n int) {
	s.rdb.Set(ctx, key, n, 0)
}

// byIDHelper fills through a helper handed the key.
func (s *service) byIDHelper(ctx context.Context, id int64) (*shop, error) {
	key := "cache:shop:" + strconv.FormatInt(id, 10)
	if _, err := s.rdb.Get(ctx, key).Result(); err == nil {
		return nil, nil
	}
	ok, err := s.rdb.SetNX(ctx, "lock:shop:"+strconv.FormatInt(id, 10), "1", 10*time.Second).Result()
	if err != nil || !ok {
		return nil, err
	}
	sh, err := s.load(ctx, id)
	if err != nil {
		return nil, err
	}
	s.fill(ctx, key, sh)
	return sh, nil
}

// bumpHelper writes back the counter plus one through a helper.
func (s *service) bumpHelper(ctx context.Context) error {
	n, err := s.rdb.Get(ctx, "stock:44").Int()
	if err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	ok, err := s.rdb.SetNX(ctx, "lock:stock:44", "1", 10*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	s.put(ctx, "stock:44", n+1) // want `go-redis Set .*under the Redis SET NX lock acquired at`
	return nil
}

// seriesID maps a name to an id allocated on a miss: the id is new state
// (INCR), not a copy of a source. A creator paused past its lock writes a
// second id over the one its successor allocated and handed out.
func (s *service) seriesID(ctx context.Context, name string) (int64, error) {
	key := "series:" + name
	got, err := s.rdb.Get(ctx, key).Int64()
	if err == nil {
		return got, nil
	}
	ok, err := s.rdb.SetNX(ctx, "lock:series:"+name, "1", time.Minute).Result()
	if err != nil || !ok {
		return 0, err
	}
	id := s.rdb.Incr(ctx, "series:next").Val()
	s.rdb.Set(ctx, key, strconv.FormatInt(id, 10), 0) // want `go-redis Set`
	return id, nil
}

// seriesName is seriesID with the id formatted by fmt.Sprintf (a variadic
// call: the id reaches the text through its argument array).
func (s *service) seriesName(ctx context.Context, name string) (int64, error) {
	key := "series-name:" + name
	if _, err := s.rdb.Get(ctx, key).Result(); err == nil {
		return 0, nil
	}
	ok, err := s.rdb.SetNX(ctx, "lock:series-name:"+name, "1", time.Minute).Result()
	if err != nil || !ok {
		return 0, err
	}
	res := s.rdb.Incr(ctx, "series:next")
	if res.Err() != nil {
		return 0, res.Err()
	}
	id := uint64(res.Val())
	s.rdb.Set(ctx, key, fmt.Sprintf("%d", id), 0) // want `go-redis Set`
	return int64(id), nil
}

// cached looks the entry up in a helper of its own, which builds the key.
func (s *service) cached(ctx context.Context, id int64) (*shop, bool) {
	v, err := s.rdb.Get(ctx, "cache:shop:"+strconv.FormatInt(id, 10)).Result()
	if err != nil {
		return nil, false
	}
	var sh shop
	_ = json.Unmarshal([]byte(v), &sh)
	return &sh, true
}

// rebuild loads the row and writes the entry, or an empty marker when the
// row does not exist, through helpers that build the key themselves.
func (s *service) rebuild(ctx context.Context, id int64) (*shop, error) {
	sh, err := s.load(ctx, id)
	if errors.Is(err, sql.ErrNoRows) {
		s.rdb.Set(ctx, "cache:shop:"+strconv.FormatInt(id, 10), "", time.Minute)
		return nil, err
	}
	if err != nil {
		return nil, err
	}
	s.store(ctx, sh)
	return sh, nil
}

func (s *service) store(ctx context.Context, sh *shop) {
	b, _ := json.Marshal(sh)
	s.rdb.Set(ctx, "cache:shop:"+strconv.FormatInt(sh.ID, 10), b, 30*time.Minute)
}

// byIDHelpers is byID with the lookup and the fill in helpers: the lookup
// in cached decides whether rebuild runs, and both name "cache:shop:" keys.
func (s *service) byIDHelpers(ctx context.Context, id int64) (*shop, error) {
	ok, err := s.rdb.SetNX(ctx, "lock:shop:"+strconv.FormatInt(id, 10), "1", 10*time.Second).Result()
	if err != nil || !ok {
		return nil, err
	}
	defer s.rdb.Del(ctx, "lock:shop:"+strconv.FormatInt(id, 10))
	if sh, hit := s.cached(ctx, id); hit {
		return sh, nil
	}
	return s.rebuild(ctx, id)
}

// counter reads a counter in a helper of its own.
func (s *service) counter(ctx context.Context, id int64) (int, bool) {
	n, err := s.rdb.Get(ctx, "seats:"+strconv.FormatInt(id, 10)).Int()
	return n, err == nil
}

// setCounter writes a counter.
func (s *service) setCounter(ctx context.Context, id int64, n int) {
	s.rdb.Set(ctx, "seats:"+strconv.FormatInt(id, 10), n, 0)
}

// reserveHelpers reads the counter through a helper and writes it back
// less one: a read-modify-write of the key, judged.
func (s *service) reserveHelpers(ctx context.Context, id int64) error {
	ok, err := s.rdb.SetNX(ctx, "lock:seats:"+strconv.FormatInt(id, 10), "1", 10*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer s.rdb.Del(ctx, "lock:seats:"+strconv.FormatInt(id, 10))
	n, hit := s.counter(ctx, id)
	if !hit || n == 0 {
		return nil
	}
	s.setCounter(ctx, id, n-1) // want `go-redis Set .*under the Redis SET NX lock acquired at`
	return nil
}
