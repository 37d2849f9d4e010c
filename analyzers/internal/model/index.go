package model

import (
	"go/types"
	"slices"
	"strings"
)

// Index is the knowledge base as the engine and the checks ask it: every
// table below is built from the libraries once (NewIndex) and never
// changes. A check asks the index (KB.Sinks, KB.IsLockAPI(fn)); the facts
// themselves live in the libraries' kb_<family>.go files, one value each,
// so adding a library adds no table here.
//
// The configuration file and //fencecheck: annotations compile into a
// Library too (packages config and annotation); the engine consults them
// beside KB (engine/custom.go).
type Index struct {
	// Libraries are the libraries the index was built from, in order.
	Libraries []*Library

	// Locks are the lock APIs of every library (Library.Locks).
	Locks []*Lock
	// MirrorAcquires are the method names through which an application's
	// own interface may mirror a lock's acquisition (Lock.Mirror): a
	// package that declares or calls one may take a lock without
	// importing any library.
	MirrorAcquires []string
	// SQLLock is the lock taken by SQL text (pg_advisory_lock, GET_LOCK):
	// the lock that is InSQL.
	SQLLock *Lock
	// KeyHeldLocks are the locks held by a key argument (Redis SET NX), in
	// the order of Locks.
	KeyHeldLocks []*Lock
	// LockPackages are the import paths through which a package can take a
	// lock. A package importing none of them has no critical section of
	// its own, which lets the engine skip it cheaply. They are the
	// packages of every acquisition, callback field and scheduler option,
	// of the SQL sinks (advisory locks are taken in SQL text), and of the
	// lease records and takeovers (reading their timestamps makes a
	// package worth analysing for FC4001 without a lock API).
	LockPackages map[string]bool
	// TaskLocks are the schedulers (Library.Tasks).
	TaskLocks []TaskLock
	// Extensions are the lock extensions whose success is reported to the
	// caller, as locks: where a successful extension is known (the lock
	// kept in a struct field and extended in a loop), the lock is held,
	// just as after an acquisition. Each is the lock it extends with its
	// own Acquire and Success.
	Extensions []*Lock
	// LockExtensions extend a lock's TTL; a failure means the lock is lost.
	LockExtensions []Func
	// LostChannels are the acquisitions whose result 0 is the channel
	// closed when the lock is lost (Lock.LostChannel).
	LostChannels []Func
	// LostContexts are the acquisitions whose result 0 is the context
	// cancelled when the lock is lost (Lock.LostContext).
	LostContexts []Func

	// Sinks are the effect families of every library (Library.Sinks). A
	// call matches at most one entry. ShapedSinks are those recognised by
	// shape rather than by name; SinkPackages the import paths of every
	// sink.
	Sinks, ShapedSinks []*Sink
	SinkPackages       map[string]bool
	// OpGuards are the check operations of every library
	// (Library.OpGuards).
	OpGuards Guards
	// ReadPrefixes are method-name prefixes of generated RPC client
	// methods that only read (Library.ReadPrefixes).
	ReadPrefixes []string
	// WriteWords are Library.WriteWords.
	WriteWords []string
	// IdempotencyHeaders and DedupFields make a write safe to repeat.
	IdempotencyHeaders, DedupFields []string

	// FenceCalls are calls whose result is (or contains) a fencing token;
	// every value derived from the result counts as the token.
	// FenceFields hold a token wherever they are read: reading them from
	// some other record is rare enough that treating every read as a
	// token keeps fencecheck quiet rather than wrong.
	FenceCalls  []Func
	FenceFields []Field
	// ValidityChecks report a local or past view of whether the lock is
	// still held: branching on them before a write is check-then-act.
	ValidityChecks []Func
	// TokenSources are the values that are not fences although they are
	// often used as one (Library.Identities). A package function that
	// returns one of them counts too.
	TokenSources []TokenSource

	// ClockReads, ClockElapsed, TimeConstructors, TimeComparisons,
	// Decoders, StoredReads, StoredFields, LeaseRecordFields,
	// PollConditionTakers, LockTTLFields, LockTTLArgs, LeaseTakeovers and
	// LeaseAPIPackages merge the Library fields of the same meaning (FC4001
	// and the token checks). PollConditionTakers are the Library's
	// PollTakers, LockTTLFields its TTLFields, LockTTLArgs its TTLArgs,
	// LeaseAPIPackages its LeasePackages.
	ClockReads, ClockElapsed []Func
	TimeConstructors         map[Func]string
	TimeComparisons          []Func
	Decoders                 []Decoder
	StoredReads              map[Func]string
	StoredFields             map[Field]string
	LeaseRecordFields        map[Field]string
	PollConditionTakers      map[string][]string
	// RecordTTLFields are the lease durations a holder declares in the
	// lease record it writes. Read back by another process they measure
	// that holder's lease, not the reader's.
	RecordTTLFields  map[Field]bool
	LockTTLFields    map[Field]string
	LockTTLArgs      []TTLArg
	LeaseTakeovers   map[Func]string
	LeaseAPIPackages []string
	// Time are the time.Time methods the clock checks follow; Instants,
	// TimeWrappers and TimeStrips the types and calls of the libraries'
	// instants (Library.Instants, ...).
	Time                     TimeMethods
	Instants                 []Field
	TimeWrappers, TimeStrips []Func
	// StructTags are struct tag keys that mark a field as stored or sent.
	StructTags []string

	// SetNXs are the SET NX release protocols of every library, and the
	// tables below their lists merged (Library.SetNX). KeyDeletes are the
	// releases of the locks held by their key.
	SetNXs                                         []*SetNX
	KeyDeletes, KeyReads, ScriptSources, PlainSets []Func
	DelIfEqual, Watches, Replies, KeyExpires       []Func
	ScriptRuns                                     []ScriptRun
	ScriptFix                                      ScriptFix
	// RevisionDeletes, OpDeletes and LockKeys merge the KeyLocks
	// protocols (etcd).
	RevisionDeletes, OpDeletes, LockKeys []Func
	// SessionRenewals, DetachedContexts, DerivedContexts and ProcessExits
	// merge the Library fields of the same names (FC5002).
	SessionRenewals, DetachedContexts, DerivedContexts, ProcessExits []Func
	// Subprocesses and ProcessKills merge the Library fields (FC5002).
	Subprocesses, ProcessKills []Func
	// AbsentOnly merges the Library field (create-if-absent calls).
	AbsentOnly []Func
	// Digests merges the Library field (digest functions).
	Digests []Func
	// ReadOnly merges the Library field (calls that only read).
	ReadOnly []Func
	// GoroutineExits merges the Library field.
	GoroutineExits []Func
	// SessionEnds, SessionMakers and SessionLocks merge the Library fields
	// of the same names (FC5002).
	SessionEnds, SessionMakers, SessionLocks []Func
	// KeepAliveChannels merges the Library field (FC5002).
	KeepAliveChannels []Func
	// Loggers and ErrorFormatters merge the Library fields (FC5002's
	// "only logged").
	Loggers         Loggers
	ErrorFormatters []Func
	// ErrorTypeTests merges the Library field.
	ErrorTypeTests []Func
	// ReplyPackages, StoredReplies, ValueReplies, BoolReplies and ErrReplies merge the
	// libraries' Replies; ReplyPackage is the first library's first
	// package, whose Scan and key arguments FC4001 reads.
	ReplyPackages                                        []string
	ReplyPackage                                         string
	StoredReplies, ValueReplies, BoolReplies, ErrReplies []string

	// Stores are the libraries' stores (Library.Store), and the tables
	// below their lists merged.
	Stores         []*Store
	Documents      []DocCall
	DocInserts     []Func
	Collections    []Func
	FilterOps      map[string]string
	SetOps         []string
	CondCompares   map[Func]string
	CondNames      []Func
	CondValues     []Func
	CondSets       []Func
	Inputs         []Field
	ScoreRanges    []ScoreRange
	Scripts        []ScriptCall
	ScriptBuilders []Func
	RecordReads    []Func
	// LocalDatabases and NetworkDatabases merge the Library fields of the
	// same names, as sets of import paths.
	LocalDatabases, NetworkDatabases map[string]bool
	// RecordPackages are the packages of every RecordDelete and RecordRead.
	RecordPackages map[string]bool
	// ObjectPackages are the packages of every object store's calls
	// (Store.Objects).
	ObjectPackages map[string]bool

	// Pools, Sessions, Rewriters, Preconditions and PackageNames merge the
	// Library fields of the same names.
	Pools         []Field
	Sessions      Sessions
	Rewriters     []Rewriter
	Preconditions []*Preconditions
	PackageNames  map[string]string
}

// LocalDatabaseOnly reports whether a package with these imports keeps
// its SQL records in a database file on this host: it imports a driver of
// a local database (SQLite) and none of a database server.
func (x *Index) LocalDatabaseOnly(imports []*types.Package) bool {
	local := false
	for _, p := range imports {
		if x.NetworkDatabases[p.Path()] {
			return false
		}
		local = local || x.LocalDatabases[p.Path()]
	}
	return local
}

// KB is the index of the knowledge base, built once from Libraries.
var KB = NewIndex(Libraries)

// NewIndex builds the index of libs.
func NewIndex(libs []*Library) *Index {
	x := &Index{Libraries: libs}
	each := func(f func(*Library)) {
		for _, l := range libs {
			f(l)
		}
	}
	each(func(l *Library) {
		x.Locks = append(x.Locks, l.Locks...)
		x.TaskLocks = append(x.TaskLocks, l.Tasks...)
		x.Sinks = append(x.Sinks, l.Sinks...)
		x.ReadPrefixes = append(x.ReadPrefixes, l.ReadPrefixes...)
		x.WriteWords = append(x.WriteWords, l.WriteWords...)
		x.IdempotencyHeaders = append(x.IdempotencyHeaders, l.IdempotencyHeaders...)
		x.DedupFields = append(x.DedupFields, l.DedupFields...)
		x.FenceCalls = append(x.FenceCalls, l.Fences...)
		x.FenceFields = append(x.FenceFields, l.FenceFields...)
		x.ValidityChecks = append(x.ValidityChecks, l.Validity...)
		x.TokenSources = append(x.TokenSources, l.Identities...)
		x.ClockReads = append(x.ClockReads, l.ClockReads...)
		x.ClockElapsed = append(x.ClockElapsed, l.ClockElapsed...)
		x.TimeComparisons = append(x.TimeComparisons, l.TimeComparisons...)
		x.Decoders = append(x.Decoders, l.Decoders...)
		x.LockTTLArgs = append(x.LockTTLArgs, l.TTLArgs...)
		x.LeaseAPIPackages = append(x.LeaseAPIPackages, l.LeasePackages...)
		x.Instants = append(x.Instants, l.Instants...)
		x.TimeWrappers = append(x.TimeWrappers, l.TimeWrappers...)
		x.TimeStrips = append(x.TimeStrips, l.TimeStrips...)
		x.StructTags = append(x.StructTags, l.StructTags...)
		x.SessionRenewals = append(x.SessionRenewals, l.SessionRenewals...)
		x.SessionEnds = append(x.SessionEnds, l.SessionEnds...)
		x.SessionMakers = append(x.SessionMakers, l.SessionMakers...)
		x.SessionLocks = append(x.SessionLocks, l.SessionLocks...)
		x.KeepAliveChannels = append(x.KeepAliveChannels, l.KeepAliveChannels...)
		x.DetachedContexts = append(x.DetachedContexts, l.DetachedContexts...)
		x.DerivedContexts = append(x.DerivedContexts, l.DerivedContexts...)
		x.ProcessExits = append(x.ProcessExits, l.ProcessExits...)
		x.AbsentOnly = append(x.AbsentOnly, l.AbsentOnly...)
		x.Digests = append(x.Digests, l.Digests...)
		x.ReadOnly = append(x.ReadOnly, l.ReadOnly...)
		x.Subprocesses = append(x.Subprocesses, l.Subprocesses...)
		x.ProcessKills = append(x.ProcessKills, l.ProcessKills...)
		x.GoroutineExits = append(x.GoroutineExits, l.GoroutineExits...)
		x.ErrorFormatters = append(x.ErrorFormatters, l.ErrorFormatters...)
		x.ErrorTypeTests = append(x.ErrorTypeTests, l.ErrorTypeTests...)
		x.Pools = append(x.Pools, l.Pools...)
		x.Sessions.TxEnds = append(x.Sessions.TxEnds, l.Sessions.TxEnds...)
		x.Sessions.Closes = append(x.Sessions.Closes, l.Sessions.Closes...)
		x.Sessions.Begins = append(x.Sessions.Begins, l.Sessions.Begins...)
		x.Sessions.Unwraps = append(x.Sessions.Unwraps, l.Sessions.Unwraps...)
		x.Rewriters = append(x.Rewriters, l.Rewriters...)
		if l.Preconditions != nil {
			x.Preconditions = append(x.Preconditions, l.Preconditions)
		}
		if l.Time != nil {
			t := l.Time
			x.Time.Clock = append(x.Time.Clock, t.Clock...)
			x.Time.Strippers = append(x.Time.Strippers, t.Strippers...)
			x.Time.Decoders = append(x.Time.Decoders, t.Decoders...)
			x.Time.Arithmetic = append(x.Time.Arithmetic, t.Arithmetic...)
			x.Time.Texts = append(x.Time.Texts, t.Texts...)
		}
		if l.Loggers != nil {
			x.Loggers.Packages = append(x.Loggers.Packages, l.Loggers.Packages...)
			x.Loggers.Methods = append(x.Loggers.Methods, l.Loggers.Methods...)
		}
		if r := l.Replies; r != nil {
			if x.ReplyPackage == "" && len(r.Packages) > 0 {
				x.ReplyPackage = r.Packages[0]
			}
			x.ReplyPackages = append(x.ReplyPackages, r.Packages...)
			x.StoredReplies = appendNew(x.StoredReplies, r.Stored...)
			x.ValueReplies = appendNew(x.ValueReplies, r.Value...)
			x.BoolReplies = appendNew(x.BoolReplies, r.Bool...)
			x.ErrReplies = appendNew(x.ErrReplies, r.Err...)
		}
		if p := l.SetNX; p != nil {
			x.SetNXs = append(x.SetNXs, p)
			x.KeyReads = append(x.KeyReads, p.Reads...)
			x.ScriptSources = append(x.ScriptSources, p.ScriptSources...)
			x.ScriptRuns = append(x.ScriptRuns, p.ScriptRuns...)
			x.PlainSets = append(x.PlainSets, p.PlainSet...)
			x.DelIfEqual = append(x.DelIfEqual, p.DelIfEqual...)
			x.Watches = append(x.Watches, p.Watch...)
			x.Replies = append(x.Replies, p.Replies...)
			x.KeyExpires = append(x.KeyExpires, p.Expires...)
			if x.ScriptFix == (ScriptFix{}) {
				x.ScriptFix = p.Fix
			}
		}
		if p := l.KeyLocks; p != nil {
			x.RevisionDeletes = append(x.RevisionDeletes, p.Deletes...)
			x.OpDeletes = append(x.OpDeletes, p.OpDelete...)
			x.LockKeys = append(x.LockKeys, p.LockKeys...)
		}
		if s := l.Store; s != nil {
			x.Stores = append(x.Stores, s)
			x.Documents = append(x.Documents, s.Documents...)
			x.DocInserts = append(x.DocInserts, s.Inserts...)
			x.Collections = append(x.Collections, s.Collections...)
			x.SetOps = append(x.SetOps, s.SetOps...)
			x.CondNames = append(x.CondNames, s.CondNames...)
			x.CondValues = append(x.CondValues, s.CondValues...)
			x.CondSets = append(x.CondSets, s.CondSets...)
			x.Inputs = append(x.Inputs, s.Inputs...)
			x.ScoreRanges = append(x.ScoreRanges, s.ScoreRanges...)
			x.Scripts = append(x.Scripts, s.Scripts...)
			x.ScriptBuilders = append(x.ScriptBuilders, s.ScriptBuilders...)
			x.RecordReads = append(x.RecordReads, s.RecordReads...)
		}
	})
	x.TimeConstructors = merge(libs, func(l *Library) map[Func]string { return l.TimeConstructors })
	x.StoredReads = merge(libs, func(l *Library) map[Func]string { return l.StoredReads })
	x.StoredFields = merge(libs, func(l *Library) map[Field]string { return l.StoredFields })
	x.LeaseRecordFields = merge(libs, func(l *Library) map[Field]string { return l.LeaseRecordFields })
	x.PollConditionTakers = merge(libs, func(l *Library) map[string][]string { return l.PollTakers })
	x.LockTTLFields = merge(libs, func(l *Library) map[Field]string { return l.TTLFields })
	x.LeaseTakeovers = merge(libs, func(l *Library) map[Func]string { return l.LeaseTakeovers })
	x.PackageNames = merge(libs, func(l *Library) map[string]string { return l.PackageNames })
	x.FilterOps = merge(libs, func(l *Library) map[string]string {
		if l.Store == nil {
			return nil
		}
		return l.Store.FilterOps
	})
	x.CondCompares = merge(libs, func(l *Library) map[Func]string {
		if l.Store == nil {
			return nil
		}
		return l.Store.CondCompares
	})
	x.RecordTTLFields = map[Field]bool{}
	each(func(l *Library) {
		for _, f := range l.RecordTTLFields {
			x.RecordTTLFields[f] = true
		}
	})
	x.LocalDatabases, x.NetworkDatabases = map[string]bool{}, map[string]bool{}
	each(func(l *Library) {
		for _, p := range l.LocalDatabases {
			x.LocalDatabases[p] = true
		}
		for _, p := range l.NetworkDatabases {
			x.NetworkDatabases[p] = true
		}
	})
	x.RecordPackages = map[string]bool{}
	x.ObjectPackages = map[string]bool{}
	for _, s := range x.Stores {
		if s.Objects != nil {
			for _, c := range s.Objects.Calls {
				x.ObjectPackages[c.Func.Pkg] = true
			}
		}
		for _, d := range s.RecordDeletes {
			x.RecordPackages[d.Pkg] = true
		}
		for _, f := range s.RecordReads {
			x.RecordPackages[f.Pkg] = true
		}
	}
	x.OpGuards = Guards{Consts: map[string][]string{}}
	each(func(l *Library) {
		x.OpGuards.Types = append(x.OpGuards.Types, l.OpGuards.Types...)
		for k, v := range l.OpGuards.Consts {
			x.OpGuards.Consts[k] = append(x.OpGuards.Consts[k], v...)
		}
	})
	for _, s := range x.Sinks {
		if s.Shape != ByName {
			x.ShapedSinks = append(x.ShapedSinks, s)
		}
	}
	x.SinkPackages = map[string]bool{}
	for _, s := range x.Sinks {
		for _, f := range s.Funcs {
			x.SinkPackages[f.Pkg] = true
		}
		if s.Option.Pkg != "" {
			x.SinkPackages[s.Option.Pkg] = true
		}
	}
	for _, l := range x.Locks {
		if l.Mirror != nil {
			x.MirrorAcquires = appendNew(x.MirrorAcquires, l.Mirror.Acquire...)
		}
		if l.InSQL && x.SQLLock == nil {
			x.SQLLock = l
		}
		if l.Held == HeldByKey {
			x.KeyHeldLocks = append(x.KeyHeldLocks, l)
			x.KeyDeletes = append(x.KeyDeletes, l.Release...)
		}
		if l.LostChannel {
			x.LostChannels = append(x.LostChannels, l.Acquire...)
		}
		if l.LostContext {
			x.LostContexts = append(x.LostContexts, l.Acquire...)
		}
		if len(l.Extend) > 0 {
			ext := *l
			ext.Acquire, ext.Success, ext.Result, ext.Held, ext.Handle = l.Extend, ErrNil, l.ExtendResult, HeldByReceiver, 0
			x.Extensions = append(x.Extensions, &ext)
		}
	}
	each(func(lib *Library) {
		for _, l := range lib.Locks {
			x.LockExtensions = append(x.LockExtensions, l.Extend...)
		}
	})
	x.LockPackages = map[string]bool{}
	each(func(lib *Library) {
		for _, l := range lib.Locks {
			for _, f := range l.Acquire {
				x.LockPackages[f.Pkg] = true
			}
			if l.Made != nil {
				for _, f := range l.Made.By {
					x.LockPackages[f.Pkg] = true
				}
			}
			if l.Callback.Pkg != "" {
				x.LockPackages[l.Callback.Pkg] = true
			}
		}
		for _, t := range lib.Tasks {
			for _, f := range t.Options {
				x.LockPackages[f.Pkg] = true
			}
		}
		for f := range lib.LeaseRecordFields {
			x.LockPackages[f.Pkg] = true
		}
		for f := range lib.LeaseTakeovers {
			x.LockPackages[f.Pkg] = true
		}
		for _, s := range lib.Sinks {
			if s.Cond == CondSQL {
				for _, f := range s.Funcs {
					x.LockPackages[f.Pkg] = true
				}
			}
		}
	})
	return x
}

// merge merges one map of every library.
func merge[K comparable, V any](libs []*Library, m func(*Library) map[K]V) map[K]V {
	out := map[K]V{}
	for _, l := range libs {
		for k, v := range m(l) {
			out[k] = v
		}
	}
	return out
}

// appendNew appends the elements of add that list does not hold yet.
func appendNew(list []string, add ...string) []string {
	for _, a := range add {
		if !slices.Contains(list, a) {
			list = append(list, a)
		}
	}
	return list
}

// CallbackLock returns the lock held while the function stored in the
// field v of owner runs (Lock.Callback), or nil.
func (x *Index) CallbackLock(owner *types.Named, v *types.Var) *Lock {
	for _, l := range x.Locks {
		if l.Callback.Name != "" && l.Callback.Matches(owner, v) {
			return l
		}
	}
	return nil
}

// IsLockAPI reports whether fn is part of a lock library's own protocol:
// an acquisition, a release, a fence accessor or a validity check. Their
// bodies write to the coordinator (etcd Mutex.Unlock deletes its key), but
// those writes are the lock's, not the caller's protected effects.
func (x *Index) IsLockAPI(fn *types.Func) bool {
	for _, l := range x.Locks {
		for i, fs := range [][]Func{l.Acquire, l.Release} {
			if []*Command{l.Command, l.ReleaseCommand}[i] != nil {
				continue // a client's method for every command (redigo's Do): only some of its calls are the lock's
			}
			if MatchesAny(fs, fn) {
				return true
			}
		}
	}
	return MatchesAny(x.FenceCalls, fn) || MatchesAny(x.ValidityChecks, fn)
}

// IsLibraryPackage reports whether path is one of the lock or effect
// libraries of the knowledge base. fencecheck judges code that uses them,
// not the libraries themselves: their internals (a lock renewing its own
// session, a client's own command tests) follow the protocol by design.
func (x *Index) IsLibraryPackage(path string) bool {
	path = strings.TrimSuffix(path, "_test") // the library's external tests
	if x.LockPackages[path] || x.SinkPackages[path] {
		return true
	}
	for _, l := range x.Libraries {
		for _, p := range l.Internal {
			if strings.HasPrefix(path, p) {
				return true
			}
		}
	}
	return false
}

// ImportsAPI reports whether path is the package of a lock or effect API.
func (x *Index) ImportsAPI(path string) bool { return x.LockPackages[path] || x.SinkPackages[path] }

// SinkFor returns the sink of the knowledge base with the given family
// and condition, for an effect summarised in another package's function
// (which records only those two), or a bare sink when there is none (a
// custom effect).
func (x *Index) SinkFor(family string, cond Cond) *Sink {
	for _, s := range x.Sinks {
		if s.Family == family && s.Cond == cond {
			return s
		}
	}
	return &Sink{Family: family, Cond: cond, Key: -1}
}

// ScriptRunOf returns the entry of ScriptRuns that fn is, or nil.
func (x *Index) ScriptRunOf(fn *types.Func) *ScriptRun {
	for i := range x.ScriptRuns {
		if x.ScriptRuns[i].Matches(fn) {
			return &x.ScriptRuns[i]
		}
	}
	return nil
}

// KeyArg returns the argument that names the key in a call of fn, a read,
// plain SET, compare-and-delete, extension or key delete of a SET NX
// protocol (SetNX.Key), counted as calls.FlatArg counts (the elements of
// a variadic slice follow the arguments before it); 1 when fn is none of
// them.
func (x *Index) KeyArg(fn *types.Func) int {
	for _, lib := range x.Libraries {
		p := lib.SetNX
		if p == nil {
			continue
		}
		for _, fs := range [][]Func{p.Reads, p.PlainSet, p.DelIfEqual, p.Extends} {
			if MatchesAny(fs, fn) {
				return p.Key
			}
		}
		for _, l := range lib.Locks {
			if l.Held == HeldByKey && MatchesAny(l.Release, fn) {
				return p.Key
			}
		}
	}
	return 1
}

// LibraryOf returns the library that declares l, or nil (an inferred or
// configured lock).
func (x *Index) LibraryOf(l *Lock) *Library {
	for _, lib := range x.Libraries {
		if slices.Contains(lib.Locks, l) {
			return lib
		}
	}
	return nil
}

// RecordDelete returns the record delete fn is and the store it deletes
// from, or nil.
func (x *Index) RecordDelete(fn *types.Func) (*RecordDelete, *Store) {
	for _, s := range x.Stores {
		for i := range s.RecordDeletes {
			if s.RecordDeletes[i].Matches(fn) {
				return &s.RecordDeletes[i], s
			}
		}
	}
	return nil, nil
}

// ObjectCall returns the object store call fn is and its store, or nil.
func (x *Index) ObjectCall(fn *types.Func) (*ObjectCall, *Store) {
	if fn == nil || fn.Pkg() == nil || !x.ObjectPackages[fn.Pkg().Path()] {
		return nil, nil
	}
	for _, s := range x.Stores {
		if s.Objects == nil {
			continue
		}
		for i := range s.Objects.Calls {
			if s.Objects.Calls[i].Func.Matches(fn) {
				return &s.Objects.Calls[i], s
			}
		}
	}
	return nil, nil
}

// ObjectHandle reports whether fn returns a handle on one object by its
// name (cond false) or a handle with a precondition (cond true).
func (x *Index) ObjectHandle(fn *types.Func) (handle, cond bool) {
	if fn == nil || fn.Pkg() == nil || !x.ObjectPackages[fn.Pkg().Path()] {
		return false, false
	}
	for _, s := range x.Stores {
		if s.Objects == nil {
			continue
		}
		if MatchesAny(s.Objects.Handles, fn) {
			return true, false
		}
		if MatchesAny(s.Objects.HandleConds, fn) {
			return true, true
		}
	}
	return false, false
}

// ObjectOptionCond reports whether fn sets a precondition on an object
// store's options value.
func (x *Index) ObjectOptionCond(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || !x.ObjectPackages[fn.Pkg().Path()] {
		return false
	}
	for _, s := range x.Stores {
		if s.Objects != nil && MatchesAny(s.Objects.OptionConds, fn) {
			return true
		}
	}
	return false
}

// StoreOf returns the store whose Name starts the description what
// ("MongoDB DeleteOne ..."), or nil.
func (x *Index) StoreOf(what string) *Store {
	for _, s := range x.Stores {
		if strings.HasPrefix(what, s.Name+" ") {
			return s
		}
	}
	return nil
}

// IsInstant reports whether the named type pkg.name holds an instant.
func (x *Index) IsInstant(pkg, name string) bool {
	return slices.Contains(x.Instants, Field{Pkg: pkg, Type: name})
}

// IsPool reports whether the named type pkg.name is a connection pool.
func (x *Index) IsPool(pkg, name string) bool {
	return slices.Contains(x.Pools, Field{Pkg: pkg, Type: name})
}

// Rewrites reports whether fn returns the statement it was given, and the
// index of that argument.
func (x *Index) Rewrites(fn *types.Func) (int, bool) {
	if fn == nil || fn.Pkg() == nil {
		return 0, false
	}
	for _, r := range x.Rewriters {
		if r.Pkg == fn.Pkg().Path() && slices.Contains(r.Names, fn.Name()) {
			if fn.Type().(*types.Signature).Recv() == nil {
				return r.FuncArg, true
			}
			return r.Arg, true
		}
	}
	return 0, false
}

// PackageName returns the name code calls the package pkg by in messages.
func (x *Index) PackageName(pkg *types.Package) string {
	if n, ok := x.PackageNames[pkg.Path()]; ok {
		return n
	}
	return pkg.Name()
}

// FenceCalls, FenceFields, TokenSources, ClockMethods and IdempotencyHeaders are the
// index's tables of those names (KB.Time.Clock for ClockMethods), for the
// dataflows (packages flow and tokenquality, taint.go), which move to the
// index with their rewrite (issue 24).
var (
	FenceCalls         = KB.FenceCalls
	FenceFields        = KB.FenceFields
	TokenSources       = KB.TokenSources
	ClockMethods       = KB.Time.Clock
	IdempotencyHeaders = KB.IdempotencyHeaders
)
