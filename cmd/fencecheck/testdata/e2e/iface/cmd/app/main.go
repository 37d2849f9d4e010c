// Command app wires the service to its Store.
package main

import (
	"context"
	"database/sql"

	"example.com/iface/advlock"
	"example.com/iface/dbq"
	"example.com/iface/domain"
	"example.com/iface/kvlock"
	"example.com/iface/mockstore"
	"example.com/iface/pg"
	"example.com/iface/service"
	"example.com/iface/sink"
)

func main() {
	db, _ := sql.Open("postgres", "")
	ctx := context.Background()
	conn, _ := db.Conn(ctx)
	s := &service.Service{DB: db, St: &pg.Store{DB: db}, R: &pg.Refunds{DB: db}, Q: dbq.New(db), L: &advlock.Locker{Conn: conn},
		N: &sink.Notifier{DB: db}, Out: &sink.AuditWriter{DB: db}, D: &domain.Service{Repo: &pg.Orders{DB: db}, Audit: &mockstore.Audit{DB: db}}}
	s.Pay(ctx, conn)
	s.Ship(ctx)
	_ = &mockstore.Store{}
	_ = &kvlock.Locker{DB: db}
}
