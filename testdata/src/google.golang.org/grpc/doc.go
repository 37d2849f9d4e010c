// Package grpc is a test stub of google.golang.org/grpc@v1.85.0, signatures copied from the real source.
//
// Only the client-side surface used by generated clients (protoc-gen-go-grpc)
// is present: ClientConn, ClientConnInterface, CallOption, DialOption,
// streams and client interceptors.
package grpc
