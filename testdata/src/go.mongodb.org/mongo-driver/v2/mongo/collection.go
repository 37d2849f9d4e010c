package mongo

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

var ErrNoDocuments = errors.New("mongo: no documents in result")

// Collection is a handle to a MongoDB collection.
type Collection struct {
	name string
}

func (coll *Collection) Name() string { return coll.name }

func (coll *Collection) BulkWrite(ctx context.Context, models []WriteModel,
	opts ...options.Lister[options.BulkWriteOptions],
) (*BulkWriteResult, error) {
	return &BulkWriteResult{}, nil
}

func (coll *Collection) InsertOne(ctx context.Context, document any,
	opts ...options.Lister[options.InsertOneOptions],
) (*InsertOneResult, error) {
	return &InsertOneResult{}, nil
}

func (coll *Collection) InsertMany(
	ctx context.Context,
	documents any,
	opts ...options.Lister[options.InsertManyOptions],
) (*InsertManyResult, error) {
	return &InsertManyResult{}, nil
}

func (coll *Collection) DeleteOne(
	ctx context.Context,
	filter any,
	opts ...options.Lister[options.DeleteOneOptions],
) (*DeleteResult, error) {
	return &DeleteResult{}, nil
}

func (coll *Collection) DeleteMany(
	ctx context.Context,
	filter any,
	opts ...options.Lister[options.DeleteManyOptions],
) (*DeleteResult, error) {
	return &DeleteResult{}, nil
}

func (coll *Collection) UpdateByID(
	ctx context.Context,
	id any,
	update any,
	opts ...options.Lister[options.UpdateOneOptions],
) (*UpdateResult, error) {
	return &UpdateResult{}, nil
}

func (coll *Collection) UpdateOne(
	ctx context.Context,
	filter any,
	update any,
	opts ...options.Lister[options.UpdateOneOptions],
) (*UpdateResult, error) {
	return &UpdateResult{}, nil
}

func (coll *Collection) UpdateMany(
	ctx context.Context,
	filter any,
	update any,
	opts ...options.Lister[options.UpdateManyOptions],
) (*UpdateResult, error) {
	return &UpdateResult{}, nil
}

func (coll *Collection) ReplaceOne(
	ctx context.Context,
	filter any,
	replacement any,
	opts ...options.Lister[options.ReplaceOptions],
) (*UpdateResult, error) {
	return &UpdateResult{}, nil
}

func (coll *Collection) Find(ctx context.Context, filter any,
	opts ...options.Lister[options.FindOptions],
) (*Cursor, error) {
	return &Cursor{}, nil
}

func (coll *Collection) CountDocuments(ctx context.Context, filter any,
	opts ...options.Lister[options.CountOptions],
) (int64, error) {
	return 0, nil
}

func (coll *Collection) FindOne(ctx context.Context, filter any,
	opts ...options.Lister[options.FindOneOptions],
) *SingleResult {
	return &SingleResult{}
}

func (coll *Collection) FindOneAndUpdate(
	ctx context.Context,
	filter any,
	update any,
	opts ...options.Lister[options.FindOneAndUpdateOptions],
) *SingleResult {
	return &SingleResult{}
}

type BulkWriteResult struct {
	InsertedCount int64
	MatchedCount  int64
	ModifiedCount int64
	DeletedCount  int64
	UpsertedCount int64
	UpsertedIDs   map[int64]any
	Acknowledged  bool
}

type InsertOneResult struct {
	InsertedID   any
	Acknowledged bool
}

type InsertManyResult struct {
	InsertedIDs  []any
	Acknowledged bool
}

type DeleteResult struct {
	DeletedCount int64 // The number of documents deleted.
	Acknowledged bool
}

type UpdateResult struct {
	MatchedCount  int64 // The number of documents matched by the filter.
	ModifiedCount int64 // The number of documents modified by the operation.
	UpsertedCount int64 // The number of documents upserted by the operation.
	UpsertedID    any   // The _id field of the upserted document, or nil if no upsert was done.
	Acknowledged  bool
}

// SingleResult represents a single document returned from an operation.
type SingleResult struct {
	err error
}

func (sr *SingleResult) Decode(v any) error     { return sr.err }
func (sr *SingleResult) Raw() (bson.Raw, error) { return nil, sr.err }
func (sr *SingleResult) Err() error             { return sr.err }

// Cursor is used to iterate over a stream of documents.
type Cursor struct {
	err error
}

func (c *Cursor) Next(ctx context.Context) bool              { return false }
func (c *Cursor) Decode(val any) error                       { return nil }
func (c *Cursor) Err() error                                 { return c.err }
func (c *Cursor) Close(ctx context.Context) error            { return nil }
func (c *Cursor) All(ctx context.Context, results any) error { return nil }

// WriteModel is an interface implemented by models that can be used in a BulkWrite operation.
type WriteModel interface {
	writeModel()
}

type InsertOneModel struct {
	Document any
}

func NewInsertOneModel() *InsertOneModel                        { return &InsertOneModel{} }
func (iom *InsertOneModel) SetDocument(doc any) *InsertOneModel { iom.Document = doc; return iom }
func (*InsertOneModel) writeModel()                             {}

type UpdateOneModel struct {
	Collation    *options.Collation
	Upsert       *bool
	Filter       any
	Update       any
	ArrayFilters []any
	Hint         any
	Sort         any
}

func NewUpdateOneModel() *UpdateOneModel                          { return &UpdateOneModel{} }
func (uom *UpdateOneModel) SetFilter(filter any) *UpdateOneModel  { uom.Filter = filter; return uom }
func (uom *UpdateOneModel) SetUpdate(update any) *UpdateOneModel  { uom.Update = update; return uom }
func (uom *UpdateOneModel) SetUpsert(upsert bool) *UpdateOneModel { uom.Upsert = &upsert; return uom }
func (*UpdateOneModel) writeModel()                               {}

type DeleteOneModel struct {
	Filter    any
	Collation *options.Collation
	Hint      any
}

func NewDeleteOneModel() *DeleteOneModel                         { return &DeleteOneModel{} }
func (dom *DeleteOneModel) SetFilter(filter any) *DeleteOneModel { dom.Filter = filter; return dom }
func (*DeleteOneModel) writeModel()                              {}
