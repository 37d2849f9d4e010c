package model

import "go/types"

// KubeLeases are the calls by which a program handles a Kubernetes
// coordination Lease by hand, as a record (not through client-go's leader
// election): it reads the Lease, judges its holder, and deletes it to
// release or break it. The API server applies an Update only at the
// resourceVersion the object carries (a compare-and-swap), but a Delete
// only under DeleteOptions.Preconditions: without a ResourceVersion
// precondition it removes whatever Lease has the name now, including one
// another holder took over by an Update after the read (a UID precondition
// only says it is the same object, not the same holder). Package lifecycle
// reads them for FC5001.
var KubeLeases = struct {
	// Types are the Lease types (package path and type name; Name unused).
	Types []Field
	// Gets read a Lease; Deletes delete one. Typed clients name it by
	// argument 1 (Get(ctx, name, opts), Delete(ctx, name, opts)) and take
	// DeleteOptions at argument 2; controller-runtime's client takes the
	// object (Get(ctx, key, obj), Delete(ctx, obj, opts...)).
	Gets, Deletes []Func
	// Preconditions are the option types that carry a precondition
	// (metav1.Preconditions in DeleteOptions.Preconditions,
	// controller-runtime's client.Preconditions passed as an option);
	// VersionField is their field that ties the delete to the version
	// read.
	Preconditions []Field
	VersionField  string
}{
	Types: []Field{
		{Pkg: wcCoordination, Type: "Lease"},
		{Pkg: wcCoordBeta, Type: "Lease"},
	},
	Gets: []Func{
		{Pkg: wcCoordClient, Recv: "LeaseInterface", Name: "Get"},
		{Pkg: wcCoordBetaClient, Recv: "LeaseInterface", Name: "Get"},
		{Pkg: crClient, Recv: "Reader", Name: "Get"},
		{Pkg: crClient, Recv: "Client", Name: "Get"},
	},
	Deletes: []Func{
		{Pkg: wcCoordClient, Recv: "LeaseInterface", Name: "Delete"},
		{Pkg: wcCoordBetaClient, Recv: "LeaseInterface", Name: "Delete"},
		{Pkg: crClient, Recv: "Writer", Name: "Delete"},
		{Pkg: crClient, Recv: "Client", Name: "Delete"},
	},
	Preconditions: []Field{
		{Pkg: wcMetav1, Type: "Preconditions"},
		{Pkg: crClient, Type: "Preconditions"},
	},
	VersionField: "ResourceVersion",
}

const (
	wcCoordBeta       = "k8s.io/api/coordination/v1beta1"
	wcCoordBetaClient = "k8s.io/client-go/kubernetes/typed/coordination/v1beta1"
	crClient          = "sigs.k8s.io/controller-runtime/pkg/client"
)

// NamedAny reports whether t, or the type it points to, is one of the
// named types fs lists (by package path and type name).
func NamedAny(fs []Field, t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	for _, f := range fs {
		if n.Obj().Pkg().Path() == f.Pkg && n.Obj().Name() == f.Type {
			return true
		}
	}
	return false
}
