package model

const grpc = "google.golang.org/grpc"

// grpcLibrary is gRPC's client: Invoke, and the write methods of generated
// clients.
var grpcLibrary = Library{
	Name:    "gRPC",
	Modules: []string{grpc},
	Sinks: []*Sink{
		{Family: "gRPC", Cond: CondRequest, Key: -1, Protocol: true,
			Funcs: []Func{{grpc, "ClientConn", "Invoke"}, {grpc, "", "Invoke"}}},
		{Family: "gRPC", Cond: CondRequest, Key: -1, Protocol: true, Shape: GeneratedClient,
			Option: Field{Pkg: grpc, Type: "CallOption"}},
	},
	// Authenticate exchanges credentials for a token (etcd's client calls
	// it while it connects).
	ReadPrefixes: []string{"Get", "List", "Watch", "Describe", "Read", "Fetch", "Query", "Search",
		"Check", "Stat", "Head", "Count", "Exists", "Lookup", "Find", "Ping", "Health", "Batch" + "Get", "Subscribe", "Stream",
		"Authenticate", "Scan"},
	WriteWords: []string{"put", "set", "create", "update", "delete", "remove", "insert", "write", "prewrite", "commit",
		"lock", "unlock", "acquire", "release", "cleanup", "resolve", "rollback", "add", "append", "upsert", "send",
		"publish", "ack", "mutate", "increment", "incr", "apply", "register", "cancel", "reset", "move", "merge", "swap",
		"flush", "compact", "gc", "destroy", "drop", "truncate", "import", "load", "store", "save", "modify", "patch",
		"replace", "kill", "start", "stop", "split", "heartbeat", "renew", "grant", "revoke", "assign", "claim"},
}
