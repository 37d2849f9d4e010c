package lifecycle

import (
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
)

// expect runs Check on src (package example.com/job over the library
// stubs under stubs) and checks that it reports exactly the lines marked
// "// want CODE: text", each with its code and a message containing text.
func expect(t *testing.T, src string, stubs ...string) {
	t.Helper()
	u := testunit.BuildStubbed(t, "example.com/job", src, stubs...)
	e := testunit.WithEngine(u, true)
	Check(u)
	want := map[int][2]string{}
	for i, line := range strings.Split(src, "\n") {
		if _, w, ok := strings.Cut(line, "// want "); ok {
			code, text, _ := strings.Cut(w, ": ")
			want[i+1] = [2]string{code, text}
		}
	}
	seen := map[int]bool{}
	for _, f := range e.Found {
		line := u.Pass.Fset.Position(f.Pos).Line
		w, ok := want[line]
		switch {
		case !ok:
			t.Errorf("unexpected %s at line %d: %s", f.Code, line, f.Message)
		case f.Code.String() != w[0] || !strings.Contains(f.Message, w[1]):
			t.Errorf("%s at line %d: %s\nwant %s containing %q", f.Code, line, f.Message, w[0], w[1])
		}
		seen[line] = true
	}
	for line, w := range want {
		if !seen[line] {
			t.Errorf("no %s at line %d (want %q)", w[0], line, w[1])
		}
	}
}

// TestRedisRelease: a SET NX lock released by a plain DEL is FC5001 (with
// the compare-and-delete script as its fix); a release by the script is
// silent; a lock's EXPIRE renewed in the work loop with its bool dropped
// is FC5002.
func TestRedisRelease(t *testing.T) {
	expect(t, `package job

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

func newToken() string { return "t" }

func work() {}

const release = `+"`"+`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`+"`"+`

func plainDel(ctx context.Context, rdb *redis.Client) {
	token := newToken()
	if !rdb.SetNX(ctx, "lock:job", token, time.Minute).Val() {
		return
	}
	work()
	rdb.Del(ctx, "lock:job") // want FC5001: without checking that the key still holds this holder's value
}

func scripted(ctx context.Context, rdb *redis.Client) {
	token := newToken()
	if !rdb.SetNX(ctx, "lock:report", token, time.Minute).Val() {
		return
	}
	work()
	redis.NewScript(release).Run(ctx, rdb, []string{"lock:report"}, token)
}

func renewed(ctx context.Context, rdb *redis.Client) {
	token := newToken()
	if !rdb.SetNX(ctx, "lock:batch", token, time.Minute).Val() {
		return
	}
	for i := 0; i < 3; i++ {
		work()
		rdb.Expire(ctx, "lock:batch", time.Minute) // want FC5002: is discarded
	}
	redis.NewScript(release).Run(ctx, rdb, []string{"lock:batch"}, token)
}
`, "github.com/redis")
}

// TestSQLLease: a lease row released by its name only and a renewal whose
// rows affected are discarded are reported; the release with the owner in
// the predicate and the renewal that returns ErrLeaseLost on 0 rows are
// not.
func TestSQLLease(t *testing.T) {
	expect(t, `package job

import (
	"context"
	"database/sql"
	"errors"
)

var errLeaseLost = errors.New("lease lost")

func unlock(ctx context.Context, db *sql.DB, name string) error {
	_, err := db.ExecContext(ctx, "DELETE FROM locks WHERE name = $1", name) // want FC5001: by its name only: if this holder
	return err
}

func unlockOwned(ctx context.Context, db *sql.DB, name, me string) error {
	_, err := db.ExecContext(ctx, "DELETE FROM locks WHERE name = $1 AND owner = $2", name, me)
	return err
}

func renew(ctx context.Context, db *sql.DB, name, me string) {
	db.ExecContext(ctx, "UPDATE locks SET expires_at = now() + interval '30 seconds' WHERE name = $1 AND owner = $2", name, me) // want FC5002: are discarded
}

func renewChecked(ctx context.Context, db *sql.DB, name, me string) error {
	res, err := db.ExecContext(ctx, "UPDATE locks SET expires_at = now() + interval '30 seconds' WHERE name = $1 AND owner = $2", name, me)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errLeaseLost
	}
	return nil
}
`)
}

// TestChainRenewal: a gorm UPDATE WHERE the row still names this holder,
// moving its expiry, is a lease renewal; its RowsAffected never read (only
// Error, or the builder dropped) is FC5002; read, or handed back, it is
// silent; a release that clears the holder is no renewal.
func TestChainRenewal(t *testing.T) {
	expect(t, `package job

import (
	"errors"
	"time"

	"gorm.io/gorm"
)

type Lease struct {
	Name      string
	Holder    string
	ExpiresAt time.Time
}

var errLost = errors.New("lost")

func renew(db *gorm.DB, name, me string) error {
	return db.Model(&Lease{}).Where("name = ? AND holder = ?", name, me).Update("expires_at", time.Now().Add(time.Minute)).Error // want FC5002: only its Error is checked
}

func renewDropped(db *gorm.DB, name, me string) {
	db.Model(&Lease{}).Where("name = ?", name).Where("holder = ?", me).Updates(map[string]any{"expires_at": time.Now()}) // want FC5002: returns is discarded
}

func renewChecked(db *gorm.DB, name, me string) error {
	res := db.Model(&Lease{}).Where("name = ? AND holder = ?", name, me).Update("expires_at", time.Now().Add(time.Minute))
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return errLost
	}
	return nil
}

func release(db *gorm.DB, name, me string) error {
	return db.Model(&Lease{}).Where("name = ? AND holder = ?", name, me).Updates(map[string]any{"holder": "", "expires_at": time.Time{}}).Error
}
`, "gorm.io/gorm")
}

// TestInputRenewal: a DynamoDB UpdateItem that moves a lease's expiry on
// condition that the record names this holder is a lease renewal; its
// ConditionalCheckFailedException tested and then hidden (continue,
// return nil) is FC5002, and so is its error only logged; returned as a
// loss, it is silent; a release that rewrites the holder is no renewal.
func TestInputRenewal(t *testing.T) {
	expect(t, `package job

import (
	"context"
	"errors"
	"log"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

var errLost = errors.New("lost")

func input(owner string) *dynamodb.UpdateItemInput {
	return nil
}

func renewAll(ctx context.Context, c *dynamodb.Client, me string, shards []string) error {
	for _, s := range shards {
		_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName:           aws.String("leases"),
			Key:                 map[string]types.AttributeValue{"shard": &types.AttributeValueMemberS{Value: s}},
			UpdateExpression:    aws.String("SET lease_expires_at = :t"),
			ConditionExpression: aws.String("lease_owner = :me"),
		})
		if err != nil {
			var condErr *types.ConditionalCheckFailedException
			if errors.As(err, &condErr) { // want FC5002: and then hides it
				continue
			}
			return err
		}
	}
	return nil
}

func renewLogged(ctx context.Context, c *dynamodb.Client, me string) {
	_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{ // want FC5002: is only logged
		UpdateExpression:    aws.String("SET #lease_expires_at = :t"),
		ConditionExpression: aws.String("#lease_owner = :me"),
	})
	if err != nil {
		log.Print(err)
	}
}

func renewChecked(ctx context.Context, c *dynamodb.Client, me string) error {
	_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		UpdateExpression:    aws.String("SET lease_expires_at = :t"),
		ConditionExpression: aws.String("lease_owner = :me"),
	})
	var condErr *types.ConditionalCheckFailedException
	if errors.As(err, &condErr) {
		return errLost
	}
	return err
}

func release(ctx context.Context, c *dynamodb.Client, me string) error {
	_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		UpdateExpression:    aws.String("SET lease_owner = :empty, lease_expires_at = :zero"),
		ConditionExpression: aws.String("lease_owner = :me"),
	})
	var condErr *types.ConditionalCheckFailedException
	if errors.As(err, &condErr) {
		return nil
	}
	return err
}
`, "github.com/aws/aws-sdk-go-v2/aws", "github.com/aws/aws-sdk-go-v2/service/dynamodb", "github.com/aws/smithy-go")
}
