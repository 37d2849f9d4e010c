package model

const nethttp = "net/http"

// httpLibrary is net/http's client: requests that change state on a server.
var httpLibrary = Library{
	Name:    "HTTP",
	Modules: []string{"std"},
	Sinks: []*Sink{
		{Family: "net/http", Cond: CondRequest, Key: -1,
			Funcs: []Func{{nethttp, "Client", "Do"}, {nethttp, "Client", "Post"}, {nethttp, "Client", "PostForm"},
				{nethttp, "", "Post"}, {nethttp, "", "PostForm"}, {nethttp, "Transport", "RoundTrip"}}},
	},
	// The Standard Webhooks specification's webhook-id is the message's
	// unique id, the same on every retry, which receivers deduplicate on:
	// an idempotency key by definition.
	IdempotencyHeaders: []string{"idempotency-key", "x-idempotency-key", "idempotency_key", "webhook-id", "x-webhook-id"},
}
