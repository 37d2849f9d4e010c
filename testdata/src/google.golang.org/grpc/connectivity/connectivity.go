package connectivity

// State indicates the state of connectivity.
type State int

const (
	Idle State = iota
	Connecting
	Ready
	TransientFailure
	Shutdown
)

func (s State) String() string { return "" }
