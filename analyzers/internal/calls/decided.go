package calls

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// DecidedBy reports whether later runs only on a branch taken on what
// the call read returned: an if, dominating later and dominated by read,
// whose condition is computed from result (read itself, or one of its
// results: the rows affected of an UPDATE, the ok of a compare-and-swap).
func DecidedBy(later ssa.Instruction, read *ssa.Call, result ssa.Value) bool {
	if later.Parent() != read.Parent() || !read.Block().Dominates(later.Block()) || result == nil {
		return false
	}
	for b := later.Block().Idom(); b != nil; b = b.Idom() {
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && read.Block().Dominates(b) && dependsOn(ifi.Cond, result, 0) {
			return true
		}
		if b == read.Block() {
			break
		}
	}
	return false
}

// Tests returns the blocks, dominated by read's, that end in an if whose
// condition is computed from result: where the code branches on what
// read returned.
func Tests(read *ssa.Call, result ssa.Value) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	if result == nil {
		return nil
	}
	for _, b := range read.Parent().Blocks {
		if len(b.Instrs) == 0 || !read.Block().Dominates(b) {
			continue
		}
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && dependsOn(ifi.Cond, result, 0) {
			out = append(out, b)
		}
	}
	return out
}

// Behind reports whether every path from the function's entry to later
// passes through one of the test blocks (each ends in its branch, so later
// cannot be in one): later runs only after one of them branched. With the
// tests of several calls, later runs only after one of those calls'
// outcomes was decided (one completion in each branch of an if).
func Behind(later ssa.Instruction, tests []*ssa.BasicBlock) bool {
	fn := later.Parent()
	if len(tests) == 0 || fn == nil || len(fn.Blocks) == 0 {
		return false
	}
	cut := map[*ssa.BasicBlock]bool{}
	for _, b := range tests {
		if b == later.Block() {
			return false // later comes before the branch
		}
		cut[b] = true
	}
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{fn.Blocks[0]}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] || cut[b] {
			continue
		}
		if b == later.Block() {
			return false
		}
		seen[b] = true
		work = append(work, b.Succs...)
	}
	return true
}

// maxOperandDepth bounds the walk from a condition back to a call's
// result: err == redis.Nil through Result(), a scanned column through
// Scan and a load, a comparison of either; eight steps cover them.
const maxOperandDepth = 8

// dependsOn reports whether v is computed from the result of call: from
// its value, a method called on it (Result, Val, Err, Scan), or a variable
// such a method wrote (Scan(&owner)).
func dependsOn(v ssa.Value, call ssa.Value, depth int) bool {
	if v == nil || depth > maxOperandDepth {
		return false
	}
	if v == call {
		return true
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if alloc, ok := x.X.(*ssa.Alloc); ok {
				return writtenFrom(alloc, call, depth)
			}
		}
		return dependsOn(x.X, call, depth+1)
	case *ssa.BinOp:
		return dependsOn(x.X, call, depth+1) || dependsOn(x.Y, call, depth+1)
	case *ssa.Extract:
		return dependsOn(x.Tuple, call, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if dependsOn(e, call, depth+1) {
				return true
			}
		}
	case *ssa.Call:
		if r := Receiver(&x.Call); r != nil && dependsOn(Unwrap(r), call, depth+1) {
			return true
		}
		for _, a := range x.Call.Args {
			if dependsOn(Unwrap(a), call, depth+1) {
				return true
			}
		}
	case *ssa.MakeInterface, *ssa.ChangeType, *ssa.Convert, *ssa.Field, *ssa.FieldAddr:
		for _, op := range x.(ssa.Instruction).Operands(nil) {
			if dependsOn(*op, call, depth+1) {
				return true
			}
		}
	}
	return false
}

// writtenFrom reports whether a variable is filled by a call on read's
// result (row.Scan(&owner)).
func writtenFrom(alloc *ssa.Alloc, read ssa.Value, depth int) bool {
	for _, ref := range *alloc.Referrers() {
		c, ok := ref.(*ssa.Call)
		if !ok {
			continue
		}
		if r := Receiver(&c.Call); r != nil && dependsOn(Unwrap(r), read, depth+1) {
			return true
		}
	}
	return false
}
