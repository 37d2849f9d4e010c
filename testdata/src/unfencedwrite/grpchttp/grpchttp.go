// Package grpchttp exercises FC1001 with gRPC and HTTP writes.
package grpchttp

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strconv"

	"example.com/ledgerpb"
	"go.etcd.io/etcd/client/v3/concurrency"
	"google.golang.org/grpc/metadata"
)

func rpc(ctx context.Context, lc ledgerpb.LedgerClient, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	lc.GetBalance(ctx, &ledgerpb.GetBalanceRequest{})              // a read
	lc.Authenticate(ctx, &ledgerpb.GetBalanceRequest{})            // a credential exchange, not a protected effect
	lc.KvGet(ctx, &ledgerpb.GetBalanceRequest{})                   // a read after a namespace word
	lc.KvScanLock(ctx, &ledgerpb.GetBalanceRequest{})              // want `write RPC KvScanLock \(gRPC LedgerClient.KvScanLock\)`
	lc.Transfer(ctx, &ledgerpb.TransferRequest{})                  // want `write RPC Transfer \(gRPC LedgerClient.Transfer\) .*send it in the request`
	lc.Transfer(ctx, &ledgerpb.TransferRequest{FencingToken: tok}) // the request carries it
	mctx := metadata.AppendToOutgoingContext(ctx, "x-fencing-token", strconv.FormatInt(tok, 10))
	_, err := lc.Debit(mctx, &ledgerpb.DebitRequest{}) // metadata carries it
	return err
}

func post(ctx context.Context, c *http.Client, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://inventory.example/items/1", bytes.NewReader([]byte(`{}`)))
	if err != nil {
		return err
	}
	c.Do(req) // want `PUT request \(net/http Client.Do\) under the etcd lock`
	req2, _ := http.NewRequestWithContext(ctx, "DELETE", "https://inventory.example/items/2", nil)
	req2.Header.Set("X-Fencing-Token", fmt.Sprint(m.Header().Revision))
	c.Do(req2)
	http.Post("https://hooks.example/", "application/json", nil) // want `POST request \(net/http Post\)`
	return nil
}

// deliver sends a webhook with the headers its caller chose.
func deliver(ctx context.Context, url string, body []byte, headers map[string]string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// A webhook delivery under a lock that says which event it is but
// carries no id a receiver could deduplicate on.
func dispatch(ctx context.Context, m *concurrency.Mutex, url, event string, body []byte) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	headers := map[string]string{"X-Webhook-Event": event}
	return deliver(ctx, url, body, headers) // want `POST request \(net/http Client.Do\) \(reached through this call\) under the etcd lock`
}

// Look-alike: the delivery carries the event's stable id in the Standard
// Webhooks webhook-id header, the same on every retry: receivers
// deduplicate on it.
func dispatchWithID(ctx context.Context, m *concurrency.Mutex, url, id, event string, body []byte) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	headers := map[string]string{"X-Webhook-ID": id, "X-Webhook-Event": event}
	return deliver(ctx, url, body, headers)
}
