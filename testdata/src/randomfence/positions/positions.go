// Package positions exercises the less common fence positions of FC3001:
// gRPC metadata built with Pairs and MD.Set, an http.Header map entry, an
// etcd Compare and a gorm Where chain.
package positions

import (
	"context"
	"net/http"

	"example.com/ledgerpb"
	"github.com/google/uuid"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
	"google.golang.org/grpc/metadata"
	"gorm.io/gorm"
)

func grpcMetadata(ctx context.Context, lc ledgerpb.LedgerClient, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	md := metadata.Pairs("x-fencing-token", uuid.NewString()) // want `a random UUID is sent in the gRPC metadata key "x-fencing-token"`
	if _, err := lc.Debit(metadata.NewOutgoingContext(ctx, md), &ledgerpb.DebitRequest{Account: "a"}); err != nil {
		return err
	}
	md2 := metadata.MD{}
	md2.Set("x-lock-epoch", uuid.NewString()) // want `a random UUID is sent in the gRPC metadata key "x-lock-epoch"`
	_, err := lc.Debit(metadata.NewOutgoingContext(ctx, md2), &ledgerpb.DebitRequest{Account: "b"})
	return err
}

func headerMap(ctx context.Context, c *http.Client, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, "https://inventory.example/items/1", nil)
	if err != nil {
		return err
	}
	req.Header["X-Fencing-Token"] = []string{uuid.NewString()} // want `a random UUID is sent in the fence header "X-Fencing-Token"`
	_, err = c.Do(req)
	return err
}

func etcdCompare(ctx context.Context, cli *clientv3.Client, s *concurrency.Session, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	cmp := clientv3.Compare(clientv3.ModRevision("/config"), "<", int64(s.Lease())) // want `the etcd lease ID \(Session.Lease\(\)\) is ordered like a fencing token in an etcd Compare\(..., "<", ...\)`
	_, err := cli.Txn(ctx).If(cmp).Then(clientv3.OpPut("/config", "x")).Commit()
	return err
}

func gormWhere(ctx context.Context, db *gorm.DB, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := uuid.NewString()
	db.Model(&struct{}{}).Where("id = ? AND fence <= ?", 1, tok).Update("state", "done") // want `gorm Update \(gorm DB.Update\) orders a random UUID against the fence column "fence"`
	return db.Model(&struct{}{}).Where("id = ?", 2).Update("epoch", tok).Error           // want `gorm Update .* stores a random UUID in the fence column "epoch"`
}
