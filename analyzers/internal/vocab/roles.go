package vocab

// The roles of a lease record's fields. A lease kept as a record in a store
// (a row, a document, a KV value, a Kubernetes object, a lock file's
// contents) names who holds it and until when: an owner field and an expiry
// or heartbeat field. Role gives the one answer for a field's name; whether
// the field holds an instant is the caller's question (its type).

// A FieldRole is what a lease record's field holds.
type FieldRole int

const (
	// NoRole: the name says nothing about a lease.
	NoRole FieldRole = iota
	// Owner: who holds the lease (owner, holder, locked_by, pid, leader).
	Owner
	// Expiry: when the lease ends unless renewed (expires_at, lease_until,
	// deadline).
	Expiry
	// Heartbeat: when the holder last renewed or took it (renewed_at,
	// last_heartbeat, acquired_at); the lease ends a TTL after it.
	Heartbeat
	// Fence: a fencing token or epoch of the lease.
	Fence
)

func (r FieldRole) String() string {
	return [...]string{"none", "owner", "expiry", "heartbeat", "fence"}[r]
}

// RecordExpiry are the words of a field that holds when a lease ends:
// stems, so "expires", "expiry" and "expiration" all count; "until" is a
// whole word ("locked_until", "valid_until").
var RecordExpiry = List{Stem, []string{"expir", "deadline", "until"}}

// RecordHeartbeat are the words of a field that holds when the holder
// last renewed or claimed the lease ("renewed_at", "RenewTime",
// "last_heartbeat", "acquired_at", "keepalive"). Plain "updated" is left
// out: every row has an update time.
var RecordHeartbeat = List{Stem, []string{"renew", "heartbeat", "keepalive", "acquir", "beat"}}

// RecordOwner are the words of a field that names the holder of a lease:
// "owner", "holder", "locked_by" (as "locked" beside "by"), a process id
// ("pid") or a leader's identity ("leader"). Whole words: "ownership" and
// "pidfile" are not holders.
var RecordOwner = List{Word, []string{"owner", "holder", "pid", "leader", "locker", "claimant"}}

// Role reports the lease role a record field's name gives it. A time word
// wins over an owner word ("owner_expiry" is an expiry), and a fence word
// over both ("lease_epoch" is a fence).
func Role(name string) FieldRole {
	ws := Words(name)
	has := func(l List) bool {
		for _, w := range ws {
			if l.MatchWord(w) {
				return true
			}
		}
		return false
	}
	switch {
	case has(StrongFence):
		return Fence
	case has(RecordExpiry):
		return Expiry
	case has(RecordHeartbeat):
		return Heartbeat
	case has(RecordOwner), lockedBy(ws):
		return Owner
	}
	return NoRole
}

// lockedBy reports the words "locked by" / "leased by" / "claimed by" in
// a row: the column naming the holder.
func lockedBy(ws []string) bool {
	for i := 0; i+1 < len(ws); i++ {
		if ws[i+1] == "by" && (ws[i] == "locked" || ws[i] == "leased" || ws[i] == "claimed" || ws[i] == "held") {
			return true
		}
	}
	return false
}

// LockFile tells whether a path, or the name of the variable, field or
// parameter holding one, names a lock file: a ".lock" or ".lck" suffix,
// the word "lockfile" or "lck", or a lock word beside a file word
// ("lockFile", "lease_path", "mutex-dir"). A lock word alone ("mu",
// "lockKey") names no file, and neither does "block" or "clock".
var LockFile lockFile

type lockFile struct{}

var (
	lockFileWords = List{Word, []string{"lockfile", "lockfiles", "lck", "flock"}}
	lockFileLock  = List{Word, []string{"lock", "locks", "lease", "mutex"}}
	lockFileFile  = List{Word, []string{"file", "files", "path", "dir", "filename", "fname", "fd"}}
)

// Match reports whether name names a lock file.
func (lockFile) Match(name string) bool {
	if n := len(name); n >= 5 && name[n-5:] == ".lock" || n >= 4 && name[n-4:] == ".lck" {
		return true
	}
	return lockFileWords.Match(name) || lockFileLock.Match(name) && lockFileFile.Match(name)
}

// Job states. A queue's claim moves a record from a state where it waits
// for a worker (WaitingState) to one where a worker has it (WorkingState);
// the write that moves it back is a reaper's or a release, never a claim,
// whatever else the package does with the time of the record.
var (
	WaitingState = List{Word, []string{"pending", "queued", "ready", "available", "waiting", "scheduled", "idle", "new", "enqueued", "unclaimed", "free", "open", "retry"}}
	// StateColumn names the field a record's state lives in.
	StateColumn  = List{Word, []string{"state", "status", "phase", "stage"}}
	WorkingState = List{Word, []string{"running", "processing", "inprogress", "progress", "leased", "claimed", "locked", "active", "started", "executing", "working", "reserved", "acquired", "busy", "taken", "dispatched"}}
)
