package model

const sqs = "github.com/aws/aws-sdk-go-v2/service/sqs"
const kafka = "github.com/segmentio/kafka-go"
const nats = "github.com/nats-io/nats.go"

// Messaging is message brokers and mail: effects that cannot carry a
// fence (a consumer cannot reject a message from a stale holder), unless
// the message carries an idempotency key or a deduplication id the broker
// enforces.
var Messaging = Library{
	Name:    "messaging",
	Modules: []string{"std", sqs, kafka, nats},
	Sinks: []*Sink{
		{Family: "net/smtp", Cond: CondUnfenceable, Key: -1, What: "mail sent with smtp.%s",
			Funcs: []Func{{"net/smtp", "", "SendMail"}, {"net/smtp", "Client", "Data"}}},
		{Family: "SQS", Cond: CondUnfenceable, Query: 1, Key: -1,
			Funcs: []Func{{sqs, "Client", "SendMessage"}}},
		{Family: "Kafka", Cond: CondUnfenceable, Key: -1,
			Funcs: []Func{{kafka, "Writer", "WriteMessages"}}},
		{Family: "NATS", Cond: CondUnfenceable, Key: -1,
			Funcs: []Func{{nats, "Conn", "Publish"}, {nats, "Conn", "PublishMsg"}}},
	},
}
