package metadata

import (
	"context"
	"strings"
)

// MD is a mapping from metadata keys to values.
type MD map[string][]string

type mdIncomingKey struct{}
type mdOutgoingKey struct{}

func DecodeKeyValue(k, v string) (string, string, error) { return k, v, nil }

func New(m map[string]string) MD {
	md := make(MD, len(m))
	for k, val := range m {
		md[strings.ToLower(k)] = append(md[strings.ToLower(k)], val)
	}
	return md
}

func Pairs(kv ...string) MD {
	md := make(MD, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		k := strings.ToLower(kv[i])
		md[k] = append(md[k], kv[i+1])
	}
	return md
}

func (md MD) String() string               { return "" }
func (md MD) Len() int                     { return len(md) }
func (md MD) Copy() MD                     { return Join(md) }
func (md MD) Get(k string) []string        { return md[strings.ToLower(k)] }
func (md MD) Set(k string, vals ...string) { md[strings.ToLower(k)] = vals }
func (md MD) Append(k string, vals ...string) {
	md[strings.ToLower(k)] = append(md[strings.ToLower(k)], vals...)
}
func (md MD) Delete(k string) { delete(md, strings.ToLower(k)) }

func Join(mds ...MD) MD {
	out := MD{}
	for _, md := range mds {
		for k, v := range md {
			out[k] = append(out[k], v...)
		}
	}
	return out
}

func NewIncomingContext(ctx context.Context, md MD) context.Context {
	return context.WithValue(ctx, mdIncomingKey{}, md)
}

func NewOutgoingContext(ctx context.Context, md MD) context.Context {
	return context.WithValue(ctx, mdOutgoingKey{}, md)
}

func AppendToOutgoingContext(ctx context.Context, kv ...string) context.Context {
	md, _ := FromOutgoingContext(ctx)
	return NewOutgoingContext(ctx, Join(md, Pairs(kv...)))
}

func FromIncomingContext(ctx context.Context) (MD, bool) {
	md, ok := ctx.Value(mdIncomingKey{}).(MD)
	return md, ok
}

func ValueFromIncomingContext(ctx context.Context, key string) []string {
	md, _ := FromIncomingContext(ctx)
	return md.Get(key)
}

func FromOutgoingContext(ctx context.Context) (MD, bool) {
	md, ok := ctx.Value(mdOutgoingKey{}).(MD)
	return md, ok
}

func ValueFromOutgoingContext(ctx context.Context, key string) []string {
	md, _ := FromOutgoingContext(ctx)
	return md.Get(key)
}
