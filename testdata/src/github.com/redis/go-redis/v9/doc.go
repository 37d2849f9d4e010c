// Package redis is a test stub of github.com/redis/go-redis/v9@v9.23.0, signatures copied from the real source.
//
// As in the real package, the command methods are declared on the unexported
// function types cmdable and statefulCmdable, which are embedded in *Client,
// *Conn, *Tx and *Pipeline, so call sites (receiver, arguments, result types)
// are identical. Only a subset of the commands is present (the write, read,
// scripting and transaction commands that lock code uses), so the Cmdable,
// StatefulCmdable, Pipeliner and UniversalClient interfaces here declare that
// subset of the real method sets. Options omits fields whose types live in
// internal packages (credentials providers, push notifications, client-side cache,
// maintenance notifications, autopipelining, Limiter).
package redis
