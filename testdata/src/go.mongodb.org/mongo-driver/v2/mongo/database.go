package mongo

import "go.mongodb.org/mongo-driver/v2/mongo/options"

// Database is a handle to a MongoDB database.
type Database struct {
	name string
}

func (db *Database) Name() string { return db.name }

func (db *Database) Collection(name string, opts ...options.Lister[options.CollectionOptions]) *Collection {
	return &Collection{name: name}
}
