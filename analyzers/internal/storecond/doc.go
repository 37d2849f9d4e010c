// Package storecond reads the condition a store evaluates atomically with
// a write or a delete: which record it selects, which fields it compares,
// and whether the write is conditional at all. It is the one reader of
// store requests for the engine and the checks (effect's verdicts,
// lifecycle's releases, wallclock's clock comparisons):
//
//   - record deletes (model.RecordDelete): a DynamoDB item key, an S3
//     object key, a MongoDB filter, and the condition fields set on the
//     request (Record);
//   - DynamoDB request inputs: their ConditionExpression (Input), and the
//     comparisons and assignments of condition and update text
//     (TextCompares, TextSets);
//   - document filters and updates (MongoDB): their orderings and the
//     fields they set, whatever the representation of the document
//     (FilterCompares, FilterSets);
//   - Lua scripts: whether one orders an argument (ScriptCompares);
//   - Kubernetes preconditions and resourceVersion (Preconditioned,
//     ResourceVersioned);
//   - etcd and Consul transactions (TxnCompares, GuardedOps), writes bound
//     to a lease (LeaseBound) and compare-and-swap arguments such as
//     ZooKeeper's version (ArgConditional);
//   - conditional file creates: O_CREATE|O_EXCL, Mkdir, Link (FileCreate).
//
// What a field is (an owner, an expiry, a fence) has one answer, RoleOf,
// through vocab. The package knows no library: the calls come from the
// knowledge base (model.KB) or the caller.
package storecond
