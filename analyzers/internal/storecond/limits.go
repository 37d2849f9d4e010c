package storecond

// maxBuilderDepth bounds the values builtWith follows back from a
// condition to the builder call it comes from (expression.NewBuilder().
// WithCondition(...).Build(), through locals and results): a condition is
// built in a few chained calls.
const maxBuilderDepth = 12

// maxTxnCalls bounds the calls of a transaction chain
// (Txn(ctx).If(...).Then(...).Commit()) walked back from Commit.
const maxTxnCalls = 16

// maxOpValues bounds the values GuardedOps visits while following the
// operations of one transaction (its literals, slices and the structs
// stored into them): a transaction has a few operations of a few fields.
const maxOpValues = 256

// maxFilterDepth bounds the nesting of $and/$or/$nor a filter is read
// through: lease filters nest one or two levels.
const maxFilterDepth = 6
