package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// CoordinatedLeaseStrategy defines the strategy for picking the leader for coordinated leader election.
type CoordinatedLeaseStrategy string

const (
	OldestEmulationVersion CoordinatedLeaseStrategy = "OldestEmulationVersion"
)

// Lease defines a lease concept.
type Lease struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`

	Spec LeaseSpec `json:"spec,omitempty" protobuf:"bytes,2,opt,name=spec"`
}

func (in *Lease) DeepCopyObject() runtime.Object { out := *in; return &out }

// LeaseSpec is a specification of a Lease.
type LeaseSpec struct {
	HolderIdentity       *string                   `json:"holderIdentity,omitempty" protobuf:"bytes,1,opt,name=holderIdentity"`
	LeaseDurationSeconds *int32                    `json:"leaseDurationSeconds,omitempty" protobuf:"varint,2,opt,name=leaseDurationSeconds"`
	AcquireTime          *metav1.MicroTime         `json:"acquireTime,omitempty" protobuf:"bytes,3,opt,name=acquireTime"`
	RenewTime            *metav1.MicroTime         `json:"renewTime,omitempty" protobuf:"bytes,4,opt,name=renewTime"`
	LeaseTransitions     *int32                    `json:"leaseTransitions,omitempty" protobuf:"varint,5,opt,name=leaseTransitions"`
	Strategy             *CoordinatedLeaseStrategy `json:"strategy,omitempty" protobuf:"bytes,6,opt,name=strategy"`
	PreferredHolder      *string                   `json:"preferredHolder,omitempty" protobuf:"bytes,7,opt,name=preferredHolder"`
}

// LeaseList is a list of Lease objects.
type LeaseList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`
	Items           []Lease `json:"items" protobuf:"bytes,2,rep,name=items"`
}

func (in *LeaseList) DeepCopyObject() runtime.Object { out := *in; return &out }
