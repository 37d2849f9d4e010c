package model

// Knowledge base of FC4001 (wallclockttl): where untrusted timestamps come
// from, which calls read the local clock, which values are lock TTLs and
// which writes take a lease over. See docs/checks/FC4001.md.

const wcTime = "time"
const wcMetav1 = "k8s.io/apimachinery/pkg/apis/meta/v1"
const wcResourceLock = "k8s.io/client-go/tools/leaderelection/resourcelock"
const wcCoordination = "k8s.io/api/coordination/v1"
const wcCoordClient = "k8s.io/client-go/kubernetes/typed/coordination/v1"

// ClockReads return a reading of this host's clock.
var ClockReads = []Func{
	{wcTime, "", "Now"},
	{wcMetav1, "", "Now"},
	{wcMetav1, "", "NowMicro"},
}

// ClockElapsed compare their argument with this host's clock:
// time.Since(t) is Now().Sub(t), time.Until(t) is t.Sub(Now()).
var ClockElapsed = []Func{{wcTime, "", "Since"}, {wcTime, "", "Until"}}

// TimeConstructors build a time.Time without a monotonic reading, from
// numbers or text that came from somewhere else.
var TimeConstructors = map[Func]string{
	{wcTime, "", "Unix"}:            "a time.Unix value (no monotonic reading)",
	{wcTime, "", "UnixMilli"}:       "a time.UnixMilli value (no monotonic reading)",
	{wcTime, "", "UnixMicro"}:       "a time.UnixMicro value (no monotonic reading)",
	{wcTime, "", "Parse"}:           "a parsed timestamp (time.Parse)",
	{wcTime, "", "ParseInLocation"}: "a parsed timestamp (time.ParseInLocation)",
	{wcTime, "", "Date"}:            "a time.Date value (no monotonic reading)",
	{"google.golang.org/protobuf/types/known/timestamppb", "Timestamp", "AsTime"}: "a protobuf Timestamp",
}

// TimeStrippers are time.Time methods whose result has lost the monotonic
// clock reading (wall-clock arithmetic only). The Unix* readings are
// integers of the wall clock.
var TimeStrippers = []string{"Round", "Truncate", "UTC", "Local", "In", "AddDate", "Unix", "UnixNano", "UnixMilli", "UnixMicro"}

// TimeDecoders are time.Time methods that set the receiver from encoded
// data.
var TimeDecoders = []string{"UnmarshalJSON", "UnmarshalText", "UnmarshalBinary", "GobDecode"}

// TimeComparisons are the methods that compare two instants (time.Time and
// the Kubernetes wrappers) and return a bool.
var TimeComparisons = []Func{
	{wcTime, "Time", "Before"}, {wcTime, "Time", "After"}, {wcTime, "Time", "Equal"},
	{wcMetav1, "Time", "Before"}, {wcMetav1, "Time", "Equal"},
	{wcMetav1, "MicroTime", "Before"}, {wcMetav1, "MicroTime", "Equal"},
	{wcMetav1, "MicroTime", "BeforeTime"}, {wcMetav1, "MicroTime", "EqualTime"},
}

// TimeArithmetic are time.Time methods whose result combines the receiver
// and the argument (an instant moved by a duration, a difference, an
// ordering as an int).
var TimeArithmetic = []string{"Add", "Sub", "Compare"}

// Decoder names a function that fills the value its argument Arg points to
// from encoded data (Arg -1: every argument, as in Scan).
type Decoder struct {
	Func Func
	Arg  int
	What string
}

// Decoders fill a Go value from bytes that came from storage or another
// host. Any method named Scan (database/sql, pgx, sqlx, go-redis) counts
// too, with every argument as a destination.
var Decoders = []Decoder{
	{Func{"encoding/json", "", "Unmarshal"}, 1, "decoded from JSON"},
	{Func{"encoding/json", "Decoder", "Decode"}, 0, "decoded from JSON"},
	{Func{"encoding/xml", "", "Unmarshal"}, 1, "decoded from XML"},
	{Func{"encoding/gob", "Decoder", "Decode"}, 0, "decoded from gob"},
	{Func{"google.golang.org/protobuf/proto", "", "Unmarshal"}, 1, "decoded from protobuf"},
	{Func{"github.com/golang/protobuf/proto", "", "Unmarshal"}, 1, "decoded from protobuf"},
	{Func{"gopkg.in/yaml.v3", "", "Unmarshal"}, 1, "decoded from YAML"},
	{Func{"sigs.k8s.io/yaml", "", "Unmarshal"}, 1, "decoded from YAML"},
	{Func{"github.com/jmoiron/sqlx", "DB", "Get"}, 0, "scanned from the database"},
	{Func{"github.com/jmoiron/sqlx", "DB", "GetContext"}, 1, "scanned from the database"},
	{Func{"github.com/jmoiron/sqlx", "DB", "Select"}, 0, "scanned from the database"},
	{Func{"github.com/jmoiron/sqlx", "DB", "SelectContext"}, 1, "scanned from the database"},
	{Func{"github.com/jmoiron/sqlx", "Tx", "Get"}, 0, "scanned from the database"},
	{Func{"github.com/jmoiron/sqlx", "Tx", "GetContext"}, 1, "scanned from the database"},
	{Func{"go.mongodb.org/mongo-driver/mongo", "SingleResult", "Decode"}, 0, "decoded from MongoDB"},
	{Func{"go.mongodb.org/mongo-driver/mongo", "Cursor", "Decode"}, 0, "decoded from MongoDB"},
	{Func{"go.mongodb.org/mongo-driver/v2/mongo", "SingleResult", "Decode"}, 0, "decoded from MongoDB"},
	{Func{"go.mongodb.org/mongo-driver/v2/mongo", "Cursor", "Decode"}, 0, "decoded from MongoDB"},
}

// StoredReads return a value read from a store shared with other hosts.
// Methods of go-redis commands (Result, Val, Int64, Time, ...) are
// recognised by their receiver's package (RedisCmdPackage).
var StoredReads = map[Func]string{
	{"github.com/go-zookeeper/zk", "Conn", "Get"}: "a value read from ZooKeeper",
}

// RedisCmdPackage is go-redis; methods of its *Cmd types return what the
// server stored.
const RedisCmdPackage = "github.com/redis/go-redis/v9"

// RedisCmdAccessors are the go-redis command methods that return the
// stored value.
var RedisCmdAccessors = []string{"Result", "Val", "Int", "Int64", "Uint64", "Float64", "Time", "Bytes", "Text"}

// StoredFields hold a value read from a store shared with other hosts.
var StoredFields = map[Field]string{
	{"go.etcd.io/etcd/api/v3/mvccpb", "KeyValue", "Value"}: "a value read from etcd",
	{"github.com/hashicorp/consul/api", "KVPair", "Value"}: "a value read from Consul",
}

// LeaseRecordFields are timestamps of lock / lease records written with the
// clock of whichever host wrote the record.
var LeaseRecordFields = map[Field]string{
	{wcResourceLock, "LeaderElectionRecord", "RenewTime"}:   "the leader election record's RenewTime (written with the leader's clock)",
	{wcResourceLock, "LeaderElectionRecord", "AcquireTime"}: "the leader election record's AcquireTime (written with the leader's clock)",
	{wcCoordination, "LeaseSpec", "RenewTime"}:              "the Lease's spec.renewTime (written with the holder's clock)",
	{wcCoordination, "LeaseSpec", "AcquireTime"}:            "the Lease's spec.acquireTime (written with the holder's clock)",
}

// PollConditionTakers run a function until it reports true: the result of
// a condition function only ends the wait (a poll, a test's Eventually), it
// grants no authority. Keyed by package; nil names mean every function.
var PollConditionTakers = map[string][]string{
	"k8s.io/apimachinery/pkg/util/wait":   nil,
	"github.com/onsi/gomega":              {"Eventually", "EventuallyWithOffset", "Consistently", "ConsistentlyWithOffset"},
	"github.com/stretchr/testify/assert":  {"Eventually", "EventuallyWithT", "Never", "Condition"},
	"github.com/stretchr/testify/require": {"Eventually", "EventuallyWithT", "Never", "Condition"},
}

// RecordTTLFields are the lease durations a holder declares in the lease
// record it writes. Read back by another process they measure that
// holder's lease, not the reader's: an observer that adds one to its own
// reading of the time it saw the record change is measuring how long to
// wait before taking over, which FC4001's documentation recommends.
var RecordTTLFields = map[Field]bool{
	{wcResourceLock, "LeaderElectionRecord", "LeaseDurationSeconds"}: true,
	{wcCoordination, "LeaseSpec", "LeaseDurationSeconds"}:            true,
}

// LockTTLFields are lock and lease durations.
var LockTTLFields = map[Field]string{
	{"k8s.io/client-go/tools/leaderelection", "LeaderElectionConfig", "LeaseDuration"}: "the leader election LeaseDuration",
	{"k8s.io/client-go/tools/leaderelection", "LeaderElectionConfig", "RenewDeadline"}: "the leader election RenewDeadline",
	{wcResourceLock, "LeaderElectionRecord", "LeaseDurationSeconds"}:                   "the record's LeaseDurationSeconds",
	{wcCoordination, "LeaseSpec", "LeaseDurationSeconds"}:                              "the Lease's spec.leaseDurationSeconds",
	{"github.com/hashicorp/consul/api", "SessionEntry", "TTL"}:                         "the Consul session TTL",
	{"github.com/hashicorp/consul/api", "LockOptions", "SessionTTL"}:                   "the Consul lock SessionTTL",
	{"github.com/hashicorp/consul/api", "SemaphoreOptions", "SessionTTL"}:              "the Consul semaphore SessionTTL",
}

// TTLArg names the argument of a lock API that is the lock's TTL.
type TTLArg struct {
	Func Func
	Arg  int // receiver excluded
	// LockKey is the index of a Redis key argument that must name a lock
	// (vocab.LockKey) for the TTL to be a lock TTL; -1 if none.
	LockKey int
}

// LockTTLArgs are the lock APIs that receive the lock's TTL. A variable,
// constant or field passed there is a lock TTL wherever it is used.
var LockTTLArgs = []TTLArg{
	{Func{"github.com/go-redsync/redsync/v4", "", "WithExpiry"}, 0, -1},
	{Func{"github.com/bsm/redislock", "", "Obtain"}, 3, -1},
	{Func{"github.com/bsm/redislock", "Client", "Obtain"}, 2, -1},
	{Func{"github.com/bsm/redislock", "Lock", "Refresh"}, 1, -1},
	{Func{"go.etcd.io/etcd/client/v3/concurrency", "", "WithTTL"}, 0, -1},
	{Func{"github.com/zeromicro/go-zero/core/stores/redis", "RedisLock", "SetExpire"}, 0, -1},
	{Func{"github.com/hashicorp/consul/api", "Session", "RenewPeriodic"}, 0, -1},
	{Func{"cirello.io/dynamolock/v2", "", "WithLeaseDuration"}, 0, -1},
	{Func{RedisCmdPackage, "*", "SetNX"}, 3, 1},
	{Func{RedisCmdPackage, "*", "Set"}, 3, 1},
	{Func{RedisCmdPackage, "*", "Expire"}, 2, 1},
	{Func{RedisCmdPackage, "*", "PExpire"}, 2, 1},
}

// LeaseTakeovers write a lock record: the calls that take a lease over
// once its holder is believed dead.
var LeaseTakeovers = map[Func]string{
	{wcResourceLock, "Interface", "Create"}:     "resourcelock Create (takes the lease)",
	{wcResourceLock, "Interface", "Update"}:     "resourcelock Update (takes or renews the lease)",
	{wcResourceLock, "LeaseLock", "Create"}:     "resourcelock Create (takes the lease)",
	{wcResourceLock, "LeaseLock", "Update"}:     "resourcelock Update (takes or renews the lease)",
	{wcCoordClient, "LeaseInterface", "Create"}: "Lease Create (takes the lease)",
	{wcCoordClient, "LeaseInterface", "Update"}: "Lease Update (takes or renews the lease)",
	{wcCoordClient, "LeaseInterface", "Delete"}: "Lease Delete (breaks the lease)",
}

// LeaseAPIPackages are packages whose every call is about locks or
// leases: a function calling into them "touches a lock API".
var LeaseAPIPackages = []string{
	"k8s.io/client-go/tools/leaderelection", wcResourceLock, wcCoordClient,
	"go.etcd.io/etcd/client/v3/concurrency", "github.com/go-redsync/redsync/v4", "github.com/bsm/redislock",
}

// SerializationTags are struct tag keys that mark a field as stored or sent
// (so its value may have been written by another host).
var SerializationTags = []string{"json", "db", "bson", "yaml", "redis", "dynamodbav", "protobuf", "gorm", "msgpack", "mapstructure", "sql", "bun", "pg"}
