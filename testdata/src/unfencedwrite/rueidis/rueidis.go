// Package rueidis exercises FC1001 with rueidislock and valkeylock, whose
// locks are held while the context WithContext returns is not done and are
// released by the cancel function it returns, and with rueidis and
// valkey-go commands built with client.B() and sent with Do.
package rueidis

import (
	"context"
	"database/sql"
	"strconv"
	"time"

	"github.com/redis/rueidis"
	"github.com/redis/rueidis/rueidislock"
	"github.com/valkey-io/valkey-go"
	"github.com/valkey-io/valkey-go/valkeylock"
)

// A write command under the lock is unfenced; reads are no effects, and
// the section ends at cancel().
func withLock(ctx context.Context, locker rueidislock.Locker, client rueidis.Client) error {
	lctx, cancel, err := locker.WithContext(ctx, "orders")
	if err != nil {
		return err
	}
	client.Do(lctx, client.B().Get().Key("order:1").Build())
	client.Do(lctx, client.B().Hget().Key("order:1").Field("state").Build())
	err = client.Do(lctx, client.B().Set().Key("order:1").Value("paid").Build()).Error() // want `rueidis SET \(rueidis CommandClient.Do\) under the rueidislock lock acquired at rueidis.go:\d+ does not carry the fencing token: rueidis is unconditional, .*rueidislock issues no fencing token \(the context it returns is cancelled once the lock is lost`
	cancel()
	client.Do(ctx, client.B().Set().Key("order:1").Value("done").Build()) // released: not under the lock
	return err
}

// A deferred cancel holds the lock to every return; a command built in
// steps, several write commands, and a pipeline.
func deferred(ctx context.Context, locker rueidislock.Locker, client rueidis.Client) {
	lctx, cancel, err := locker.TryWithContext(ctx, "report")
	if err != nil {
		return
	}
	defer cancel()
	b := client.B()
	cmd := b.Hset().Key("report").FieldValue().FieldValue("state", "running").Build()
	client.Do(lctx, cmd)                                          // want `rueidis HSET .* under the rueidislock lock`
	client.Do(lctx, client.B().Del().Key("report:old").Build())   // want `rueidis DEL .* under the rueidislock lock`
	client.Do(lctx, client.B().Incr().Key("report:runs").Build()) // want `rueidis INCR .* under the rueidislock lock`
	client.DoMulti(lctx,                                          // want `rueidis SET \(rueidis CommandClient.DoMulti\) under the rueidislock lock`
		client.B().Get().Key("report").Build(),
		client.B().Set().Key("report:at").Value("now").Px(time.Minute).Build())
	client.DoMulti(lctx, client.B().Get().Key("a").Build(), client.B().Get().Key("b").Build())
}

// SET NX is de-duplication or a lock, not a write; SET XX is a write.
func conditional(ctx context.Context, locker rueidislock.Locker, client rueidis.Client) {
	lctx, cancel, err := locker.WithContext(ctx, "jobs")
	if err != nil {
		return
	}
	defer cancel()
	client.Do(lctx, client.B().Set().Key("job:42").Value("1").Nx().Px(time.Hour).Build())
	client.Do(lctx, client.B().Set().Key("job:42").Value("2").Xx().Build()) // want `rueidis SET .* under the rueidislock lock`
}

// A script that receives the token carries it; one that does not is
// unfenced, through Do or Lua.Exec.
func scripts(ctx context.Context, locker rueidislock.Locker, client rueidis.Client, db *sql.DB) error {
	lctx, cancel, err := locker.WithContext(ctx, "ledger")
	if err != nil {
		return err
	}
	defer cancel()
	var tok int64
	if err := db.QueryRowContext(lctx, `UPDATE fences SET token = token + 1 WHERE name = 'ledger' RETURNING token`).Scan(&tok); err != nil {
		return err
	}
	fence := strconv.FormatInt(tok, 10)
	client.Do(lctx, client.B().Eval().Script(`return 1`).Numkeys(1).Key("ledger").Arg("x").Build()) // want `Redis script \(EVAL\) \(rueidis CommandClient.Do\) under the rueidislock lock .* the script does not receive the fencing token`
	client.Do(lctx, client.B().Eval().Script(`return 1`).Numkeys(1).Key("ledger").Arg(fence).Build())
	s := rueidis.NewLuaScript(`return 1`)
	s.Exec(lctx, client, []string{"ledger"}, []string{"x"}) // want `Redis script \(Lua.Exec\) .* under the rueidislock lock`
	s.Exec(lctx, client, []string{"ledger"}, []string{fence})
	return nil
}

// Writes outside any lock are silent, and so is a lock that was not
// taken: the code after a failed TryWithContext.
func outside(ctx context.Context, locker rueidislock.Locker, client rueidis.Client) {
	client.Do(ctx, client.B().Set().Key("free").Value("1").Build())
	if _, _, err := locker.TryWithContext(ctx, "x"); err != nil {
		client.Do(ctx, client.B().Set().Key("fallback").Value("1").Build())
	}
}

// Locker.Close gives every lock up.
func closed(ctx context.Context, locker rueidislock.Locker, client rueidis.Client) {
	lctx, _, err := locker.ForceWithContext(ctx, "takeover")
	if err != nil {
		return
	}
	client.Do(lctx, client.B().Set().Key("config").Value("v2").Build()) // want `rueidis SET .* under the rueidislock lock`
	locker.Close()
	client.Do(ctx, client.B().Set().Key("config").Value("v1").Build())
}

// valkey-go and valkeylock: the same API.
func withValkey(ctx context.Context, locker valkeylock.Locker, client valkey.Client) error {
	lctx, cancel, err := locker.WithContext(ctx, "orders")
	if err != nil {
		return err
	}
	defer cancel()
	client.Do(lctx, client.B().Get().Key("order:1").Build())
	return client.Do(lctx, client.B().Set().Key("order:1").Value("paid").Build()).Error() // want `valkey-go SET \(valkey-go CommandClient.Do\) under the valkeylock lock acquired at rueidis.go:\d+ .*valkeylock issues no fencing token`
}

// A dedicated connection's commands are the client's.
func dedicated(ctx context.Context, locker valkeylock.Locker, client valkey.Client) error {
	lctx, cancel, err := locker.WithContext(ctx, "dedicated")
	if err != nil {
		return err
	}
	defer cancel()
	return client.Dedicated(func(c valkey.DedicatedClient) error {
		return c.Do(lctx, c.B().Del().Key("queue").Build()).Error() // want `valkey-go DEL .* under the valkeylock lock`
	})
}

// A reason-giving suppression silences the finding.
func suppressed(ctx context.Context, locker rueidislock.Locker, client rueidis.Client) {
	lctx, cancel, err := locker.WithContext(ctx, "audit")
	if err != nil {
		return
	}
	defer cancel()
	client.Do(lctx, client.B().Incr().Key("audit:count").Build()) //nolint:fencecheck // a counter of attempts, duplicates are harmless
}

// lockJobs is an acquire wrapper: its callers hold the lock from a
// successful call until they call the cancel function it hands back.
func lockJobs(ctx context.Context, locker rueidislock.Locker) (context.Context, func(), error) {
	lctx, cancel, err := locker.WithContext(ctx, "jobs")
	if err != nil {
		return nil, nil, err
	}
	return lctx, cancel, nil
}

func throughWrapper(ctx context.Context, locker rueidislock.Locker, client rueidis.Client) {
	lctx, unlock, err := lockJobs(ctx, locker)
	if err != nil {
		return
	}
	client.Do(lctx, client.B().Set().Key("jobs:last").Value("now").Build()) // want `rueidis SET .* under the rueidislock lock`
	unlock()
	client.Do(ctx, client.B().Set().Key("jobs:done").Value("now").Build()) // released: not under the lock
}
