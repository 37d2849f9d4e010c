package engine

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/fact"
	"github.com/fencecheck/fencecheck/analyzers/internal/leaseclaim"
	"github.com/fencecheck/fencecheck/analyzers/internal/lifecycle"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/wallclock"
	"golang.org/x/tools/go/analysis"
)

// Modular drivers (go vet, nogo, golangci-lint) move facts between
// processes with gob; analysistest does not, so a fact that fails to
// encode would only break in production. Every fact type round-trips here.
func TestFactsGobRoundTrip(t *testing.T) {
	facts := []analysis.Fact{
		&fact.EffectsFact{Effects: []fact.RemoteEffect{{What: "UPDATE items", Via: "database/sql DB.ExecContext", Family: "database/sql", Cond: 0, Where: "repo.go:17", CarriedBy: []int{2, 3}}}},
		&fact.HelperFact{Lib: "etcd lock", Param: 3, FenceArg: 1, Fence: "m.Header().Revision"},
		&fact.CallbackFact{Lib: "etcd election", Fence: "e.Rev()"},
		&fact.AcquireFact{Lib: "Redis SET NX lock", Success: 1, Result: 0, NoFence: "no token", Release: []model.Func{{Pkg: "a", Recv: "L", Name: "Unlock"}}, KeyParam: 1},
		&FenceFact{},
		&CheckFact{},
		&lifecycle.RenewalFact{Signal: 1, Result: 1, KeyParam: -1, What: "UPDATE leases SET lease_expires_at ... WHERE ... locked_by = $3", Where: "store.go:42"},
		&lifecycle.ReleaseFact{What: "DELETE FROM locks WHERE name = $1", Where: "locks.sql.go:16", Store: true},
		&lifecycle.ReadFact{Where: "dynamo_locking.go:263"},
		&wallclock.ExpiryParamFact{Params: []wallclock.ExpiryParam{{Param: 1, Field: "ExpiresAt", Column: "locks.expires_at", Compare: "expires_at <= the database's clock", Where: "locks.sql.go:38"}}},
		&LockTypeFact{},
		&StatementFact{Query: 2, Args: 3, Family: "database/sql"},
		&fact.ClaimFact{Signal: 1, Where: "redeem_code_repo.go:112"},
		&fact.KeyUseFact{Param: 1, Extend: true},
		&fact.LeaseRowFact{Table: "leases", Count: true, Deadline: "expires_at", Columns: []string{"action_id", "expires_at"}},
		&RequestFact{Method: 1, Family: "net/http"},
		&leaseclaim.WriteFact{Release: true, What: "DELETE jobs (SQL interface DBTX.ExecContext)", Where: "jobs.sql.go:19", Why: "the records of jobs are leased"},
	}
	if len(facts) != len(Analyzer.FactTypes) {
		t.Fatalf("test covers %d fact types, the engine declares %d", len(facts), len(Analyzer.FactTypes))
	}
	for _, f := range facts {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(f); err != nil {
			t.Fatalf("%T: encode: %v", f, err)
		}
		got := reflect.New(reflect.TypeOf(f).Elem()).Interface()
		if err := gob.NewDecoder(&buf).Decode(got); err != nil {
			t.Fatalf("%T: decode: %v", f, err)
		}
		if !reflect.DeepEqual(got, f) {
			t.Errorf("%T: round trip gave %+v, want %+v", f, got, f)
		}
	}
}

// Facts must not hold interfaces: a concrete type stored in an interface
// field needs gob.Register, which nothing here does.
func TestFactsHoldNoInterfaces(t *testing.T) {
	for _, f := range Analyzer.FactTypes {
		checkNoInterface(t, reflect.TypeOf(f).Elem(), reflect.TypeOf(f).String())
	}
}

func checkNoInterface(t *testing.T, typ reflect.Type, path string) {
	switch typ.Kind() {
	case reflect.Interface:
		t.Errorf("%s is an interface", path)
	case reflect.Struct:
		for i := 0; i < typ.NumField(); i++ {
			checkNoInterface(t, typ.Field(i).Type, path+"."+typ.Field(i).Name)
		}
	case reflect.Slice, reflect.Array, reflect.Pointer:
		checkNoInterface(t, typ.Elem(), path+"[]")
	case reflect.Map:
		checkNoInterface(t, typ.Key(), path+"[key]")
		checkNoInterface(t, typ.Elem(), path+"[]")
	}
}
