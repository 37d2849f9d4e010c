// Package a exercises FC1003: effects that cannot carry a fence.
package a

import (
	"context"
	"database/sql"
	"net/smtp"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/nats-io/nats.go"
	"github.com/segmentio/kafka-go"
	"go.etcd.io/etcd/client/v3/concurrency"
)

func notify(ctx context.Context, m *concurrency.Mutex, nc *nats.Conn, db *sql.DB, id string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	smtp.SendMail("mail:25", nil, "a@x", []string{"b@x"}, []byte("paid")) // want `mail sent with smtp.SendMail .* cannot carry a fencing token.*outbox`
	nc.Publish("orders.paid", []byte(id))                                 // want `NATS Publish .* cannot carry a fencing token`
	msg := &nats.Msg{Subject: "orders.paid", Data: []byte(id), Header: nats.Header{}}
	msg.Header.Set("Nats-Msg-Id", id) // the server de-duplicates on it
	nc.PublishMsg(msg)
	// The outbox pattern: a fenced insert, sent later by a relay.
	_, err := db.ExecContext(ctx, `INSERT INTO outbox(topic, body, fence) SELECT $1, $2, $3 WHERE $3 >= (SELECT max(fence) FROM outbox)`, "orders.paid", id, m.Header().Revision)
	return err
}

func noLock(nc *nats.Conn) {
	nc.Publish("heartbeat", nil)
	smtp.SendMail("mail:25", nil, "a@x", []string{"b@x"}, []byte("hi"))
}

func kafkaPublish(ctx context.Context, m *concurrency.Mutex, w *kafka.Writer) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return w.WriteMessages(ctx, kafka.Message{Value: []byte("paid")}) // want `Kafka WriteMessages .* cannot carry a fencing token`
}

func sqsSend(ctx context.Context, m *concurrency.Mutex, q *sqs.Client, orderID string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	body := "paid"
	q.SendMessage(ctx, &sqs.SendMessageInput{MessageBody: &body}) // want `SQS SendMessage .* cannot carry a fencing token`
	_, err := q.SendMessage(ctx, &sqs.SendMessageInput{MessageBody: &body, MessageDeduplicationId: &orderID})
	return err
}

// suppressed: a reviewed notification (the recipient de-duplicates by
// order id), silenced in both spellings.
func suppressed(ctx context.Context, m *concurrency.Mutex, nc *nats.Conn, id string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	//lint:ignore FC1003 the subscriber de-duplicates on the order id
	nc.Publish("orders.paid", []byte(id))
	nc.Publish("orders.shipped", []byte(id)) //nolint:unfenceableeffect // de-duplicated downstream
	return nil
}
