package grpc

import (
	"context"

	"google.golang.org/grpc/connectivity"
	"google.golang.org/grpc/metadata"
)

type dialOptions struct {
	unaryInts []UnaryClientInterceptor
}

// DialOption configures how we set up the connection.
type DialOption interface {
	apply(*dialOptions)
}

type funcDialOption struct{ f func(*dialOptions) }

func (fdo *funcDialOption) apply(do *dialOptions) { fdo.f(do) }

type callInfo struct{}
type csAttempt struct{}

// CallOption configures a Call before it starts or extracts information from
// a Call after it completes.
type CallOption interface {
	before(*callInfo) error
	after(*callInfo, *csAttempt)
}

// EmptyCallOption does not alter the Call configuration.
type EmptyCallOption struct{}

func (EmptyCallOption) before(*callInfo) error      { return nil }
func (EmptyCallOption) after(*callInfo, *csAttempt) {}

// StaticMethodCallOption is a CallOption that specifies that a call comes
// from a static method.
type StaticMethodCallOption struct {
	EmptyCallOption
}

func StaticMethod() CallOption                            { return StaticMethodCallOption{} }
func Header(md *metadata.MD) CallOption                   { return EmptyCallOption{} }
func Trailer(md *metadata.MD) CallOption                  { return EmptyCallOption{} }
func WaitForReady(waitForReady bool) CallOption           { return EmptyCallOption{} }
func MaxCallRecvMsgSize(bytes int) CallOption             { return EmptyCallOption{} }
func CallContentSubtype(contentSubtype string) CallOption { return EmptyCallOption{} }

// ClientConnInterface defines the functions clients need to perform unary and
// streaming RPCs.
type ClientConnInterface interface {
	Invoke(ctx context.Context, method string, args any, reply any, opts ...CallOption) error
	NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error)
}

// ClientConn represents a virtual connection to a conceptual endpoint.
type ClientConn struct {
	target string
}

var _ ClientConnInterface = (*ClientConn)(nil)

func NewClient(target string, opts ...DialOption) (conn *ClientConn, err error) {
	return &ClientConn{target: target}, nil
}

// Deprecated: use NewClient instead.
func Dial(target string, opts ...DialOption) (*ClientConn, error) {
	return &ClientConn{target: target}, nil
}

// Deprecated: use NewClient instead.
func DialContext(ctx context.Context, target string, opts ...DialOption) (conn *ClientConn, err error) {
	return &ClientConn{target: target}, nil
}

func (cc *ClientConn) WaitForStateChange(ctx context.Context, sourceState connectivity.State) bool {
	return false
}
func (cc *ClientConn) GetState() connectivity.State { return connectivity.Idle }
func (cc *ClientConn) Connect()                     {}
func (cc *ClientConn) Target() string               { return cc.target }
func (cc *ClientConn) CanonicalTarget() string      { return cc.target }
func (cc *ClientConn) ResetConnectBackoff()         {}
func (cc *ClientConn) Close() error                 { return nil }
func (cc *ClientConn) Invoke(ctx context.Context, method string, args, reply any, opts ...CallOption) error {
	return nil
}
func (cc *ClientConn) NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error) {
	return nil, nil
}

func NewClientStream(ctx context.Context, desc *StreamDesc, cc *ClientConn, method string, opts ...CallOption) (ClientStream, error) {
	return nil, nil
}

// Invoke sends the RPC request on the wire and returns after response is received.
//
// Deprecated: Use ClientConn.Invoke instead.
func Invoke(ctx context.Context, method string, args, reply any, cc *ClientConn, opts ...CallOption) error {
	return nil
}

type UnaryInvoker func(ctx context.Context, method string, req, reply any, cc *ClientConn, opts ...CallOption) error

type UnaryClientInterceptor func(ctx context.Context, method string, req, reply any, cc *ClientConn, invoker UnaryInvoker, opts ...CallOption) error

type Streamer func(ctx context.Context, desc *StreamDesc, cc *ClientConn, method string, opts ...CallOption) (ClientStream, error)

func WithUnaryInterceptor(f UnaryClientInterceptor) DialOption {
	return &funcDialOption{f: func(o *dialOptions) { o.unaryInts = append(o.unaryInts, f) }}
}

func WithChainUnaryInterceptor(interceptors ...UnaryClientInterceptor) DialOption {
	return &funcDialOption{f: func(o *dialOptions) { o.unaryInts = append(o.unaryInts, interceptors...) }}
}

type StreamHandler func(srv any, stream ServerStream) error

type StreamDesc struct {
	StreamName string        // the name of the method excluding the service
	Handler    StreamHandler // the handler called for the method

	ServerStreams bool // indicates the server can perform streaming sends
	ClientStreams bool // indicates the client can perform streaming sends
}

type ClientStream interface {
	Header() (metadata.MD, error)
	Trailer() metadata.MD
	CloseSend() error
	Context() context.Context
	SendMsg(m any) error
	RecvMsg(m any) error
}

type ServerStream interface {
	SetHeader(metadata.MD) error
	SendHeader(metadata.MD) error
	SetTrailer(metadata.MD)
	Context() context.Context
	SendMsg(m any) error
	RecvMsg(m any) error
}

type ServerStreamingClient[Res any] interface {
	Recv() (*Res, error)
	ClientStream
}

type ClientStreamingClient[Req any, Res any] interface {
	Send(*Req) error
	CloseAndRecv() (*Res, error)
	ClientStream
}

type BidiStreamingClient[Req any, Res any] interface {
	Send(*Req) error
	Recv() (*Res, error)
	ClientStream
}
