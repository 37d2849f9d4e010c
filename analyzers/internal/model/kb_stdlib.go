package model

import "slices"

const wcTime = "time"
const tqMathRand = "math/rand"
const tqMathRand2 = "math/rand/v2"
const tqCryptoRand = "crypto/rand"

var tqMathRandNames = []string{"Int", "Intn", "Int31", "Int31n", "Int63", "Int63n", "Uint32", "Uint64", "Float32", "Float64", "ExpFloat64", "NormFloat64"}
var tqMathRand2Names = []string{"Int", "IntN", "Int32", "Int32N", "Int64", "Int64N", "Uint", "UintN", "Uint32", "Uint32N", "Uint64", "Uint64N", "Float32", "Float64", "ExpFloat64", "NormFloat64"}

// stdlibLibrary is what the Go standard library adds to the families above: the
// clock, random numbers, atomic counters, contexts and process exits.
// database/sql, net/http and net/smtp are in their families (SQL, HTTP,
// Messaging), log in Logging, encoding/* in Encodings.
var stdlibLibrary = Library{
	Name:    "Go standard library",
	Modules: []string{"std"},
	Identities: slices.Concat(
		randomFuncs(tqCryptoRand, "a random number", "Int", "Prime"),
		uniqueFuncs(tqCryptoRand, "a random number", "Text"),
		[]TokenSource{{Func: Func{tqCryptoRand, "", "Read"}, Arg: 0, Kind: Random, What: "random bytes", Unique: true}},
		randomFuncs(tqMathRand, "a random number", tqMathRandNames...),
		randomMethods(tqMathRand, "Rand", "a random number", tqMathRandNames...),
		[]TokenSource{
			{Func: Func{tqMathRand, "", "Read"}, Arg: 0, Kind: Random, What: "random bytes"},
			{Func: Func{tqMathRand, "Rand", "Read"}, Arg: 0, Kind: Random, What: "random bytes"},
		},
		randomFuncs(tqMathRand2, "a random number", append(tqMathRand2Names, "N")...), // N is generic: no method
		randomMethods(tqMathRand2, "Rand", "a random number", tqMathRand2Names...),
		[]TokenSource{
			{Func: Func{"os", "", "Hostname"}, Arg: -1, Kind: Identity, What: "the host name (os.Hostname())"},
			{Func: Func{"os", "", "Getpid"}, Arg: -1, Kind: Identity, What: "the process ID (os.Getpid())"},
		},
		atomicCounters(),
		[]TokenSource{{Func: Func{"time", "", "Now"}, Arg: -1, Kind: Clock, What: "a wall-clock reading (time.Now())"}},
	),
	ClockReads:   []Func{{wcTime, "", "Now"}},
	ClockElapsed: []Func{{wcTime, "", "Since"}, {wcTime, "", "Until"}},
	TimeConstructors: map[Func]string{
		{wcTime, "", "Unix"}:            "a time.Unix value (no monotonic reading)",
		{wcTime, "", "UnixMilli"}:       "a time.UnixMilli value (no monotonic reading)",
		{wcTime, "", "UnixMicro"}:       "a time.UnixMicro value (no monotonic reading)",
		{wcTime, "", "Parse"}:           "a parsed timestamp (time.Parse)",
		{wcTime, "", "ParseInLocation"}: "a parsed timestamp (time.ParseInLocation)",
		{wcTime, "", "Date"}:            "a time.Date value (no monotonic reading)",
	},
	TimeComparisons: []Func{{wcTime, "Time", "Before"}, {wcTime, "Time", "After"}, {wcTime, "Time", "Equal"}},
	DetachedContexts: []Func{
		{"context", "", "Background"}, {"context", "", "TODO"}, {"context", "", "WithoutCancel"},
	},
	DerivedContexts: []Func{
		{"context", "", "WithCancel"}, {"context", "", "WithTimeout"}, {"context", "", "WithDeadline"},
		{"context", "", "WithValue"}, {"context", "", "WithCancelCause"}, {"context", "", "WithTimeoutCause"},
		{"context", "", "WithDeadlineCause"}, {"os/signal", "", "NotifyContext"},
	},
	ProcessExits: []Func{{"os", "", "Exit"}},
	// Digests of some content: a name built from one addresses that
	// content (fences.Converges). The Sum method of a hash.Hash, after
	// the content was written to it, and the one-shot Sum functions.
	Digests: []Func{
		{"hash", "Hash", "Sum"},
		{"crypto/sha256", "", "Sum256"}, {"crypto/sha256", "", "Sum224"}, {"crypto/sha1", "", "Sum"},
		{"crypto/md5", "", "Sum"}, {"crypto/sha512", "", "Sum512"}, {"crypto/sha512", "", "Sum384"},
		{"crypto/sha512", "", "Sum512_256"}, {"crypto/sha3", "", "Sum256"}, {"crypto/sha3", "", "Sum512"},
	},
	// A command's process outlives this one: exiting does not stop it.
	Subprocesses: []Func{
		{"os/exec", "Cmd", "Run"}, {"os/exec", "Cmd", "Start"}, {"os/exec", "Cmd", "Output"},
		{"os/exec", "Cmd", "CombinedOutput"}, {"os", "", "StartProcess"},
	},
	ProcessKills: []Func{{"os", "Process", "Kill"}, {"os", "Process", "Signal"}, {"syscall", "", "Kill"}},
	// t.Fatal and t.Skip call runtime.Goexit. *testing.T's, B's and F's
	// methods are testing.common's, promoted; testing.TB is the interface.
	GoroutineExits: goroutineExits(),
	Time: &TimeMethods{
		Clock: []string{"Unix", "UnixNano", "UnixMilli", "UnixMicro", "UTC", "Local", "In", "Round", "Truncate",
			"Add", "AddDate", "Format", "String", "AppendFormat", "MarshalText", "MarshalJSON", "MarshalBinary"},
		Strippers:  []string{"Round", "Truncate", "UTC", "Local", "In", "AddDate", "Unix", "UnixNano", "UnixMilli", "UnixMicro"},
		Decoders:   []string{"UnmarshalJSON", "UnmarshalText", "UnmarshalBinary", "GobDecode"},
		Arithmetic: []string{"Add", "Sub", "Compare"},
		Texts:      []string{"Format", "String", "AppendFormat", "MarshalText", "MarshalJSON"},
	},
	Instants: []Field{{wcTime, "Time", ""}},
	ErrorFormatters: []Func{
		{"fmt", "", "Sprintf"}, {"fmt", "", "Sprint"}, {"fmt", "", "Sprintln"}, {"fmt", "", "Errorf"}, {"errors", "", "Join"},
	},
}

// atomicCounters are sync/atomic's additions: an in-process counter.
func atomicCounters() []TokenSource {
	var s []TokenSource
	for _, n := range []string{"AddInt32", "AddInt64", "AddUint32", "AddUint64", "AddUintptr"} {
		s = append(s, TokenSource{Func: Func{"sync/atomic", "", n}, Arg: -1, Kind: Counter, What: "an in-process counter (atomic." + n + ")"})
	}
	for _, r := range []string{"Int32", "Int64", "Uint32", "Uint64", "Uintptr"} {
		s = append(s, TokenSource{Func: Func{"sync/atomic", r, "Add"}, Arg: -1, Kind: Counter, What: "an in-process counter (atomic." + r + ".Add)"})
	}
	return s
}

func goroutineExits() []Func {
	out := []Func{{"runtime", "", "Goexit"}}
	for _, recv := range []string{"common", "TB"} {
		for _, m := range []string{"Fatal", "Fatalf", "FailNow", "Skip", "Skipf", "SkipNow"} {
			out = append(out, Func{"testing", recv, m})
		}
	}
	return out
}
