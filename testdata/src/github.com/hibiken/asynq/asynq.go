// Package asynq is a stub of github.com/hibiken/asynq with the declarations
// the tests use, with the real signatures.
package asynq

import (
	"context"
	"errors"
	"time"
)

type Task struct {
	typename string
	payload  []byte
	opts     []Option
}

func NewTask(typename string, payload []byte, opts ...Option) *Task {
	return &Task{typename: typename, payload: payload, opts: opts}
}

type Option interface {
	String() string
	Type() OptionType
	Value() interface{}
}

type OptionType int

type TaskInfo struct {
	ID    string
	Queue string
}

type Client struct{}

func NewClient(r RedisConnOpt) *Client { return &Client{} }

type RedisConnOpt interface {
	MakeRedisClient() interface{}
}

func (c *Client) Enqueue(task *Task, opts ...Option) (*TaskInfo, error) {
	return c.EnqueueContext(context.Background(), task, opts...)
}

func (c *Client) EnqueueContext(ctx context.Context, task *Task, opts ...Option) (*TaskInfo, error) {
	return &TaskInfo{}, nil
}

func (c *Client) Close() error { return nil }

type option struct{}

func (option) String() string     { return "" }
func (option) Type() OptionType   { return 0 }
func (option) Value() interface{} { return nil }

func TaskID(id string) Option          { return option{} }
func Unique(ttl time.Duration) Option  { return option{} }
func Queue(name string) Option         { return option{} }
func MaxRetry(n int) Option            { return option{} }
func Retention(d time.Duration) Option { return option{} }

var (
	ErrTaskIDConflict = errors.New("task ID conflicts with another task")
	ErrDuplicateTask  = errors.New("task already exists")
)
