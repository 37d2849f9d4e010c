package leaserec

import (
	"bytes"
	"go/ast"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/analysis"
)

// Admit reports whether a package may keep a lease as a record or a lock
// file although it imports no lock library: it declares a lease record
// (Of) or a lock's record type (lockRecordType), or it uses the file calls of a lock file protocol and names a lock
// file (a string or an identifier, vocab.LockFile), or the calls of an
// object store and the name of a lock object. The engine's prefilter
// asks it beside the imports of lock and store libraries.
func Admit(pass *analysis.Pass) bool {
	files := false
	for _, obj := range pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && lockFileCall(fn) {
			files = true
			break
		}
	}
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			switch x := n.(type) {
			case *ast.StructType:
				if t := pass.TypesInfo.TypeOf(x); t != nil && Of(t) != nil {
					found = true
				}
			case *ast.TypeSpec:
				if obj, ok := pass.TypesInfo.Defs[x.Name].(*types.TypeName); ok && lockRecordType(obj) {
					found = true
				}
			case *ast.BasicLit:
				found = files && lockFileName(x.Value)
			case *ast.Ident:
				found = files && lockFileName(x.Name)
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// lockRecordType reports whether a declared type is a lock's record by
// its name: a struct named as a lock or lease (lockData, LeaseInfo) that
// names an owner and holds an instant, whatever the instant is called
// ({Owner, CreatedAt, TTL} kept in an annotation). FC4001 judges the
// fields of such a type as the lock's (clocktype.IsLeaseField).
func lockRecordType(obj *types.TypeName) bool {
	st, ok := obj.Type().Underlying().(*types.Struct)
	if !ok || !vocab.LockType.Match(obj.Name()) {
		return false
	}
	owner, instant := false, false
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		owner = owner || vocab.Role(f.Name()) == vocab.Owner && ownerType(f.Type())
		instant = instant || Instant(f) && !isInteger(f.Type())
	}
	return owner && instant
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// lockFileName is vocab.LockFile for the names a driver's source markers
// can see (fileMarkers), so that InSource is true wherever Admit is.
func lockFileName(raw string) bool {
	s := raw
	if len(s) >= 2 && (s[0] == '"' || s[0] == '`') {
		s = s[1 : len(s)-1]
	}
	// A bare suffix (key + ".lock") names a lock file or object too.
	return (vocab.LockFile.Match(s) || s == ".lock" || s == ".lck") && anyMarker(bytes.ToLower([]byte(raw)), fileMarkers)
}

// lockFileCall reports whether fn reads or writes a file, or an object of
// an object store (a lock object is named like a lock file: "key.lock").
func lockFileCall(fn *types.Func) bool {
	if op, _ := model.KB.ObjectCall(fn); op != nil {
		return true
	}
	lf := &model.LockFiles
	for _, fs := range [][]model.Func{lf.Exists, lf.Reads, lf.Creates, lf.Opens, lf.Exclusive, lf.Removes, lf.Replaces} {
		if model.MatchesAny(fs, fn) {
			return true
		}
	}
	return false
}

// Source markers for drivers that decide before parsing: a file that
// could make Admit true contains a lock file's name, or an owner word and
// a lease time word, or an owner word, a lock word and the time package
// (lower-cased). A superset: Admit decides.
var (
	fileMarkers  = [][]byte{[]byte("lockfile"), []byte("lock_file"), []byte("lockpath"), []byte("lock_path"), []byte(".lock\""), []byte(".lck\""), []byte(".lock`"), []byte(".lck`"), []byte("lockdir"), []byte("lock_dir"), []byte("leasefile"), []byte("lease_file"), []byte("leasepath"), []byte("lease_path"), []byte("flock"), []byte("mutexfile"), []byte("mutex_file")}
	ownerMarkers = [][]byte{[]byte("owner"), []byte("holder"), []byte("pid"), []byte("leader"), []byte("locker"), []byte("claimant"), []byte("lockedby"), []byte("locked_by"), []byte("leasedby"), []byte("leased_by"), []byte("claimedby"), []byte("claimed_by"), []byte("heldby"), []byte("held_by")}
	lockMarkers  = [][]byte{[]byte("lock"), []byte("lease"), []byte("mutex"), []byte("leader")}
	timeMarkers  = [][]byte{[]byte("expir"), []byte("deadline"), []byte("until"), []byte("renew"), []byte("beat"), []byte("keepalive"), []byte("acquir")}
)

// InSource reports whether a file's text could declare a lease record or
// name a lock file (see Admit).
func InSource(data []byte) bool {
	low := bytes.ToLower(data)
	return anyMarker(low, fileMarkers) || anyMarker(low, ownerMarkers) && (anyMarker(low, timeMarkers) || anyMarker(low, lockMarkers) && bytes.Contains(low, []byte("time.")))
}

func anyMarker(low []byte, ms [][]byte) bool {
	for _, m := range ms {
		if bytes.Contains(low, m) {
			return true
		}
	}
	return false
}
