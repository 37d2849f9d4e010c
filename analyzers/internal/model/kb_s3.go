package model

const s3 = "github.com/aws/aws-sdk-go-v2/service/s3"

// s3Library is Amazon S3 (aws-sdk-go-v2) as a store of lock objects: a
// DeleteObjectInput without IfMatch (the ETag read; S3 conditional
// deletes) or VersionId deletes the object whoever holds the lock (FC5001).
var s3Library = Library{
	Name:    "S3",
	Modules: []string{s3},
	Store: &Store{
		Name:          "S3",
		RecordDeletes: []RecordDelete{{Func: Func{s3, "Client", "DeleteObject"}, Arg: 1}},
		RecordReads:   []Func{{s3, "Client", "GetObject"}},
		RecordConds:   []string{"IfMatch", "IfMatchLastModifiedTime", "IfMatchSize", "VersionId"},
		NoCondition:   "IfMatch",
		RecordKey:     "Key",
		RecordObject:  true,
		ReleaseFix:    "delete with IfMatch set to the ETag of the lock object that was read (an S3 conditional delete fails with 412 Precondition Failed when the object changed)",
	},
}
