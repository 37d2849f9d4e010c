package vocab

import "testing"

func TestRouting(t *testing.T) {
	for name, want := range map[string]bool{
		"forwardToLeader": true, "ForwardRequest": true, "redirectToPrimary": true, "proxyWrite": true,
		"relayed": true, "Forwarded": true, "forEach": false, "applyWrite": false, "rediscover": false,
	} {
		if got := Routing.Match(name); got != want {
			t.Errorf("Routing.Match(%q) = %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]bool{
		"ErrNotLeader": true, "node is not the leader": true, "errNoLeader": true, "not primary": true,
		"ErrLeaderLost": false, "leader changed": false, "notification failed": false,
	} {
		if got := Negation.Match(name) && (LeaseHeld.Match(name) || Primary.Match(name)); got != want {
			t.Errorf("not-leader(%q) = %v, want %v", name, got, want)
		}
	}
}
