// Package grpcwrite moves money through the ledger gRPC service while holding
// an etcd lock on the account. The ledger service enforces a fencing token
// sent either in the request or in the x-fencing-token metadata.
package grpcwrite

import (
	"context"
	"errors"
	"io"
	"strconv"

	"example.com/ledgerpb"
	"go.etcd.io/etcd/client/v3/concurrency"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// TransferUnfenced sends a Transfer without the lock's token.
func TransferUnfenced(ctx context.Context, cc grpc.ClientConnInterface, m *concurrency.Mutex, from, to string, cents int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	lc := ledgerpb.NewLedgerClient(cc)
	_, err := lc.Transfer(ctx, &ledgerpb.TransferRequest{FromAccount: from, ToAccount: to, AmountCents: cents}) // want "FC1001"
	return err
}

// DebitUnfenced sends a Debit without the lock's token.
func DebitUnfenced(ctx context.Context, lc ledgerpb.LedgerClient, m *concurrency.Mutex, account string, cents int64) (int64, error) {
	if err := m.Lock(ctx); err != nil {
		return 0, err
	}
	defer m.Unlock(ctx)
	resp, err := lc.Debit(ctx, &ledgerpb.DebitRequest{Account: account, AmountCents: cents}) // want "FC1001"
	if err != nil {
		return 0, err
	}
	return resp.GetBalanceCents(), nil
}

// TransferFenced carries the lock revision in the request's FencingToken field.
func TransferFenced(ctx context.Context, lc ledgerpb.LedgerClient, m *concurrency.Mutex, from, to string, cents int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	resp, err := lc.Transfer(ctx, &ledgerpb.TransferRequest{FromAccount: from, ToAccount: to, AmountCents: cents, FencingToken: tok})
	if err != nil {
		return err
	}
	if !resp.GetApplied() {
		return errors.New("grpcwrite: transfer rejected as stale")
	}
	return nil
}

// DebitFenced carries the lock revision in outgoing metadata.
func DebitFenced(ctx context.Context, lc ledgerpb.LedgerClient, m *concurrency.Mutex, account string, cents int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	mctx := metadata.AppendToOutgoingContext(ctx, "x-fencing-token", strconv.FormatInt(tok, 10))
	_, err := lc.Debit(mctx, &ledgerpb.DebitRequest{Account: account, AmountCents: cents})
	return err
}

// TotalBalance only reads through the ledger while holding the lock.
func TotalBalance(ctx context.Context, lc ledgerpb.LedgerClient, m *concurrency.Mutex, prefix string) (int64, error) {
	if err := m.Lock(ctx); err != nil {
		return 0, err
	}
	defer m.Unlock(ctx)
	stream, err := lc.ListAccounts(ctx, &ledgerpb.ListAccountsRequest{Prefix: prefix})
	if err != nil {
		return 0, err
	}
	var total int64
	for {
		acct, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return 0, err
		}
		bal, err := lc.GetBalance(ctx, &ledgerpb.GetBalanceRequest{Account: acct.GetId()})
		if err != nil {
			return 0, err
		}
		total += bal.GetBalanceCents()
	}
	return total, nil
}
