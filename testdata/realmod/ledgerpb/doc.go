// Package ledgerpb is a test stub of a generated gRPC client (fake package
// example.com/ledgerpb, no real module): ledger_grpc.pb.go is shaped exactly
// like protoc-gen-go-grpc v1.6.2 output for google.golang.org/grpc@v1.85.0;
// messages are plain structs with protoc-gen-go style getters.
package ledgerpb
