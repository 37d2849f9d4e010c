package vocab

import (
	"slices"
	"strings"
	"testing"
)

func TestWords(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"fenceToken", []string{"fence", "token"}},
		{"fence_token", []string{"fence", "token"}},
		{"FENCE-TOKEN", []string{"fence", "token"}},
		{"HTTPHeader", []string{"http", "header"}},
		{"LeaseDurationSeconds", []string{"lease", "duration", "seconds"}},
		{"x-fencing-token", []string{"x", "fencing", "token"}},
		{"public.job_locks", []string{"public", "job", "locks"}},
		{"epoch2", []string{"epoch"}},
		{"", nil},
	} {
		if got := Words(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("Words(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestRules(t *testing.T) {
	word := List{Word, []string{"term", "lock"}}
	stem := List{Stem, []string{"expir", "ttl"}}
	sub := List{Substring, []string{"lock"}}
	for _, tc := range []struct {
		l    List
		name string
		want bool
	}{
		{word, "term_id", true},
		{word, "terminal_id", false},
		{word, "lockKey", true},
		{word, "blocks", false},
		{sub, "distLock", true},
		{sub, "blocklist", false}, // a compound that names something else
		{sub, "clock_lock", true},
		{List{Substring, []string{"leader"}}, "leaderboard:day:", false},
		{List{Substring, []string{"leader"}}, "leader:election", true},
		{List{Substring, []string{"lease"}}, "release:timeout:", false},
		{List{Substring, []string{"lease"}}, "lease:release", true},
		{stem, "expires_at", true},
		{stem, "ttlSeconds", true},
		{stem, "ttls", false}, // a stem of three letters is a whole word
		{stem, "expiry", true},
		{sub, "mylock:billing", true},
		{sub, "LOCK", true},
		{sub, "processed:42", false},
	} {
		if got := tc.l.Match(tc.name); got != tc.want {
			t.Errorf("%v.Match(%q) = %v, want %v", tc.l, tc.name, got, tc.want)
		}
	}
}

// The two questions every check asks of a name: is this a fence column,
// is this the lock's own table. Each has one answer, whatever the check.
func TestFenceColumn(t *testing.T) {
	for name, want := range map[string]bool{
		"term": true, "term_id": true, "fence_token": true, "fencing_token": true, "fenceToken": true,
		"epoch": true, "lease_epoch": true, "revision": true, "mod_revision": true, "generation": true,
		"tokens": true, "X-Fencing-Token": true,
		"terminal_id": false, "determined": false, "tokenizer": false, "regeneration": false,
		"lease_version": false, "owner": false, "id": false,
	} {
		if got := FenceColumn.Match(name); got != want {
			t.Errorf("FenceColumn.Match(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestLockTable(t *testing.T) {
	for name, want := range map[string]bool{
		"locks": true, "job_locks": true, "app_locks": true, "leases": true, "job_leases": true,
		"leader": true, "leader_election": true, "mutexes": true, "locking": true, "public.locks": true,
		"appLocks": true,
		"blocks":   false, "releases": false, "clocks": false, "joblocks": false, "fences": false,
		"jobs": false, "owners": false,
	} {
		if got := LockTable.Match(name); got != want {
			t.Errorf("LockTable.Match(%q) = %v, want %v", name, got, want)
		}
	}
}

// Every list is lower case, without duplicates, and a Stem list's short
// entries are meant as whole words.
func TestLists(t *testing.T) {
	for name, l := range map[string]List{
		"StrongFence": StrongFence, "FenceColumn": FenceColumn, "FenceStem": FenceStem, "Token": Token,
		"TokenQualifier": TokenQualifier, "TimeOrDuration": TimeOrDuration, "LockTable": LockTable,
		"LockKey": LockKey, "OwnerValue": OwnerValue, "ReleaseOwner": ReleaseOwner, "Lease": Lease,
		"Validity": Validity, "Duration": Duration, "DurationUnit": DurationUnit, "Instant": Instant,
		"ExpiryCondition": ExpiryCondition, "LockName": LockName, "ReleaseVerb": ReleaseVerb, "LeaseHeld": LeaseHeld, "LeaseQuestion": LeaseQuestion,
		"StoreRead": StoreRead, "StoreWrite": StoreWrite, "StoreDelete": StoreDelete, "StoreCond": StoreCond,
	} {
		seen := map[string]bool{}
		for _, w := range l.Words {
			if w == "" || w != strings.ToLower(w) {
				t.Errorf("%s: entry %q is not a lower-case word", name, w)
			}
			if seen[w] {
				t.Errorf("%s: %q twice", name, w)
			}
			seen[w] = true
			if l.Rule == Word && len(Words(w)) != 1 {
				t.Errorf("%s: a Word entry %q is not one word", name, w)
			}
		}
	}
}

// The evidence words this round added: a renewal verb must lead the
// function's name, a lock type must name a lock (not a block or a
// renewal window), an invalidation is a whole word.
func TestEvidenceNames(t *testing.T) {
	for name, want := range map[string]bool{
		"Extend": true, "ExtendTx": true, "renewLease": true, "heartbeat": true, "keepAlive": true,
		"notRenewals": false, "listRenewals": false, "Send": false, "extent": false,
	} {
		if got := NamesExtension(name); got != want {
			t.Errorf("NamesExtension(%q) = %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]bool{
		"refreshTokenLock": true, "LeaderLease": true, "jobMutex": true, "Locker": true,
		"BlockStore": false, "clockSource": false, "RenewalInfo": false, "OwnerService": false,
	} {
		if got := LockType.Match(name); got != want {
			t.Errorf("LockType.Match(%q) = %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]bool{
		"InvalidateUserBalance": true, "evictSession": true, "invalid": false, "Validate": false,
	} {
		if got := Invalidator.Match(name); got != want {
			t.Errorf("Invalidator.Match(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestCacheDrop(t *testing.T) {
	for name, want := range map[string]bool{"DelUserInfoCache": true, "ClearCache": true, "removeFromCache": true, "SetUserInfoCache": false, "DeleteSession": false} {
		if got := CacheKey.Match(name) && CacheDrop.Match(name); got != want {
			t.Errorf("CacheKey and CacheDrop match %q = %v, want %v", name, got, want)
		}
	}
}

func TestInvalidationMethods(t *testing.T) {
	for method, want := range map[string]bool{"PURGE": true, "BAN": true, "purge": true, "DELETE": false, "POST": false, "BANANA": false} {
		if got := InvalidationMethods.Match(method); got != want {
			t.Errorf("InvalidationMethods.Match(%q) = %v, want %v", method, got, want)
		}
	}
}

func TestNamesLeaseUpkeep(t *testing.T) {
	for name, want := range map[string]bool{
		"renewLease":           true, // a renewal word
		"keepLockFresh":        true,
		"pingJobLock":          true,
		"refreshLock":          true,
		"extendLease":          true,
		"updateLockExpiration": true,
		"setLeaseDeadline":     true,
		"getLockExpiration":    false, // reads the expiry
		"refreshCache":         false, // no lease word
		"updateLockStatus":     false, // no expiry
		"touchFile":            false,
		"lockTable":            false,
	} {
		if got := NamesLeaseUpkeep(name); got != want {
			t.Errorf("NamesLeaseUpkeep(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestLockProtocolMethods(t *testing.T) {
	for name, want := range map[string]bool{"Unlock": true, "UnLock": true, "ReleaseLock": true, "Undo": false, "Un": false, "Lock": false} {
		if got := ReleaseMethod(name); got != want {
			t.Errorf("ReleaseMethod(%q) = %v, want %v", name, got, want)
		}
	}
}
