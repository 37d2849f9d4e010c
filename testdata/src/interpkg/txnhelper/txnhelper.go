// Package txnhelper commits etcd transactions whose compare its callers
// build (interpkg/txnuser).
package txnhelper

import (
	"context"
	"errors"

	clientv3 "go.etcd.io/etcd/client/v3"
)

var ErrConflict = errors.New("conflict")

// Commit runs ops if every compare holds.
func Commit(ctx context.Context, cli *clientv3.Client, cmps []clientv3.Cmp, ops ...clientv3.Op) error {
	resp, err := cli.Txn(ctx).If(cmps...).Then(ops...).Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return ErrConflict
	}
	return nil
}
