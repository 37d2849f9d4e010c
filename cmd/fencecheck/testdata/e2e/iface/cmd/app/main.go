// Command app wires the service to its Store.
package main

import (
	"context"
	"database/sql"

	"example.com/iface/dbq"
	"example.com/iface/mockstore"
	"example.com/iface/pg"
	"example.com/iface/service"
)

func main() {
	db, _ := sql.Open("postgres", "")
	ctx := context.Background()
	conn, _ := db.Conn(ctx)
	s := &service.Service{DB: db, St: &pg.Store{DB: db}, Q: dbq.New(db)}
	s.Pay(ctx, conn)
	_ = &mockstore.Store{}
}
