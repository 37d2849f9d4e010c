package storecond

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
)

const genericSrc = `package p

import (
	"context"
	"net/http"
	"sync"
)

type Resp struct{ Status int }

type Client struct{}

func (c *Client) Get(token, path string, out, errOut interface{}) (*Resp, error)          { return nil, nil }
func (c *Client) Post(token, path string, body, out, errOut interface{}) (*Resp, error)   { return nil, nil }
func (c *Client) Delete(token, path string, out, errOut interface{}) (*Resp, error)       { return nil, nil }
func (c *Client) DeleteIfMatch(path, etag string) error                                   { return nil }
func (c *Client) Remove(ctx context.Context, key string, opts ...func()) error            { return nil }
func (c *Client) Drop(key string) error                                                   { return nil }
func (c *Client) Forget(key string)                                                       {}
func (c *Client) DelVersion(key string, version int) error                                { return nil }

type body struct{ Options struct{ Cas int } }

type plain struct{ Data string }

type out struct{ X int }

func f(ctx context.Context, c *Client, hc *http.Client, m *sync.Map, ver int) {
	c.Get("t", "a", &out{}, &out{})
	c.Post("t", "a", &plain{Data: "x"}, &out{}, &out{})
	c.Post("t", "a", &body{}, &out{}, &out{})
	c.Delete("t", "a", &out{}, &out{})
	c.Delete("t", "a", &out{X: 1}, &out{})
	c.DeleteIfMatch("a", "e")
	c.Remove(ctx, "a")
	c.Remove(ctx, "a", func() {})
	c.Drop("a")
	c.Forget("a")
	c.DelVersion("a", ver)
	hc.Get("http://x")
	m.Delete("a")
}
`

// TestGeneric: what a call of an unknown key-addressed client does, and
// whether the store could apply it under a condition.
func TestGeneric(t *testing.T) {
	pkg := testutil.BuildSSA(t, genericSrc)
	var got []string
	for _, name := range []string{"Get", "Post", "Delete", "DeleteIfMatch", "Remove", "Drop", "Forget", "DelVersion"} {
		for _, ci := range callsTo(t, pkg, "f", name) {
			kc := Generic(ci)
			if kc == nil {
				got = append(got, name+":-")
				continue
			}
			got = append(got, name+":"+string("?rwd"[kc.Verb])+yn(kc.Conditional))
		}
	}
	want := []string{
		"Get:rn",             // the package's own client
		"Get:-",              // http.Client.Get: the standard library's
		"Post:wn", "Post:wy", // a plain body; a body whose type has a cas option
		"Delete:dn", "Delete:dy", // only the key and where the response goes; an input built before
		"Delete:-",               // sync.Map.Delete: in process, no error
		"DeleteIfMatch:dy",       // the name says conditional
		"Remove:dn", "Remove:dy", // no options; options
		"Drop:-",        // no store verb
		"Forget:-",      // no error: not a request
		"DelVersion:dy", // a version argument
	}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("call %d: got %s, want %s", i, got[i], want[i])
		}
	}
}
