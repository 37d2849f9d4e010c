package v1

import (
	"time"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// Time is a wrapper around time.Time which supports correct
// marshaling to YAML and JSON.
type Time struct {
	time.Time `protobuf:"-"`
}

func NewTime(time time.Time) Time      { return Time{time} }
func Now() Time                        { return Time{time.Now()} }
func (t *Time) IsZero() bool           { return t == nil || t.Time.IsZero() }
func (t *Time) Before(u *Time) bool    { return t.Time.Before(u.Time) }
func (t *Time) Equal(u *Time) bool     { return t.Time.Equal(u.Time) }
func (t *Time) DeepCopyInto(out *Time) { *out = *t }
func (t Time) Rfc3339Copy() Time       { return t }

// MicroTime is version of Time with microsecond level precision.
type MicroTime struct {
	time.Time `protobuf:"-"`
}

func NewMicroTime(time time.Time) MicroTime      { return MicroTime{time} }
func NowMicro() MicroTime                        { return MicroTime{time.Now()} }
func (t *MicroTime) IsZero() bool                { return t == nil || t.Time.IsZero() }
func (t *MicroTime) Before(u *MicroTime) bool    { return t.Time.Before(u.Time) }
func (t *MicroTime) Equal(u *MicroTime) bool     { return t.Time.Equal(u.Time) }
func (t *MicroTime) BeforeTime(u *Time) bool     { return t.Time.Before(u.Time) }
func (t *MicroTime) EqualTime(u *Time) bool      { return t.Time.Equal(u.Time) }
func (t *MicroTime) DeepCopyInto(out *MicroTime) { *out = *t }

type TypeMeta struct {
	Kind       string `json:"kind,omitempty" protobuf:"bytes,1,opt,name=kind"`
	APIVersion string `json:"apiVersion,omitempty" protobuf:"bytes,2,opt,name=apiVersion"`
}

func (obj *TypeMeta) GetObjectKind() schema.ObjectKind { return obj }
func (obj *TypeMeta) SetGroupVersionKind(gvk schema.GroupVersionKind) {
	obj.APIVersion, obj.Kind = gvk.Group+"/"+gvk.Version, gvk.Kind
}
func (obj *TypeMeta) GroupVersionKind() schema.GroupVersionKind {
	return schema.GroupVersionKind{Kind: obj.Kind}
}

type ObjectMeta struct {
	Name                       string            `json:"name,omitempty" protobuf:"bytes,1,opt,name=name"`
	GenerateName               string            `json:"generateName,omitempty" protobuf:"bytes,2,opt,name=generateName"`
	Namespace                  string            `json:"namespace,omitempty" protobuf:"bytes,3,opt,name=namespace"`
	SelfLink                   string            `json:"selfLink,omitempty" protobuf:"bytes,4,opt,name=selfLink"`
	UID                        types.UID         `json:"uid,omitempty" protobuf:"bytes,5,opt,name=uid,casttype=k8s.io/kubernetes/pkg/types.UID"`
	ResourceVersion            string            `json:"resourceVersion,omitempty" protobuf:"bytes,6,opt,name=resourceVersion"`
	Generation                 int64             `json:"generation,omitempty" protobuf:"varint,7,opt,name=generation"`
	CreationTimestamp          Time              `json:"creationTimestamp,omitempty" protobuf:"bytes,8,opt,name=creationTimestamp"`
	DeletionTimestamp          *Time             `json:"deletionTimestamp,omitempty" protobuf:"bytes,9,opt,name=deletionTimestamp"`
	DeletionGracePeriodSeconds *int64            `json:"deletionGracePeriodSeconds,omitempty" protobuf:"varint,10,opt,name=deletionGracePeriodSeconds"`
	Labels                     map[string]string `json:"labels,omitempty" protobuf:"bytes,11,rep,name=labels"`
	Annotations                map[string]string `json:"annotations,omitempty" protobuf:"bytes,12,rep,name=annotations"`
	Finalizers                 []string          `json:"finalizers,omitempty" patchStrategy:"merge" protobuf:"bytes,14,rep,name=finalizers"`
}

func (meta *ObjectMeta) GetName() string            { return meta.Name }
func (meta *ObjectMeta) GetNamespace() string       { return meta.Namespace }
func (meta *ObjectMeta) GetResourceVersion() string { return meta.ResourceVersion }
func (meta *ObjectMeta) GetUID() types.UID          { return meta.UID }

type ListMeta struct {
	ResourceVersion string `json:"resourceVersion,omitempty" protobuf:"bytes,2,opt,name=resourceVersion"`
}

type GetOptions struct {
	TypeMeta        `json:",inline"`
	ResourceVersion string `json:"resourceVersion,omitempty" protobuf:"bytes,1,opt,name=resourceVersion"`
}

type CreateOptions struct {
	TypeMeta        `json:",inline"`
	DryRun          []string `json:"dryRun,omitempty" protobuf:"bytes,1,rep,name=dryRun"`
	FieldManager    string   `json:"fieldManager,omitempty" protobuf:"bytes,3,name=fieldManager"`
	FieldValidation string   `json:"fieldValidation,omitempty" protobuf:"bytes,4,name=fieldValidation"`
}

type UpdateOptions struct {
	TypeMeta        `json:",inline"`
	DryRun          []string `json:"dryRun,omitempty" protobuf:"bytes,1,rep,name=dryRun"`
	FieldManager    string   `json:"fieldManager,omitempty" protobuf:"bytes,2,name=fieldManager"`
	FieldValidation string   `json:"fieldValidation,omitempty" protobuf:"bytes,3,name=fieldValidation"`
}

// DeleteOptions is a minimal stub (subset of fields).
type DeleteOptions struct {
	TypeMeta           `json:",inline"`
	GracePeriodSeconds *int64         `json:"gracePeriodSeconds,omitempty" protobuf:"varint,1,opt,name=gracePeriodSeconds"`
	Preconditions      *Preconditions `json:"preconditions,omitempty" protobuf:"bytes,2,opt,name=preconditions"`
	DryRun             []string       `json:"dryRun,omitempty" protobuf:"bytes,5,rep,name=dryRun"`
}

// Preconditions must be fulfilled before an operation (update, delete, etc.) is carried out.
type Preconditions struct {
	UID             *types.UID `json:"uid,omitempty" protobuf:"bytes,1,opt,name=uid,casttype=k8s.io/apimachinery/pkg/types.UID"`
	ResourceVersion *string    `json:"resourceVersion,omitempty" protobuf:"bytes,2,opt,name=resourceVersion"`
}

// NewPreconditionDeleteOptions returns a DeleteOptions with a UID precondition set.
func NewPreconditionDeleteOptions(uid string) *DeleteOptions {
	u := types.UID(uid)
	return &DeleteOptions{Preconditions: &Preconditions{UID: &u}}
}

// NewUIDPreconditions returns a Preconditions with UID set.
func NewUIDPreconditions(uid string) *Preconditions {
	u := types.UID(uid)
	return &Preconditions{UID: &u}
}

// NewRVDeletionPrecondition returns a DeleteOptions with a ResourceVersion precondition set.
func NewRVDeletionPrecondition(rv string) *DeleteOptions {
	return &DeleteOptions{Preconditions: &Preconditions{ResourceVersion: &rv}}
}

// ListOptions is a minimal stub (subset of fields).
type ListOptions struct {
	TypeMeta        `json:",inline"`
	LabelSelector   string `json:"labelSelector,omitempty" protobuf:"bytes,1,opt,name=labelSelector"`
	FieldSelector   string `json:"fieldSelector,omitempty" protobuf:"bytes,2,opt,name=fieldSelector"`
	ResourceVersion string `json:"resourceVersion,omitempty" protobuf:"bytes,4,opt,name=resourceVersion"`
	Limit           int64  `json:"limit,omitempty" protobuf:"varint,7,opt,name=limit"`
}

// PatchOptions may be provided when patching an API object.
type PatchOptions struct {
	TypeMeta     `json:",inline"`
	DryRun       []string `json:"dryRun,omitempty"`
	Force        *bool    `json:"force,omitempty"`
	FieldManager string   `json:"fieldManager,omitempty"`
}

// ApplyOptions may be provided when applying an API object.
type ApplyOptions struct {
	TypeMeta     `json:",inline"`
	DryRun       []string `json:"dryRun,omitempty"`
	Force        bool     `json:"force"`
	FieldManager string   `json:"fieldManager"`
}
