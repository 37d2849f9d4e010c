// Package kafka is a test stub of github.com/segmentio/kafka-go@v0.4.51, signatures copied from the real source.
//
// Header is declared here as a struct (the real one is an alias of
// protocol.Header with the same fields). Writer omits the Compression, Logger,
// ErrorLogger and Transport fields.
package kafka
