package model

const s3 = "github.com/aws/aws-sdk-go-v2/service/s3"

// s3Library is Amazon S3 (aws-sdk-go-v2) as a store of lock objects: a
// DeleteObjectInput without IfMatch (the ETag read; S3 conditional
// deletes) or VersionId deletes the object whoever holds the lock (FC5001);
// a PutObjectInput without IfNoneMatch ("*": create only if absent) or
// IfMatch writes it whoever holds it, so a read then such a put is a racy
// claim (FC2001).
var s3Library = Library{
	Name:    "S3",
	Modules: []string{s3},
	// An object's LastModified is S3's clock, not this host's: compared
	// with time.Now to judge a lock object stale, it is FC4001's concern.
	StoredFields: map[Field]string{
		{s3, "GetObjectOutput", "LastModified"}:  "the lock object's LastModified, S3's clock",
		{s3, "HeadObjectOutput", "LastModified"}: "the lock object's LastModified, S3's clock",
	},
	Store: &Store{
		Name:          "S3",
		RecordDeletes: []RecordDelete{{Func: Func{s3, "Client", "DeleteObject"}, Arg: 1}},
		RecordReads:   []Func{{s3, "Client", "GetObject"}},
		RecordConds:   []string{"IfMatch", "IfMatchLastModifiedTime", "IfMatchSize", "VersionId"},
		NoCondition:   "IfMatch",
		RecordKey:     "Key",
		RecordObject:  true,
		ReleaseFix:    "delete with IfMatch set to the ETag of the lock object that was read (an S3 conditional delete fails with 412 Precondition Failed when the object changed)",
		Objects: &Objects{
			Calls: []ObjectCall{
				{Func: Func{s3, "Client", "GetObject"}, Op: ObjectRead, Input: 1, Name: -1, Options: -1},
				{Func: Func{s3, "Client", "HeadObject"}, Op: ObjectRead, Input: 1, Name: -1, Options: -1},
				{Func: Func{s3, "Client", "PutObject"}, Op: ObjectCreate, Input: 1, Name: -1, Options: -1},
				{Func: Func{s3, "Client", "DeleteObject"}, Op: ObjectDelete, Input: 1, Name: -1, Options: -1},
			},
			InputKey:    "Key",
			CreateConds: []string{"IfNoneMatch", "IfMatch"},
			DeleteConds: []string{"IfMatch", "IfMatchLastModifiedTime", "IfMatchSize", "VersionId"},
			CreateFix:   `put it with IfNoneMatch: aws.String("*") (S3 then creates it only if it is absent and fails with 412 Precondition Failed otherwise) and act only if that succeeded`,
			ReleaseFix:  "delete it with IfMatch set to the ETag this holder's put returned (an S3 conditional delete fails with 412 Precondition Failed once the object changed)",
		},
	},
}
