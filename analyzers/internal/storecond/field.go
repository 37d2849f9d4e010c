package storecond

import (
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
)

// Role is what a compared field is to a lock record.
type Role int

const (
	Plain  Role = iota // the record's name, or anything else
	Fence              // a fencing token or a version the store compares
	Expiry             // an expiry, deadline or heartbeat
	Owner              // the holder's identity
)

// Field is a field a condition names, with its role.
type Field struct {
	Name string
	Role Role
}

// RoleOf classifies a field name through vocab, in order: a fence or
// version column (fence_token, version), an expiry (expires_at,
// locked_until, last_heartbeat), an owner (owner, locked_by, worker_id).
func RoleOf(name string) Role {
	words := vocab.Words(name)
	switch {
	case vocab.FenceColumn.Match(name) || vocab.Version.Match(name):
		return Fence
	case vocab.ExpiryCondition.Match(name) || slices.ContainsFunc(words, beat):
		return Expiry
	case slices.ContainsFunc(words, owner) || claimedBy(words):
		return Owner
	}
	return Plain
}

func beat(w string) bool  { return vocab.Prefixed(w, vocab.RenewalBeatWords) }
func owner(w string) bool { return vocab.Prefixed(w, vocab.RenewalOwnerWords) }

// claimedBy reports a holder column named by a verb and "by" (locked_by).
func claimedBy(words []string) bool {
	for i := 0; i+1 < len(words); i++ {
		if words[i+1] == "by" && slices.Contains(vocab.RenewalClaimVerbs, words[i]) {
			return true
		}
	}
	return false
}
