// Package kvclientlock is a lock implemented over the application's own
// HTTP client (GET, POST and DELETE of a path): the type's Unlock deletes
// the lock's record whoever holds it.
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
func (c *Client) Delete(token, path string, result, errOut interface{}) (*Response, error) {
	return nil, nil
}
func (c *Client) DeleteIfVersion(token, path string, version int) (*Response, error) {
	return nil, nil
}

type record struct {
	Expires *time.Time
	Version int
}

type out struct{ Data record }

type Storage struct {
	client *Client
	token  string
}

func (s *Storage) dataPath(key string) string { return "secret/data/" + key }
func (s *Storage) metaPath(key string) string { return "secret/metadata/" + key }

func (s *Storage) Lock(ctx context.Context, key string) error {
	lock := fmt.Sprintf("%s.lock", key)
	exp := time.Now().Add(time.Minute)
	_, err := s.client.Post(s.token, s.dataPath(lock), &record{Expires: &exp}, &out{}, &out{})
	return err
}

// Unlock deletes the record with no condition.
func (s *Storage) Unlock(ctx context.Context, key string) error {
	lock := fmt.Sprintf("%s.lock", key)
	_, err := s.client.Delete(s.token, s.metaPath(lock), &out{}, &out{}) // want `s.client.Delete deletes the lock record s.metaPath\(lock\) without reading or comparing who holds it`
	return err
}

// Release reads the record, compares it in Go and deletes it: two steps.
func (s *Storage) Release(ctx context.Context, key string) error {
	lock := fmt.Sprintf("%s.lock", key)
	res := &out{}
	if _, err := s.client.Get(s.token, s.dataPath(lock), res, &out{}); err != nil || res.Data.Expires == nil {
		return err
	}
	_, err := s.client.Delete(s.token, s.metaPath(lock), &out{}, &out{}) // want `s.client.Delete deletes the lock record s.metaPath\(lock\) after reading it in a separate request \(at kvclientlock.go:63\)`
	return err
}

// ReleaseVersion deletes only the version this holder wrote: conditional.
func (s *Storage) ReleaseVersion(ctx context.Context, key string, version int) error {
	_, err := s.client.DeleteIfVersion(s.token, s.metaPath(key+".lock"), version)
	return err
}

// ReleaseForced is suppressed: an operator's command.
func (s *Storage) ReleaseForced(ctx context.Context, key string) error {
	//lint:ignore FC5001 operator command, run only when every instance is stopped
	_, err := s.client.Delete(s.token, s.metaPath(key+".lock"), &out{}, &out{})
	return err
}

// Delete is the storage's own delete of a certificate: not a lock's
// release.
func (s *Storage) Delete(ctx context.Context, key string) error {
	_, err := s.client.Delete(s.token, s.metaPath(key), &out{}, &out{})
	return err
}

// Cache has no lock protocol: its Purge deletes a lock-named entry of a
// cache, not a lock.
type Cache struct{ client *Client }

func (c *Cache) Purge(key string) error {
	_, err := c.client.Delete("", "cache/"+key+".lock", nil, nil)
	return err
}
