package model

const mongo = "go.mongodb.org/mongo-driver/mongo"
const mongo2 = "go.mongodb.org/mongo-driver/v2/mongo"

const mongoAdvice = "use UpdateOne with the token in the filter instead of an insert, or a unique index that encodes it"

// mongoFilter is the argument of a Collection method that holds its filter
// (after the context), in every method that has one.
const mongoFilter = 1

// mongoDocs are the Collection methods whose filter the server evaluates,
// with the argument of their update or replacement document (-1: none):
// writes decide which document they change, reads which they return.
var mongoDocs = []struct {
	name   string
	update int
}{
	{"UpdateOne", 2}, {"UpdateMany", 2}, {"ReplaceOne", 2}, {"FindOneAndUpdate", 2}, {"FindOneAndReplace", 2},
	{"DeleteOne", -1}, {"DeleteMany", -1}, {"FindOneAndDelete", -1},
	{"Find", -1}, {"FindOne", -1}, {"CountDocuments", -1},
}

// mongoStore is what the server of either driver version evaluates.
func mongoStore() *Store {
	s := &Store{
		Name:        "MongoDB",
		FilterOps:   map[string]string{"$lt": "<", "$lte": "<=", "$gt": ">", "$gte": ">="},
		SetOps:      []string{"$set", "$setOnInsert"},
		ReleaseFix:  "put the owner in the delete's filter (bson.M{\"_id\": name, \"owner\": me}) and check DeletedCount",
		Collections: []Func{{mongo, "Database", "Collection"}, {mongo2, "Database", "Collection"}},
	}
	for _, pkg := range []string{mongo, mongo2} {
		for _, d := range mongoDocs {
			s.Documents = append(s.Documents, DocCall{Func{pkg, "Collection", d.name}, mongoFilter, d.update})
		}
		s.Inserts = append(s.Inserts, methods(pkg, []string{"Collection"}, "InsertOne", "InsertMany")...)
	}
	// A lock document is released by deleting it by its name and read by
	// FindOne (FC5001's get-compare-delete).
	for _, pkg := range []string{mongo2, mongo} {
		for _, name := range []string{"DeleteOne", "FindOneAndDelete"} {
			s.RecordDeletes = append(s.RecordDeletes, RecordDelete{Func{pkg, "Collection", name}, mongoFilter, true})
		}
		s.RecordReads = append(s.RecordReads, Func{pkg, "Collection", "FindOne"})
	}
	return s
}

// mongoSinks are the writes of one driver version.
func mongoSinks(pkg string) []*Sink {
	return []*Sink{
		{Family: "MongoDB", Cond: CondFilter, Query: mongoFilter, Key: -1, ConstSets: []string{"$set"},
			Funcs: methods(pkg, []string{"Collection"}, "UpdateOne", "UpdateMany")},
		{Family: "MongoDB", Cond: CondFilter, Query: mongoFilter, Key: -1,
			Funcs: methods(pkg, []string{"Collection"}, "UpdateByID", "ReplaceOne", "DeleteOne", "DeleteMany",
				"FindOneAndUpdate", "FindOneAndReplace", "FindOneAndDelete", "BulkWrite")},
		{Family: "MongoDB", Cond: CondNone, Key: -1, Advice: mongoAdvice,
			Funcs: methods(pkg, []string{"Collection"}, "InsertOne", "InsertMany")},
	}
}

// mongoDBLibrary is the MongoDB Go driver, v1 and v2.
var mongoDBLibrary = Library{
	Name:    "MongoDB",
	Modules: []string{"go.mongodb.org/mongo-driver", "go.mongodb.org/mongo-driver/v2"},
	Sinks:   append(mongoSinks(mongo2), mongoSinks(mongo)...),
	Decoders: []Decoder{
		{Func{mongo, "SingleResult", "Decode"}, 0, "decoded from MongoDB"},
		{Func{mongo, "Cursor", "Decode"}, 0, "decoded from MongoDB"},
		{Func{mongo2, "SingleResult", "Decode"}, 0, "decoded from MongoDB"},
		{Func{mongo2, "Cursor", "Decode"}, 0, "decoded from MongoDB"},
	},
	Store:      mongoStore(),
	StructTags: []string{"bson"},
}
