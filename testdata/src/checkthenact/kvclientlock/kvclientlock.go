// Package kvclientlock claims a lock kept as a record of a KV service
// reached through the package's own HTTP client: the type's Lock reads the
// record and, when it finds none, writes it with no check-and-set.
package kvclientlock

import (
	"context"
	"fmt"
	"time"
)

type Response struct{ Status int }

// Client is the package's own HTTP client for a KV service.
type Client struct{ base string }

func (c *Client) Get(token, path string, result, errOut interface{}) (*Response, error) {
	return nil, nil
}
func (c *Client) Post(token, path string, body, result, errOut interface{}) (*Response, error) {
	return nil, nil
}
func (c *Client) PostCAS(token, path string, body interface{}, version int) (*Response, error) {
	return nil, nil
}
func (c *Client) Delete(token, path string, result, errOut interface{}) (*Response, error) {
	return nil, nil
}

type record struct{ Expires *time.Time }

type options struct{ Cas int }

type secret struct {
	Options options
	Data    record
}

type out struct{ Data record }

type Storage struct {
	client *Client
	token  string
}

func (s *Storage) dataPath(key string) string { return "secret/data/" + key }

// Lock reads the record and writes it when it is free: two instances can
// both read it free.
func (s *Storage) Lock(ctx context.Context, key string) error {
	lock := fmt.Sprintf("%s.lock", key)
	res := &out{}
	if _, err := s.client.Get(s.token, s.dataPath(lock), res, &out{}); err != nil {
		return err
	}
	if res.Data.Expires != nil && time.Now().Before(*res.Data.Expires) {
		return fmt.Errorf("locked")
	}
	exp := time.Now().Add(time.Minute)
	_, err := s.client.Post(s.token, s.dataPath(lock), &record{Expires: &exp}, &out{}, &out{}) // want `s.client.Post writes the lock record with no condition the store evaluates, on what s.client.Get at kvclientlock.go:\d+ read`
	return err
}

// TryLock writes with check-and-set 0 (create only if absent): the claim
// done right.
func (s *Storage) TryLock(ctx context.Context, key string) error {
	lock := key + ".lock"
	res := &out{}
	if _, err := s.client.Get(s.token, s.dataPath(lock), res, &out{}); err != nil || res.Data.Expires != nil {
		return err
	}
	_, err := s.client.Post(s.token, s.dataPath(lock), &secret{Options: options{Cas: 0}}, &out{}, &out{})
	return err
}

// AcquireVersioned writes through a compare-and-swap call.
func (s *Storage) AcquireVersioned(ctx context.Context, key string) error {
	lock := key + ".lock"
	res := &out{}
	if _, err := s.client.Get(s.token, s.dataPath(lock), res, &out{}); err != nil || res.Data.Expires != nil {
		return err
	}
	_, err := s.client.PostCAS(s.token, s.dataPath(lock), &record{}, 0)
	return err
}

// AcquireShared is suppressed: a single instance by deployment.
func (s *Storage) AcquireShared(ctx context.Context, key string) error {
	lock := key + ".lock"
	res := &out{}
	if _, err := s.client.Get(s.token, s.dataPath(lock), res, &out{}); err != nil || res.Data.Expires != nil {
		return err
	}
	//lint:ignore FC2001 one instance per cluster by deployment
	_, err := s.client.Post(s.token, s.dataPath(lock), &record{}, &out{}, &out{})
	return err
}

func (s *Storage) Unlock(ctx context.Context, key string) error {
	//lint:ignore FC5001 covered in unsaferelease's test data
	_, err := s.client.Delete(s.token, s.dataPath(key+".lock"), &out{}, &out{})
	return err
}

// Load fills a cache entry when it is missing: no lock.
func (s *Storage) Load(ctx context.Context, key string) error {
	res := &out{}
	if _, err := s.client.Get(s.token, s.dataPath(key), res, &out{}); err != nil || res.Data.Expires != nil {
		return err
	}
	_, err := s.client.Post(s.token, s.dataPath(key), &record{}, &out{}, &out{})
	return err
}
