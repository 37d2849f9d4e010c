// Package nats is a test stub of github.com/nats-io/nats.go@v1.55.0, signatures copied from the real source.
//
// JetStreamContext embeds a JetStream interface that declares only Publish and
// PublishMsg (the real one also embeds JetStreamManager, KeyValueManager and
// ObjectStoreManager). Options carries only Url and Name.
package nats
