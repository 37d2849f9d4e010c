package model

const s3 = "github.com/aws/aws-sdk-go-v2/service/s3"

// s3Library is Amazon S3 (aws-sdk-go-v2) as a store of lock objects: a
// DeleteObjectInput without IfMatch (the ETag read; S3 conditional
// deletes) or VersionId deletes the object whoever holds the lock (FC5001);
// a PutObjectInput without IfNoneMatch ("*": create only if absent) or
// IfMatch writes it whoever holds it, so a read then such a put is a racy
// claim (FC2001).
var s3Library = Library{
	Name: "S3",
	// CreateBucket fails (BucketAlreadyOwnedByYou, BucketAlreadyExists)
	// or changes nothing when the bucket exists.
	AbsentOnly: []Func{{s3, "Client", "CreateBucket"}},
	Modules:    []string{s3},
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

const s3v1 = "github.com/aws/aws-sdk-go/service/s3"

// s3v1Library is Amazon S3 through aws-sdk-go v1 as a store of lock
// objects. v1's PutObjectInput has no IfNoneMatch or IfMatch and its
// DeleteObjectInput no IfMatch: a put after a read is always a racy
// claim (FC2001), and only a VersionId (of a versioned bucket) ties a
// delete to this holder's object (FC5001).
var s3v1Library = Library{
	Name:    "S3 (aws-sdk-go v1)",
	Modules: []string{"github.com/aws/aws-sdk-go"}, // v1 is one module
	StoredFields: map[Field]string{
		{s3v1, "GetObjectOutput", "LastModified"}:  "the lock object's LastModified, S3's clock",
		{s3v1, "HeadObjectOutput", "LastModified"}: "the lock object's LastModified, S3's clock",
	},
	Store: &Store{
		Name: "S3",
		RecordDeletes: []RecordDelete{
			{Func: Func{s3v1, "S3", "DeleteObject"}, Arg: 0},
			{Func: Func{s3v1, "S3", "DeleteObjectWithContext"}, Arg: 1},
		},
		RecordReads:  []Func{{s3v1, "S3", "GetObject"}, {s3v1, "S3", "GetObjectWithContext"}},
		RecordConds:  []string{"VersionId"},
		NoCondition:  "VersionId",
		RecordKey:    "Key",
		RecordObject: true,
		ReleaseFix:   s3v1ReleaseFix,
		Objects: &Objects{
			Calls: []ObjectCall{
				{Func: Func{s3v1, "S3", "GetObject"}, Op: ObjectRead, Input: 0, Name: -1, Options: -1},
				{Func: Func{s3v1, "S3", "GetObjectWithContext"}, Op: ObjectRead, Input: 1, Name: -1, Options: -1},
				{Func: Func{s3v1, "S3", "HeadObject"}, Op: ObjectRead, Input: 0, Name: -1, Options: -1},
				{Func: Func{s3v1, "S3", "HeadObjectWithContext"}, Op: ObjectRead, Input: 1, Name: -1, Options: -1},
				{Func: Func{s3v1, "S3", "PutObject"}, Op: ObjectCreate, Input: 0, Name: -1, Options: -1},
				{Func: Func{s3v1, "S3", "PutObjectWithContext"}, Op: ObjectCreate, Input: 1, Name: -1, Options: -1},
				{Func: Func{s3v1, "S3", "DeleteObject"}, Op: ObjectDelete, Input: 0, Name: -1, Options: -1},
				{Func: Func{s3v1, "S3", "DeleteObjectWithContext"}, Op: ObjectDelete, Input: 1, Name: -1, Options: -1},
			},
			InputKey:    "Key",
			DeleteConds: []string{"VersionId"},
			CreateFix:   "aws-sdk-go v1 cannot put an object only if it is absent: claim the lock with aws-sdk-go-v2's PutObject with IfNoneMatch: aws.String(\"*\") (S3 fails it with 412 Precondition Failed when the object exists), or keep the lock in a store with a conditional write",
			ReleaseFix:  s3v1ReleaseFix,
		},
	},
}

const s3v1ReleaseFix = "delete only this holder's version (VersionId from its PutObjectOutput, on a versioned bucket), or use aws-sdk-go-v2's DeleteObject with IfMatch set to the ETag this holder's put returned"
