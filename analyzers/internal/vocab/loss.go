package vocab

// AcquireVerb is the first word of a call that claims a lock, a lease or a
// resource for this process (Acquire, AcquireWait, Claim, Obtain, Reserve,
// Campaign), or the word after "try" (TryLock, tryAdvisoryLock): a
// heartbeat started after it keeps that claim alive. Grant, Create and
// Register are left out on purpose: etcd's Lease.Grant and a store's
// GrantLease make a lease record without excluding anybody, so a lease
// granted that way gates no work.
var AcquireVerb = List{Word, []string{"acquire", "claim", "lock", "obtain", "reserve", "campaign", "elect"}}
