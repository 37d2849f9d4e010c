// Command mini updates a row without holding any lock.
package main

import (
	"context"
	"database/sql"
	"log"
)

func main() {
	db, err := sql.Open("postgres", "")
	if err != nil {
		log.Fatal(err)
	}
	if _, err := db.ExecContext(context.Background(), `UPDATE jobs SET state = 'done' WHERE id = 1`); err != nil {
		log.Fatal(err)
	}
}
