package model

const mongo = "go.mongodb.org/mongo-driver/mongo"
const mongo2 = "go.mongodb.org/mongo-driver/v2/mongo"

const mongoAdvice = "use UpdateOne with the token in the filter instead of an insert, or a unique index that encodes it"

// MongoDB is the MongoDB Go driver, v1 and v2.
var MongoDB = Library{
	Name:    "MongoDB",
	Modules: []string{"go.mongodb.org/mongo-driver", "go.mongodb.org/mongo-driver/v2"},
	Sinks: []*Sink{
		{Family: "MongoDB", Cond: CondFilter, Query: 1, Key: -1, ConstSets: []string{"$set"},
			Funcs: methods(mongo2, []string{"Collection"}, "UpdateOne", "UpdateMany")},
		{Family: "MongoDB", Cond: CondFilter, Query: 1, Key: -1,
			Funcs: methods(mongo2, []string{"Collection"}, "UpdateByID", "ReplaceOne", "DeleteOne", "DeleteMany",
				"FindOneAndUpdate", "FindOneAndReplace", "FindOneAndDelete", "BulkWrite")},
		{Family: "MongoDB", Cond: CondNone, Key: -1, Advice: mongoAdvice,
			Funcs: methods(mongo2, []string{"Collection"}, "InsertOne", "InsertMany")},
		{Family: "MongoDB", Cond: CondFilter, Query: 1, Key: -1, ConstSets: []string{"$set"},
			Funcs: methods(mongo, []string{"Collection"}, "UpdateOne", "UpdateMany")},
		{Family: "MongoDB", Cond: CondFilter, Query: 1, Key: -1,
			Funcs: methods(mongo, []string{"Collection"}, "UpdateByID", "ReplaceOne", "DeleteOne", "DeleteMany",
				"FindOneAndUpdate", "FindOneAndReplace", "FindOneAndDelete", "BulkWrite")},
		{Family: "MongoDB", Cond: CondNone, Key: -1, Advice: mongoAdvice,
			Funcs: methods(mongo, []string{"Collection"}, "InsertOne", "InsertMany")},
	},
	Decoders: []Decoder{
		{Func{mongo, "SingleResult", "Decode"}, 0, "decoded from MongoDB"},
		{Func{mongo, "Cursor", "Decode"}, 0, "decoded from MongoDB"},
		{Func{mongo2, "SingleResult", "Decode"}, 0, "decoded from MongoDB"},
		{Func{mongo2, "Cursor", "Decode"}, 0, "decoded from MongoDB"},
	},
}
