package options

// Lister is an interface that wraps a List method to return a
// slice of option setters.
type Lister[T any] interface {
	List() []func(*T) error
}

type Collation struct {
	Locale string `bson:",omitempty"`
}

type ReturnDocument int8

const (
	Before ReturnDocument = iota
	After
)

type UpdateOneOptions struct {
	ArrayFilters             []any
	BypassDocumentValidation *bool
	Collation                *Collation
	Comment                  any
	Hint                     any
	Upsert                   *bool
	Let                      any
	Sort                     any
}

type UpdateOneOptionsBuilder struct {
	Opts []func(*UpdateOneOptions) error
}

func UpdateOne() *UpdateOneOptionsBuilder                                 { return &UpdateOneOptionsBuilder{} }
func (uo *UpdateOneOptionsBuilder) List() []func(*UpdateOneOptions) error { return uo.Opts }
func (uo *UpdateOneOptionsBuilder) SetUpsert(b bool) *UpdateOneOptionsBuilder {
	uo.Opts = append(uo.Opts, func(opts *UpdateOneOptions) error { opts.Upsert = &b; return nil })
	return uo
}

type UpdateManyOptions struct {
	ArrayFilters []any
	Upsert       *bool
}

type ReplaceOptions struct {
	Upsert *bool
}

type DeleteOneOptions struct {
	Collation *Collation
	Comment   any
	Hint      any
}

type DeleteManyOptions struct {
	Collation *Collation
	Comment   any
	Hint      any
}

type InsertOneOptions struct {
	BypassDocumentValidation *bool
	Comment                  any
}

type InsertManyOptions struct {
	BypassDocumentValidation *bool
	Comment                  any
	Ordered                  *bool
}

type BulkWriteOptions struct {
	BypassDocumentValidation *bool
	Comment                  any
	Ordered                  *bool
}

type FindOptions struct {
	Limit *int64
	Sort  any
}

type FindOneOptions struct {
	Projection any
	Sort       any
}

type FindOneAndUpdateOptions struct {
	ArrayFilters             []any
	BypassDocumentValidation *bool
	Collation                *Collation
	Comment                  any
	Projection               any
	ReturnDocument           *ReturnDocument
	Sort                     any
	Upsert                   *bool
	Hint                     any
	Let                      any
}

type FindOneAndUpdateOptionsBuilder struct {
	Opts []func(*FindOneAndUpdateOptions) error
}

func FindOneAndUpdate() *FindOneAndUpdateOptionsBuilder { return &FindOneAndUpdateOptionsBuilder{} }
func (f *FindOneAndUpdateOptionsBuilder) List() []func(*FindOneAndUpdateOptions) error {
	return f.Opts
}
func (f *FindOneAndUpdateOptionsBuilder) SetReturnDocument(rd ReturnDocument) *FindOneAndUpdateOptionsBuilder {
	f.Opts = append(f.Opts, func(opts *FindOneAndUpdateOptions) error { opts.ReturnDocument = &rd; return nil })
	return f
}
func (f *FindOneAndUpdateOptionsBuilder) SetUpsert(b bool) *FindOneAndUpdateOptionsBuilder {
	f.Opts = append(f.Opts, func(opts *FindOneAndUpdateOptions) error { opts.Upsert = &b; return nil })
	return f
}

// CollectionOptions represents arguments that can be used to configure a
// Collection (fields omitted).
type CollectionOptions struct{}

// CollectionOptionsBuilder contains options to configure a Collection instance.
type CollectionOptionsBuilder struct {
	Opts []func(*CollectionOptions) error
}

func Collection() *CollectionOptionsBuilder                                { return &CollectionOptionsBuilder{} }
func (c *CollectionOptionsBuilder) List() []func(*CollectionOptions) error { return c.Opts }

// CountOptions configures CountDocuments.
type CountOptions struct {
	Limit *int64
}
