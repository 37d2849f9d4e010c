// Protobuf internals (state, sizeCache, unknownFields, ProtoReflect) are dropped.

package mvccpb

type Event_EventType int32

const (
	Event_PUT    Event_EventType = 0
	Event_DELETE Event_EventType = 1
)

func (x Event_EventType) String() string { return "" }

type KeyValue struct {
	Key            []byte `protobuf:"bytes,1,opt,name=key,proto3" json:"key,omitempty"`
	CreateRevision int64  `protobuf:"varint,2,opt,name=create_revision,json=createRevision,proto3" json:"create_revision,omitempty"`
	ModRevision    int64  `protobuf:"varint,3,opt,name=mod_revision,json=modRevision,proto3" json:"mod_revision,omitempty"`
	Version        int64  `protobuf:"varint,4,opt,name=version,proto3" json:"version,omitempty"`
	Value          []byte `protobuf:"bytes,5,opt,name=value,proto3" json:"value,omitempty"`
	Lease          int64  `protobuf:"varint,6,opt,name=lease,proto3" json:"lease,omitempty"`
}

func (x *KeyValue) Reset()                   { *x = KeyValue{} }
func (x *KeyValue) String() string           { return "" }
func (*KeyValue) ProtoMessage()              {}
func (x *KeyValue) GetKey() []byte           { return x.Key }
func (x *KeyValue) GetCreateRevision() int64 { return x.CreateRevision }
func (x *KeyValue) GetModRevision() int64    { return x.ModRevision }
func (x *KeyValue) GetVersion() int64        { return x.Version }
func (x *KeyValue) GetValue() []byte         { return x.Value }
func (x *KeyValue) GetLease() int64          { return x.Lease }

type Event struct {
	Type   Event_EventType `protobuf:"varint,1,opt,name=type,proto3,enum=mvccpb.Event_EventType" json:"type,omitempty"`
	Kv     *KeyValue       `protobuf:"bytes,2,opt,name=kv,proto3" json:"kv,omitempty"`
	PrevKv *KeyValue       `protobuf:"bytes,3,opt,name=prev_kv,json=prevKv,proto3" json:"prev_kv,omitempty"`
}

func (x *Event) Reset()                   { *x = Event{} }
func (x *Event) String() string           { return "" }
func (*Event) ProtoMessage()              {}
func (x *Event) GetType() Event_EventType { return x.Type }
func (x *Event) GetKv() *KeyValue         { return x.Kv }
func (x *Event) GetPrevKv() *KeyValue     { return x.PrevKv }
