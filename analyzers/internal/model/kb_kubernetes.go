package model

const leaderelection = "k8s.io/client-go/tools/leaderelection"
const wcMetav1 = "k8s.io/apimachinery/pkg/apis/meta/v1"
const wcResourceLock = "k8s.io/client-go/tools/leaderelection/resourcelock"
const wcCoordination = "k8s.io/api/coordination/v1"
const wcCoordClient = "k8s.io/client-go/kubernetes/typed/coordination/v1"

const kubeTransitions = "the Lease's spec.leaseTransitions (LeaderElectionRecord.LeaderTransitions) is the closest thing client-go has to a fence"

// kubernetesLibrary is client-go: leader election on a Lease, the Lease API, the
// typed clients' writes, and apimachinery's time types.
var kubernetesLibrary = Library{
	Name:    "Kubernetes",
	Modules: []string{"k8s.io/client-go", "k8s.io/api", "k8s.io/apimachinery"},
	Locks: []*Lock{
		{
			// The body of the function stored in OnStartedLeading is the
			// critical section.
			Lib:       "client-go leader election",
			Success:   Callback,
			Callback:  Field{leaderelection, "LeaderCallbacks", "OnStartedLeading"},
			Stopped:   Field{leaderelection, "LeaderCallbacks", "OnStoppedLeading"},
			NewLeader: Field{leaderelection, "LeaderCallbacks", "OnNewLeader"},
			Fence:     Fence{Accessor: "the Lease's spec.leaseTransitions (LeaderElectionRecord.LeaderTransitions)"},
		},
	},
	LeasePackages: []string{leaderelection, wcResourceLock, wcCoordClient},
	Internal:      []string{leaderelection},
	FenceFields: []Field{
		{wcResourceLock, "LeaderElectionRecord", "LeaderTransitions"},
		{wcCoordination, "LeaseSpec", "LeaseTransitions"},
	},
	Validity: []Func{
		{leaderelection, "LeaderElector", "IsLeader"},
		{leaderelection, "LeaderElector", "GetLeader"},
	},
	Identities: []TokenSource{
		{Field: Field{wcResourceLock, "ResourceLockConfig", "Identity"}, Arg: -1, Kind: Identity,
			What: "the leader-election identity (ResourceLockConfig.Identity)", Instead: kubeTransitions},
		{Field: Field{wcResourceLock, "LeaderElectionRecord", "HolderIdentity"}, Arg: -1, Kind: Identity,
			What: "the leader's identity (LeaderElectionRecord.HolderIdentity)", Instead: kubeTransitions},
		{Field: Field{wcCoordination, "LeaseSpec", "HolderIdentity"}, Arg: -1, Kind: Identity,
			What: "the Lease holder's identity (LeaseSpec.HolderIdentity)", Instead: "the Lease's spec.leaseTransitions is the closest thing client-go has to a fence"},
	},
	Sinks: []*Sink{
		// Create fails when the object exists: conditional by itself.
		{Family: "Kubernetes API", Cond: CondCAS, Key: -1, Shape: TypedClient,
			Under:   "k8s.io/client-go/kubernetes/typed/",
			Methods: []string{"Update", "UpdateStatus", "Patch", "Apply", "ApplyStatus", "Delete", "DeleteCollection"},
			Advice:  "update an object read from the API server (its resourceVersion makes the write a compare-and-swap), or set DeleteOptions.Preconditions"},
		// The dynamic client's ResourceInterface writes unstructured
		// objects with the same verbs and the same conditions.
		{Family: "Kubernetes API", Cond: CondCAS, Key: -1, Shape: TypedClient,
			Under:   "k8s.io/client-go/dynamic",
			Methods: []string{"Update", "UpdateStatus", "Patch", "Apply", "ApplyStatus", "Delete", "DeleteCollection"},
			Advice:  "update an object read from the API server (its resourceVersion makes the write a compare-and-swap), or set DeleteOptions.Preconditions"},
	},
	TTLFields: map[Field]string{
		{leaderelection, "LeaderElectionConfig", "LeaseDuration"}:        "the leader election LeaseDuration",
		{leaderelection, "LeaderElectionConfig", "RenewDeadline"}:        "the leader election RenewDeadline",
		{wcResourceLock, "LeaderElectionRecord", "LeaseDurationSeconds"}: "the record's LeaseDurationSeconds",
		{wcCoordination, "LeaseSpec", "LeaseDurationSeconds"}:            "the Lease's spec.leaseDurationSeconds",
	},
	RecordTTLFields: []Field{
		{wcResourceLock, "LeaderElectionRecord", "LeaseDurationSeconds"},
		{wcCoordination, "LeaseSpec", "LeaseDurationSeconds"},
	},
	LeaseRecordFields: map[Field]string{
		{wcResourceLock, "LeaderElectionRecord", "RenewTime"}:   "the leader election record's RenewTime (written with the leader's clock)",
		{wcResourceLock, "LeaderElectionRecord", "AcquireTime"}: "the leader election record's AcquireTime (written with the leader's clock)",
		{wcCoordination, "LeaseSpec", "RenewTime"}:              "the Lease's spec.renewTime (written with the holder's clock)",
		{wcCoordination, "LeaseSpec", "AcquireTime"}:            "the Lease's spec.acquireTime (written with the holder's clock)",
	},
	LeaseTakeovers: map[Func]string{
		{wcResourceLock, "Interface", "Create"}:     "resourcelock Create (takes the lease)",
		{wcResourceLock, "Interface", "Update"}:     "resourcelock Update (takes or renews the lease)",
		{wcResourceLock, "LeaseLock", "Create"}:     "resourcelock Create (takes the lease)",
		{wcResourceLock, "LeaseLock", "Update"}:     "resourcelock Update (takes or renews the lease)",
		{wcCoordClient, "LeaseInterface", "Create"}: "Lease Create (takes the lease)",
		{wcCoordClient, "LeaseInterface", "Update"}: "Lease Update (takes or renews the lease)",
		{wcCoordClient, "LeaseInterface", "Delete"}: "Lease Delete (breaks the lease)",
	},
	ClockReads: []Func{{wcMetav1, "", "Now"}, {wcMetav1, "", "NowMicro"}},
	TimeComparisons: []Func{
		{wcMetav1, "Time", "Before"}, {wcMetav1, "Time", "Equal"},
		{wcMetav1, "MicroTime", "Before"}, {wcMetav1, "MicroTime", "Equal"},
		{wcMetav1, "MicroTime", "BeforeTime"}, {wcMetav1, "MicroTime", "EqualTime"},
	},
	PollTakers:   map[string][]string{"k8s.io/apimachinery/pkg/util/wait": nil},
	Instants:     []Field{{wcMetav1, "Time", ""}, {wcMetav1, "MicroTime", ""}},
	TimeWrappers: []Func{{wcMetav1, "", "NewTime"}, {wcMetav1, "", "NewMicroTime"}},
	TimeStrips:   []Func{{wcMetav1, "Time", "Rfc3339Copy"}},
	// A DeleteOptions with Preconditions (UID, ResourceVersion) deletes
	// only the object the holder saw: a compare-and-delete.
	Preconditions: &Preconditions{
		Options:  Field{wcMetav1, "DeleteOptions", ""},
		Field:    Field{wcMetav1, "DeleteOptions", "Preconditions"},
		Builders: []Func{{wcMetav1, "", "NewPreconditionDeleteOptions"}, {wcMetav1, "", "NewRVDeletionPrecondition"}},
	},
	PackageNames: map[string]string{wcMetav1: "metav1"},
}
