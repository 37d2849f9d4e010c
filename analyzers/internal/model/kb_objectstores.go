package model

const (
	gcs   = "cloud.google.com/go/storage"
	minio = "github.com/minio/minio-go/v7"
)

// gcsLibrary is Google Cloud Storage as a store of lock objects. Calls go
// through a handle on one object (BucketHandle.Object(name)); a handle
// made with If(Conditions{DoesNotExist: true}) or a generation or
// metageneration match, or Generation(gen), is applied by GCS only under
// that precondition. A temporary or event-based hold set on an object is a
// lock some programs take and release with Update.
var gcsLibrary = Library{
	Name:    "GCS",
	Modules: []string{gcs},
	// Create fails (409 Conflict) when the bucket exists.
	AbsentOnly: []Func{{gcs, "BucketHandle", "Create"}},
	StoredFields: map[Field]string{
		{gcs, "ObjectAttrs", "Updated"}: "the object's Updated time, GCS's clock",
		{gcs, "ObjectAttrs", "Created"}: "the object's Created time, GCS's clock",
	},
	Store: &Store{
		Name: "GCS",
		Objects: &Objects{
			Calls: []ObjectCall{
				{Func: Func{gcs, "ObjectHandle", "Attrs"}, Op: ObjectRead, Input: -1, Name: -1, Options: -1},
				{Func: Func{gcs, "ObjectHandle", "NewReader"}, Op: ObjectRead, Input: -1, Name: -1, Options: -1},
				{Func: Func{gcs, "ObjectHandle", "NewRangeReader"}, Op: ObjectRead, Input: -1, Name: -1, Options: -1},
				{Func: Func{gcs, "ObjectHandle", "NewWriter"}, Op: ObjectCreate, Input: -1, Name: -1, Options: -1},
				{Func: Func{gcs, "ObjectHandle", "Update"}, Op: ObjectUpdate, Input: -1, Name: -1, Options: 1},
				{Func: Func{gcs, "ObjectHandle", "Delete"}, Op: ObjectDelete, Input: -1, Name: -1, Options: -1},
			},
			Handles:     []Func{{gcs, "BucketHandle", "Object"}},
			HandleConds: []Func{{gcs, "ObjectHandle", "If"}, {gcs, "ObjectHandle", "Generation"}},
			HoldFields:  []string{"TemporaryHold", "EventBasedHold"},
			CreateFix:   "write it through obj.If(storage.Conditions{DoesNotExist: true}) (or MetagenerationMatch of the attributes read, for a hold) so that GCS applies it only if the object is still as read, and act only if that succeeded",
			ReleaseFix:  "delete it (or clear its hold) through obj.If(storage.Conditions{GenerationMatch: gen}) with the generation this holder's write created, so that GCS refuses once another holder rewrote it",
		},
	},
}

// minioLibrary is MinIO's client (minio-go v7) as a store of lock objects:
// PutObjectOptions.SetMatchETagExcept("*") creates only if absent, and
// RemoveObject of a VersionID deletes only that version.
var minioLibrary = Library{
	Name:    "MinIO",
	Modules: []string{minio},
	// MakeBucket fails (BucketAlreadyOwnedByYou) when the bucket exists.
	AbsentOnly: []Func{{minio, "Client", "MakeBucket"}},
	ReadOnly:   []Func{{minio, "Client", "BucketExists"}, {minio, "Client", "ListObjects"}, {minio, "Client", "GetBucketLocation"}},
	StoredFields: map[Field]string{
		{minio, "ObjectInfo", "LastModified"}: "the object's LastModified, the object store's clock",
	},
	Store: &Store{
		Name: "MinIO",
		Objects: &Objects{
			Calls: []ObjectCall{
				{Func: Func{minio, "Client", "GetObject"}, Op: ObjectRead, Input: -1, Name: 2, Options: -1},
				{Func: Func{minio, "Client", "StatObject"}, Op: ObjectRead, Input: -1, Name: 2, Options: -1},
				{Func: Func{minio, "Client", "PutObject"}, Op: ObjectCreate, Input: -1, Name: 2, Options: 5},
				{Func: Func{minio, "Client", "RemoveObject"}, Op: ObjectDelete, Input: -1, Name: 2, Options: 3},
			},
			OptionConds: []Func{{minio, "PutObjectOptions", "SetMatchETag"}, {minio, "PutObjectOptions", "SetMatchETagExcept"}},
			DeleteConds: []string{"VersionID"},
			CreateFix:   `put it with opts.SetMatchETagExcept("*") (created only if absent) and act only if that succeeded`,
			ReleaseFix:  "remove only the version this holder's put created (RemoveObjectOptions{VersionID: ...} on a versioned bucket), or keep an owner in the object and release through a store with conditional deletes",
		},
	},
}
