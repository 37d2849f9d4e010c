// Package httpwrite pushes inventory changes to an HTTP API while holding an
// etcd lock on the SKU. The inventory API rejects requests whose
// X-Fencing-Token is lower than the last one it accepted for the SKU.
package httpwrite

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strconv"

	"go.etcd.io/etcd/client/v3/concurrency"
)

const inventoryURL = "https://inventory.internal.example/v1/skus/"

// SetStockUnfenced PUTs the new stock level without a fencing header.
func SetStockUnfenced(ctx context.Context, c *http.Client, m *concurrency.Mutex, sku string, qty int) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	body := []byte(fmt.Sprintf(`{"quantity":%d}`, qty))
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, inventoryURL+sku, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req) // want "FC1001"
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// NotifyUnfenced POSTs a webhook without a fencing header.
func NotifyUnfenced(ctx context.Context, m *concurrency.Mutex, sku string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	resp, err := http.Post("https://hooks.internal.example/stock-changed", "text/plain", bytes.NewReader([]byte(sku))) // want "FC1001"
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// SetStockFenced sends the lock revision in the X-Fencing-Token header and treats 409 as stale.
func SetStockFenced(ctx context.Context, c *http.Client, m *concurrency.Mutex, sku string, qty int) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	body := []byte(fmt.Sprintf(`{"quantity":%d}`, qty))
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, inventoryURL+sku, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Fencing-Token", strconv.FormatInt(tok, 10))
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusConflict {
		return fmt.Errorf("httpwrite: stale fencing token %d for %s", tok, sku)
	}
	return nil
}

// Stock GETs the current stock level while holding the lock.
func Stock(ctx context.Context, c *http.Client, m *concurrency.Mutex, sku string) (int, error) {
	if err := m.Lock(ctx); err != nil {
		return 0, err
	}
	defer m.Unlock(ctx)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, inventoryURL+sku, nil)
	if err != nil {
		return 0, err
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var qty int
	_, err = fmt.Fscanf(resp.Body, `{"quantity":%d}`, &qty)
	return qty, err
}
