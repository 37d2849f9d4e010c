package model

// This file is the knowledge base of FC5002's hand-rolled leases: the
// statements that renew a lease row or a lock key, and the calls that only
// log an error. Data only; package lifecycle (renewal.go) reads it.

// A hand-rolled SQL lease is renewed by an UPDATE that moves the row's
// expiry or heartbeat column forward on condition that the row still names
// this holder:
//
//	UPDATE activities SET locked_until = ? WHERE activity_id = ? AND worker = ?
//	UPDATE goose_lock SET lease_expires_at = now() + $1::interval
//	    WHERE lock_id = $2 AND locked_by = $3 RETURNING lease_expires_at
//	UPDATE work_queue SET heartbeated_at = now() WHERE id = ANY($1) AND claimed_by = $2
//
// Once another holder has taken the row, the renewal matches no row: the
// rows affected (0) or the missing row of RETURNING (ErrNoRows) is the only
// news of the loss.

// RenewalBeatWords are words (model.Words, matched as word prefixes) of a
// column whose assignment alone renews a lease: a heartbeat or renewal
// timestamp ("heartbeated_at", "last_heartbeat", "keepalive_at",
// "renewed_at").
var RenewalBeatWords = []string{"heartbeat", "keepalive", "renew"}

// RenewalLeaseWords and RenewalTimeWords together make a column a lease
// expiry ("locked_until", "lease_expires_at", "lock_expiry", "leased_until"):
// a lease word and a time word. A lease word alone ("locked", "lease_id")
// is not a time.
var RenewalLeaseWords = []string{"lock", "lease"}

// RenewalTimeWords are the time words of a lease expiry column.
var RenewalTimeWords = []string{"until", "expir", "deadline", "ttl", "timeout", "valid"}

// RenewalExpiryWords make a column an expiry without saying whose
// ("expires_at", "expiry", "valid_until"): assigning one renews a lease only
// in a lock or lease table, or with a lock-specific owner column in the
// WHERE (locked_by, claimed_by, worker, holder).
var RenewalExpiryWords = []string{"expir", "until", "deadline", "ttl", "valid"}

// RenewalOwnerWords are words of a column whose equality in the WHERE makes
// an UPDATE conditional on the holder: "worker", "worker_id", "owner",
// "holder", "locker", "lock_owner". A column named after the table's own
// rows (worker_id in a workers table) is the row's identity instead.
var RenewalOwnerWords = []string{"owner", "worker", "holder", "locker"}

// RenewalClaimVerbs, followed by the word "by", name the holder of a row:
// locked_by, claimed_by, leased_by, owned_by, acquired_by, held_by,
// reserved_by, taken_by, picked_by.
var RenewalClaimVerbs = []string{"locked", "claimed", "leased", "owned", "acquired", "held", "reserved", "taken", "picked"}

// RenewalOwnerLockWords are owner columns that are lock-specific ("locked_by",
// "worker", "holder", "lock_token", "lease_token") rather than a generic
// "owner_id": with one of them, a generic expiry column is a lease too.
var RenewalOwnerLockWords = []string{"worker", "holder", "locker", "lock", "lease"}

// RedisExpires set a key's TTL and report whether the key existed: false
// means the key is gone (the lock expired). They do not look at the
// key's value, so on a key another holder has re-taken they extend that
// holder's lock.
var RedisExpires = []Func{
	{goredis, "*", "Expire"}, {goredis, "*", "PExpire"}, {goredis, "*", "ExpireAt"}, {goredis, "*", "PExpireAt"},
	{goredis, "*", "ExpireXX"}, {goredis, "*", "ExpireGT"},
}

// RedisBoolAccessors read the bool of a go-redis *BoolCmd: Val() returns
// it, Result() returns it first.
var RedisBoolAccessors = []string{"Val", "Result"}

// CompareAndExpireScript renews a SET NX lock only while it still holds
// this holder's value.
const CompareAndExpireScript = `if redis.call("get",KEYS[1]) == ARGV[1] then return redis.call("pexpire",KEYS[1],ARGV[2]) else return 0 end`

// LogPackages are logging libraries: a value handed only to their
// functions and methods is logged, not handled.
var LogPackages = []string{
	"log", "log/slog", "go.uber.org/zap", "github.com/sirupsen/logrus", "github.com/rs/zerolog",
	"github.com/rs/zerolog/log", "k8s.io/klog/v2", "k8s.io/klog", "github.com/go-logr/logr", "github.com/golang/glog",
	"github.com/hashicorp/go-hclog", "github.com/charmbracelet/log", "github.com/apex/log",
}

// LogMethods are the method names of a logger: a method with one of these
// names on a type named like a logger (or declared in a package named like
// one) logs its arguments.
var LogMethods = []string{
	"Print", "Printf", "Println", "Log", "Logf", "LogAttrs", "Trace", "Tracef", "Tracew",
	"Debug", "Debugf", "Debugw", "DebugContext", "Info", "Infof", "Infow", "InfoContext", "InfoS",
	"Warn", "Warnf", "Warnw", "WarnContext", "Warning", "Warningf", "Error", "Errorf", "Errorw", "ErrorContext", "ErrorS",
	"V", "With", "WithError", "WithField", "WithFields", "Err", "Msg", "Msgf", "Send", "Str", "Any",
}

// ErrorFormatters build a message or a new error from their arguments: a
// value that reaches a logger only through them is still only logged.
var ErrorFormatters = []Func{
	{"fmt", "", "Sprintf"}, {"fmt", "", "Sprint"}, {"fmt", "", "Sprintln"}, {"fmt", "", "Errorf"},
	{"errors", "", "Join"}, {"github.com/pkg/errors", "", "Wrap"}, {"github.com/pkg/errors", "", "Wrapf"},
	{"github.com/pkg/errors", "", "WithMessage"}, {"github.com/pkg/errors", "", "WithStack"},
}
