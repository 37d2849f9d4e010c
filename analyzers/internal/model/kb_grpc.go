package model

const grpc = "google.golang.org/grpc"

// GRPC is gRPC's client: Invoke, and the write methods of generated
// clients.
var GRPC = Library{
	Name:    "gRPC",
	Modules: []string{grpc},
	Sinks: []*Sink{
		{Family: "gRPC", Cond: CondRequest, Key: -1, Protocol: true,
			Funcs: []Func{{grpc, "ClientConn", "Invoke"}, {grpc, "", "Invoke"}}},
		{Family: "gRPC", Cond: CondRequest, Key: -1, Protocol: true, Shape: GeneratedClient,
			Option: Field{Pkg: grpc, Type: "CallOption"}},
	},
}
