package vocab

import "slices"

// AcquireVerb is the first word of a call that claims a lock, a lease or a
// resource for this process (Acquire, AcquireWait, Claim, Obtain, Reserve,
// Campaign), or the word after "try" (TryLock, tryAdvisoryLock): a
// heartbeat started after it keeps that claim alive. Grant, Create and
// Register are left out on purpose: etcd's Lease.Grant and a store's
// GrantLease make a lease record without excluding anybody, so a lease
// granted that way gates no work.
var AcquireVerb = List{Word, []string{"acquire", "claim", "lock", "obtain", "reserve", "campaign", "elect"}}

// UpkeepWords, with a lease word (RenewalLeaseWords: lock, lease) in the
// same name, say that a function keeps a lock or lease alive without
// naming a renewal: refreshLock, keepLockFresh, extendLease, touchLock,
// pingJobLock, bumpLease.
var UpkeepWords = []string{"refresh", "fresh", "extend", "touch", "ping", "bump"}

// ExpiryWriteVerbs, as the first word of a name that also names a lease's
// expiry (LeaseExpiryColumn), say that a function moves that expiry:
// updateLockExpiration, setLeaseDeadline, putLockTTL.
var ExpiryWriteVerbs = []string{"update", "set", "put", "write", "save", "store"}

// NamesLeaseUpkeep reports whether a function's name says it renews a
// lease: a renewal word (NamesRenewal), an upkeep word beside a lease word
// (UpkeepWords), or a write verb followed by a lease's expiry
// (ExpiryWriteVerbs). A getter of the expiry (getLockExpiration) is none.
func NamesLeaseUpkeep(name string) bool {
	if NamesRenewal(name) {
		return true
	}
	words := Words(name)
	if len(words) == 0 {
		return false
	}
	has := func(list []string) bool {
		return slices.ContainsFunc(words, func(w string) bool { return Prefixed(w, list) })
	}
	if has(RenewalLeaseWords) && has(UpkeepWords) {
		return true
	}
	return slices.Contains(ExpiryWriteVerbs, words[0]) && LeaseExpiryColumn(name)
}

// AcquireMethod reports whether a method's name begins with an
// acquisition verb, or "try" and one (Lock, TryLock, Acquire, Obtain):
// one side of a lock's protocol.
func AcquireMethod(name string) bool {
	ws := Words(name)
	if len(ws) > 1 && ws[0] == "try" {
		ws = ws[1:]
	}
	return len(ws) > 0 && AcquireVerb.MatchWord(ws[0])
}

// ReleaseMethod reports whether a method's name begins with a release
// verb (Unlock, UnLock, Release, ReleaseLock): the other side.
func ReleaseMethod(name string) bool {
	ws := Words(name)
	if len(ws) > 1 && ws[0] == "un" {
		ws = append([]string{"un" + ws[1]}, ws[2:]...) // UnLock, Un_lock: unlock spelt in two words
	}
	return len(ws) > 0 && ReleaseVerb.MatchWord(ws[0])
}
