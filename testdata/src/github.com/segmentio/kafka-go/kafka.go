package kafka

import (
	"context"
	"net"
	"time"
)

// Header is a key/value pair type representing headers set on records.
type Header struct {
	Key   string
	Value []byte
}

// Message is a data structure representing kafka messages.
type Message struct {
	Topic string

	Partition     int
	Offset        int64
	HighWaterMark int64
	Key           []byte
	Value         []byte
	Headers       []Header

	WriterData interface{}

	Time time.Time
}

// The Balancer interface provides an abstraction of the message distribution
// logic used by Writer instances to route messages to the partitions available
// on a kafka cluster.
type Balancer interface {
	Balance(msg Message, partitions ...int) (partition int)
}

// LeastBytes is a Balancer implementation that routes messages to the partition
// that has received the least amount of data.
type LeastBytes struct{}

func (lb *LeastBytes) Balance(msg Message, partitions ...int) int { return partitions[0] }

type RequiredAcks int

const (
	RequireNone RequiredAcks = 0
	RequireOne  RequiredAcks = 1
	RequireAll  RequiredAcks = -1
)

func TCP(address ...string) net.Addr { return nil }

// The Writer type provides the implementation of a producer of kafka messages
// that automatically distributes messages across partitions of a single topic
// using a configurable balancing policy.
type Writer struct {
	Addr                   net.Addr
	Topic                  string
	Balancer               Balancer
	MaxAttempts            int
	WriteBackoffMin        time.Duration
	WriteBackoffMax        time.Duration
	BatchSize              int
	BatchBytes             int64
	BatchTimeout           time.Duration
	ReadTimeout            time.Duration
	WriteTimeout           time.Duration
	RequiredAcks           RequiredAcks
	Async                  bool
	Completion             func(messages []Message, err error)
	AllowAutoTopicCreation bool
}

func (w *Writer) Close() error                                             { return nil }
func (w *Writer) WriteMessages(ctx context.Context, msgs ...Message) error { return nil }
