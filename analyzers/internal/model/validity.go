package model

// ValidityChecks are calls that report a local or past view of whether the
// lock is still held. Branching on them before a write is check-then-act:
// the lease can expire between the check and the write (FC2001).
var ValidityChecks = []Func{
	{leaderelection, "LeaderElector", "IsLeader"},
	{leaderelection, "LeaderElector", "GetLeader"},
	{redislock, "Lock", "TTL"},
	{redsync, "Mutex", "Until"},
	{redsync, "Mutex", "Valid"},
	{redsync, "Mutex", "ValidContext"},
	{redsync, "Mutex", "Extend"},
	{redsync, "Mutex", "ExtendContext"},
	{etcd, "Election", "Leader"},
	{etcd, "Session", "Done"},
	{etcd, "Session", "Ctx"},
	{"github.com/go-co-op/gocron/v2", "Elector", "IsLeader"},
	{consul, "Lock", "Lock"}, // its lost channel, read without blocking
	{consul, "KV", "Get"},    // the lock record read back and its Session compared with ours
	{"go.etcd.io/etcd/client/v3", "Lease", "TimeToLive"},
	{"go.etcd.io/etcd/client/v3", "Client", "TimeToLive"},
}
