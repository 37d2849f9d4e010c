package vocab

// Routing are the words of a call that sends a request elsewhere rather
// than acting on it (forwardToLeader, redirectToPrimary, proxyRequest,
// relay): the branch of a leader check that runs one is routing.
var Routing = List{Stem, []string{"forward", "redirect", "proxy", "relay", "reroute"}}

// Negation are the words that deny: an error named or worded with one and a
// LeaseHeld or Primary word (ErrNotLeader, "node is not the leader",
// errNoLeader) tells the caller to go to the leader.
var Negation = List{Word, []string{"not", "no", "non"}}

// Primary are the words, besides LeaseHeld's, by which replicated systems
// name the node that takes writes.
var Primary = List{Word, []string{"primary", "master", "coordinator"}}

// Denial are fragments of an error's name or text that refuse the caller
// for want of a right (ErrPermissionDenied, "forbidden", "unauthorized"):
// the check before it asks about the caller's role, not this process's
// lease.
var Denial = List{Substring, []string{"permission", "forbidden", "denied", "unauthori", "notallowed", "not allowed"}}
