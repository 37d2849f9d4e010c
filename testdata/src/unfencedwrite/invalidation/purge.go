package invalidation

import (
	"context"
	"net/http"

	"github.com/go-redsync/redsync/v4"
)

// An HTTP PURGE or BAN drops a cache's copy of a page (nginx, Varnish):
// repeated by a stale holder, the cache only fetches the page again. A
// DELETE of the page, or a PUT of it, is still unfenced; so is the purge
// when the cache is told what to keep instead.
func refresh(ctx context.Context, rs *redsync.Redsync, c *http.Client, url string) error {
	m := rs.NewMutex("page:" + url)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	if err := purge(ctx, c, url); err != nil { // the request built in a helper of the package
		return err
	}
	ban, _ := http.NewRequestWithContext(ctx, "BAN", url, nil)
	c.Do(ban)
	del, _ := http.NewRequestWithContext(ctx, http.MethodDelete, url, nil)
	c.Do(del) // want `DELETE request \(net/http Client.Do\) under the redsync lock`
	put, _ := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
	c.Do(put) // want `PUT request \(net/http Client.Do\) under the redsync lock`
	return nil
}

func purge(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, "PURGE", url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
