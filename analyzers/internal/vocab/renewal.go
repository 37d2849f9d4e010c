package vocab

import (
	"slices"
	"strings"
)

// The words of FC5002's hand-rolled SQL leases (package lifecycle,
// renewal.go): which columns an UPDATE renews a lease through, and which make
// it conditional on the holder.

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

// RenewalBeatWords are words (Words, matched as word prefixes) of a
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
// "holder", "locker", "lock_owner", "leader_id". A column named after the table's own
// rows (worker_id in a workers table) is the row's identity instead.
var RenewalOwnerWords = []string{"owner", "worker", "holder", "locker", "leader"}

// RenewalClaimVerbs, followed by the word "by", name the holder of a row:
// locked_by, claimed_by, leased_by, owned_by, acquired_by, held_by,
// reserved_by, taken_by, picked_by.
var RenewalClaimVerbs = []string{"locked", "claimed", "leased", "owned", "acquired", "held", "reserved", "taken", "picked"}

// RenewalOwnerLockWords are owner columns that are lock-specific ("locked_by",
// "worker", "holder", "lock_token", "lease_token") rather than a generic
// "owner_id": with one of them, a generic expiry column is a lease too.
var RenewalOwnerLockWords = []string{"worker", "holder", "locker", "lock", "lease"}

// RenewalProcessWords name a process's identity (instance_id, node_id,
// host, pod_name): in a lock or lease table (LockTable) the WHERE's
// equality on one is the holder's.
var RenewalProcessWords = []string{"instance", "node", "host", "pod", "replica", "process"}

// Prefixed reports whether the word w (one of Words) starts with one of
// prefixes.
func Prefixed(w string, prefixes []string) bool {
	return slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(w, p) })
}

// RenewalColumn reports whether assigning col renews a lease: a heartbeat
// or renewal column (a RenewalBeatWords word), a lease expiry (a lease
// word and a time word), or, in a table known to hold locks (lockish), an
// expiry word alone. The one answer for FC5002's renewals and for the
// renewal UPDATE that is no protected write.
func RenewalColumn(col string, lockish bool) bool {
	words := Words(col)
	has := func(list []string) bool {
		return slices.ContainsFunc(words, func(w string) bool { return Prefixed(w, list) })
	}
	switch {
	case has(RenewalBeatWords):
		return true
	case LeaseExpiryColumn(col):
		return true
	case lockish && has(RenewalExpiryWords):
		return true
	}
	return false
}

// LeaseExpiryColumn reports whether col names a lease's expiry by itself:
// a lease word and a time word ("locked_until", "lease_expires_at",
// "leased_until").
func LeaseExpiryColumn(col string) bool {
	words := Words(col)
	has := func(list []string) bool {
		return slices.ContainsFunc(words, func(w string) bool { return Prefixed(w, list) })
	}
	return has(RenewalLeaseWords) && has(RenewalTimeWords)
}

// NamesExtension reports whether a function's name starts with a verb
// that extends or renews something it holds (Extend, ExtendTx,
// renewLease, heartbeat, keepAlive): evidence that an UPDATE of a lease
// column in it is a renewal although no holder is named.
// "listRenewals" or "notRenewals" is no such verb.
func NamesExtension(name string) bool {
	lower := strings.ToLower(name)
	return strings.HasPrefix(lower, "extend") || Prefixed(lower, RenewalBeatWords)
}

// NamesRenewal reports whether a function's name says it renews a lease
// (startHeartbeat, keepAlive, renewLease): a word starting with one of
// RenewalBeatWords.
func NamesRenewal(name string) bool {
	return slices.ContainsFunc(Words(name), func(w string) bool { return Prefixed(w, RenewalBeatWords) })
}
