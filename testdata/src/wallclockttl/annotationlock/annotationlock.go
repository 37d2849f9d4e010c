// Package annotationlock keeps a lock as a JSON annotation on an object
// ({owner, createdAt, ttl}) and judges it expired by this host's clock in
// a predicate; the package imports no lock library, and the record names
// no expiry: its type is named as a lock and names an owner and an
// instant, which admits it.
package annotationlock

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

type object interface {
	GetAnnotations() map[string]string
	SetAnnotations(map[string]string)
}

type resource interface {
	Update(ctx context.Context, obj object) (object, error)
}

type lockData struct {
	Owner     string        `json:"owner"`
	CreatedAt time.Time     `json:"createdAt"`
	TTL       time.Duration `json:"ttl"`
}

type Locker struct {
	res  resource
	name string
}

func isExpired(data lockData) bool {
	return data.CreatedAt.Add(data.TTL).Before(time.Now()) // want `data.CreatedAt.Add\(data.TTL\).Before\(time.Now\(\)\). decides lease expiry by comparing a value decoded from JSON into d with this host's clock \(time.Now\(\)\), and isExpired returns the result as its verdict on the lease`
}

func (l *Locker) data(obj object) (lockData, bool, error) {
	s, ok := obj.GetAnnotations()["lock/"+l.name]
	if !ok {
		return lockData{}, false, nil
	}
	var d lockData
	err := json.Unmarshal([]byte(s), &d)
	return d, true, err
}

func (l *Locker) Acquire(ctx context.Context, obj object, owner string, ttl time.Duration) error {
	data, ok, err := l.data(obj)
	if err != nil {
		return err
	}
	if ok && !isExpired(data) {
		return errors.New("already acquired")
	}
	b, err := json.Marshal(lockData{Owner: owner, CreatedAt: time.Now().UTC(), TTL: ttl})
	if err != nil {
		return err
	}
	ann := obj.GetAnnotations()
	ann["lock/"+l.name] = string(b)
	obj.SetAnnotations(ann)
	_, err = l.res.Update(ctx, obj)
	return err
}

// Silent: an upload's expiry, judged for a listing; the upload names an
// owner and a TTL but is no lock.
type upload struct {
	Owner     string        `json:"owner"`
	CreatedAt time.Time     `json:"createdAt"`
	TTL       time.Duration `json:"ttl"`
}

func visible(data []byte) (bool, error) {
	var u upload
	if err := json.Unmarshal(data, &u); err != nil {
		return false, err
	}
	return u.CreatedAt.Add(u.TTL).After(time.Now()), nil
}
