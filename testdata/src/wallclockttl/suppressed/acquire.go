package suppressed

import (
	"context"
	"errors"
	"strconv"
	"time"
)

type metadataStore interface {
	Metadata(ctx context.Context, name string) (map[string]string, error)
}

type objectLock struct {
	store metadataStore
	name  string
}

// tryAcquire judges the holder's TTL by the local clock; the team runs one
// writer per bucket and accepts it.
func (l *objectLock) tryAcquire(ctx context.Context) error {
	md, err := l.store.Metadata(ctx, l.name)
	if err != nil {
		return err
	}
	nbf, err := strconv.ParseInt(md["nbf"], 10, 64)
	if err != nil {
		return err
	}
	//lint:ignore FC4001 one writer per bucket: the TTL only paces it
	if nbf >= time.Now().Unix() {
		return errors.New("held")
	}
	return nil
}
