// Package convergedelete: an HTTP DELETE of a resource is idempotent (RFC
// 9110, 9.2.2): repeated by a stale holder, the resource is gone either
// way, and this package never re-creates one under a name it chooses (it
// sends no PUT; a POST to the collection gets a name the server picks), so
// the delete converges: silent. The POST that creates is still unfenced.
package convergedelete

import (
	"context"
	"net/http"
	"strings"

	"github.com/go-redsync/redsync/v4"
)

type api struct {
	c    *http.Client
	base string
}

func (a *api) do(ctx context.Context, method, url string, body string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	return a.c.Do(req)
}

func (a *api) deleteCluster(ctx context.Context, id string) error {
	resp, err := a.do(ctx, http.MethodDelete, a.base+"/clusters/"+id, "")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (a *api) createCluster(ctx context.Context, spec string) error {
	resp, err := a.do(ctx, http.MethodPost, a.base+"/clusters", spec)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func shrinkPool(ctx context.Context, rs *redsync.Redsync, a *api, ids []string) error {
	m := rs.NewMutex("pool")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	for _, id := range ids {
		if err := a.deleteCluster(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

func growPool(ctx context.Context, rs *redsync.Redsync, a *api, spec string) error {
	m := rs.NewMutex("pool")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	return a.createCluster(ctx, spec) // want `POST request`
}

func dropDirect(ctx context.Context, rs *redsync.Redsync, c *http.Client, url string) {
	m := rs.NewMutex("pool")
	if err := m.LockContext(ctx); err != nil {
		return
	}
	defer m.UnlockContext(ctx)
	req, _ := http.NewRequestWithContext(ctx, http.MethodDelete, url, nil)
	c.Do(req)
}
