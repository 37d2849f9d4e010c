package program

import (
	"go/token"
	"go/types"
	"testing"
)

// An implementation may name its parameters and results differently from
// the interface; the Program matches methods by types alone.
func TestSigKeyIgnoresNames(t *testing.T) {
	param := func(name string, typ types.Type) *types.Var { return types.NewParam(token.NoPos, nil, name, typ) }
	ints := types.NewSlice(types.Typ[types.Int64])
	errT := types.Universe.Lookup("error").Type()
	iface := types.NewSignatureType(nil, nil, nil, types.NewTuple(param("ctx", types.Typ[types.String])),
		types.NewTuple(param("", ints), param("", errT)), false)
	impl := types.NewSignatureType(nil, nil, nil, types.NewTuple(param("c", types.Typ[types.String])),
		types.NewTuple(param("_", ints), param("retErr", errT)), false)
	if a, b := SigKey(iface), SigKey(impl); a != b {
		t.Errorf("SigKey differs: %q vs %q", a, b)
	}
}
