package model

const sqs = "github.com/aws/aws-sdk-go-v2/service/sqs"
const kafka = "github.com/segmentio/kafka-go"
const nats = "github.com/nats-io/nats.go"
const jetstream = "github.com/nats-io/nats.go/jetstream"

const natsKVAdvice = "write with Update(key, value, revision), a compare-and-swap on the key's revision, or Create, and stop on its error"

// messagingLibrary is message brokers and mail: effects that cannot carry a
// fence (a consumer cannot reject a message from a stale holder), unless
// the message carries an idempotency key or a deduplication id the broker
// enforces; and NATS JetStream's key-value store (jetstream and the legacy
// nats.KeyValue), whose Update with a revision and Create are
// compare-and-swaps and whose Put is unconditional.
var messagingLibrary = Library{
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
		{Family: "NATS KV", Cond: CondNone, Key: 1, Advice: natsKVAdvice,
			Funcs: methods(jetstream, []string{"KeyValue"}, "Put", "PutString")},
		{Family: "NATS KV", Cond: CondNone, Key: 1, Advice: natsKVAdvice,
			Funcs:        methods(jetstream, []string{"KeyValue"}, "Delete", "Purge"),
			LeaseOptions: []Func{{jetstream, "", "LastRevision"}}},
		{Family: "NATS KV", Cond: CondNone, Key: 0, Advice: natsKVAdvice,
			Funcs: methods(nats, []string{"KeyValue"}, "Put", "PutString")},
		{Family: "NATS KV", Cond: CondNone, Key: 0, Advice: natsKVAdvice,
			Funcs:        methods(nats, []string{"KeyValue"}, "Delete", "Purge"),
			LeaseOptions: []Func{{nats, "", "LastRevision"}}},
		{Family: "NATS KV", Cond: CondCAS, Key: 1, Funcs: methods(jetstream, []string{"KeyValue"}, "Create", "Update")},
		{Family: "NATS KV", Cond: CondCAS, Key: 0, Funcs: methods(nats, []string{"KeyValue"}, "Create", "Update")},
	},
	// NATS de-duplicates a message by its Nats-Msg-Id header; an SQS FIFO
	// queue by its MessageDeduplicationId.
	IdempotencyHeaders: []string{"nats-msg-id"},
	DedupFields:        []string{"MessageDeduplicationId"},
}
