package etcdserverpb

import (
	"go.etcd.io/etcd/auth/authpb"
	"go.etcd.io/etcd/mvcc/mvccpb"
)

type AlarmType int32

const (
	AlarmType_NONE    AlarmType = 0
	AlarmType_NOSPACE AlarmType = 1
	AlarmType_CORRUPT AlarmType = 2
)

type Compare_CompareResult int32

const (
	Compare_EQUAL     Compare_CompareResult = 0
	Compare_GREATER   Compare_CompareResult = 1
	Compare_LESS      Compare_CompareResult = 2
	Compare_NOT_EQUAL Compare_CompareResult = 3
)

type Compare_CompareTarget int32

const (
	Compare_VERSION Compare_CompareTarget = 0
	Compare_CREATE  Compare_CompareTarget = 1
	Compare_MOD     Compare_CompareTarget = 2
	Compare_VALUE   Compare_CompareTarget = 3
	Compare_LEASE   Compare_CompareTarget = 4
)

type DowngradeRequest_DowngradeAction int32

const (
	DowngradeRequest_VALIDATE DowngradeRequest_DowngradeAction = 0
	DowngradeRequest_ENABLE   DowngradeRequest_DowngradeAction = 1
	DowngradeRequest_CANCEL   DowngradeRequest_DowngradeAction = 2
)

type ResponseHeader struct {
	ClusterId uint64 `protobuf:"varint,1,opt,name=cluster_id,json=clusterId,proto3" json:"cluster_id,omitempty"`
	MemberId  uint64 `protobuf:"varint,2,opt,name=member_id,json=memberId,proto3" json:"member_id,omitempty"`
	Revision  int64  `protobuf:"varint,3,opt,name=revision,proto3" json:"revision,omitempty"`
	RaftTerm  uint64 `protobuf:"varint,4,opt,name=raft_term,json=raftTerm,proto3" json:"raft_term,omitempty"`
}

func (x *ResponseHeader) Reset()               { *x = ResponseHeader{} }
func (x *ResponseHeader) String() string       { return "" }
func (*ResponseHeader) ProtoMessage()          {}
func (x *ResponseHeader) GetClusterId() uint64 { return x.ClusterId }
func (x *ResponseHeader) GetMemberId() uint64  { return x.MemberId }
func (x *ResponseHeader) GetRevision() int64   { return x.Revision }
func (x *ResponseHeader) GetRaftTerm() uint64  { return x.RaftTerm }

type RangeResponse struct {
	Header *ResponseHeader
	Kvs    []*mvccpb.KeyValue
	More   bool
	Count  int64
}

func (x *RangeResponse) GetHeader() *ResponseHeader { return x.Header }
func (x *RangeResponse) GetKvs() []*mvccpb.KeyValue { return x.Kvs }
func (x *RangeResponse) GetMore() bool              { return x.More }
func (x *RangeResponse) GetCount() int64            { return x.Count }

type PutResponse struct {
	Header *ResponseHeader
	PrevKv *mvccpb.KeyValue
}

func (x *PutResponse) GetHeader() *ResponseHeader  { return x.Header }
func (x *PutResponse) GetPrevKv() *mvccpb.KeyValue { return x.PrevKv }

type DeleteRangeResponse struct {
	Header  *ResponseHeader
	Deleted int64
	PrevKvs []*mvccpb.KeyValue
}

func (x *DeleteRangeResponse) GetHeader() *ResponseHeader     { return x.Header }
func (x *DeleteRangeResponse) GetDeleted() int64              { return x.Deleted }
func (x *DeleteRangeResponse) GetPrevKvs() []*mvccpb.KeyValue { return x.PrevKvs }

type isResponseOp_Response interface{ isResponseOp_Response() }

type ResponseOp struct {
	Response isResponseOp_Response `protobuf_oneof:"response"`
}

type ResponseOp_ResponseRange struct{ ResponseRange *RangeResponse }
type ResponseOp_ResponsePut struct{ ResponsePut *PutResponse }
type ResponseOp_ResponseDeleteRange struct{ ResponseDeleteRange *DeleteRangeResponse }
type ResponseOp_ResponseTxn struct{ ResponseTxn *TxnResponse }

func (*ResponseOp_ResponseRange) isResponseOp_Response()       {}
func (*ResponseOp_ResponsePut) isResponseOp_Response()         {}
func (*ResponseOp_ResponseDeleteRange) isResponseOp_Response() {}
func (*ResponseOp_ResponseTxn) isResponseOp_Response()         {}

func (x *ResponseOp) GetResponse() isResponseOp_Response { return x.Response }
func (x *ResponseOp) GetResponseRange() *RangeResponse {
	if v, ok := x.Response.(*ResponseOp_ResponseRange); ok {
		return v.ResponseRange
	}
	return nil
}
func (x *ResponseOp) GetResponsePut() *PutResponse {
	if v, ok := x.Response.(*ResponseOp_ResponsePut); ok {
		return v.ResponsePut
	}
	return nil
}
func (x *ResponseOp) GetResponseDeleteRange() *DeleteRangeResponse {
	if v, ok := x.Response.(*ResponseOp_ResponseDeleteRange); ok {
		return v.ResponseDeleteRange
	}
	return nil
}
func (x *ResponseOp) GetResponseTxn() *TxnResponse {
	if v, ok := x.Response.(*ResponseOp_ResponseTxn); ok {
		return v.ResponseTxn
	}
	return nil
}

type isCompare_TargetUnion interface{ isCompare_TargetUnion() }

type Compare struct {
	Result      Compare_CompareResult
	Target      Compare_CompareTarget
	Key         []byte
	TargetUnion isCompare_TargetUnion `protobuf_oneof:"target_union"`
	RangeEnd    []byte
}

type Compare_Version struct{ Version int64 }
type Compare_CreateRevision struct{ CreateRevision int64 }
type Compare_ModRevision struct{ ModRevision int64 }
type Compare_Value struct{ Value []byte }
type Compare_Lease struct{ Lease int64 }

func (*Compare_Version) isCompare_TargetUnion()        {}
func (*Compare_CreateRevision) isCompare_TargetUnion() {}
func (*Compare_ModRevision) isCompare_TargetUnion()    {}
func (*Compare_Value) isCompare_TargetUnion()          {}
func (*Compare_Lease) isCompare_TargetUnion()          {}

type TxnResponse struct {
	Header    *ResponseHeader
	Succeeded bool
	Responses []*ResponseOp
}

func (x *TxnResponse) GetHeader() *ResponseHeader  { return x.Header }
func (x *TxnResponse) GetSucceeded() bool          { return x.Succeeded }
func (x *TxnResponse) GetResponses() []*ResponseOp { return x.Responses }

type CompactionResponse struct{ Header *ResponseHeader }

type LeaseRevokeResponse struct{ Header *ResponseHeader }

type Member struct {
	ID         uint64
	Name       string
	PeerURLs   []string
	ClientURLs []string
	IsLearner  bool
}

type MemberListResponse struct {
	Header  *ResponseHeader
	Members []*Member
}
type MemberAddResponse struct {
	Header  *ResponseHeader
	Member  *Member
	Members []*Member
}
type MemberRemoveResponse struct {
	Header  *ResponseHeader
	Members []*Member
}
type MemberUpdateResponse struct {
	Header  *ResponseHeader
	Members []*Member
}
type MemberPromoteResponse struct {
	Header  *ResponseHeader
	Members []*Member
}

type AlarmMember struct {
	MemberID uint64
	Alarm    AlarmType
}
type AlarmResponse struct {
	Header *ResponseHeader
	Alarms []*AlarmMember
}
type DowngradeInfo struct {
	Enabled       bool
	TargetVersion string
}
type StatusResponse struct {
	Header           *ResponseHeader
	Version          string
	DbSize           int64
	Leader           uint64
	RaftIndex        uint64
	RaftTerm         uint64
	RaftAppliedIndex uint64
	Errors           []string
	DbSizeInUse      int64
	IsLearner        bool
	StorageVersion   string
	DbSizeQuota      int64
	DowngradeInfo    *DowngradeInfo
}
type HashKVResponse struct {
	Header          *ResponseHeader
	Hash            uint32
	CompactRevision int64
	HashRevision    int64
}
type MoveLeaderResponse struct{ Header *ResponseHeader }
type DowngradeResponse struct {
	Header  *ResponseHeader
	Version string
}
type DefragmentResponse struct{ Header *ResponseHeader }

type AuthEnableResponse struct{ Header *ResponseHeader }
type AuthDisableResponse struct{ Header *ResponseHeader }
type AuthStatusResponse struct {
	Header       *ResponseHeader
	Enabled      bool
	AuthRevision uint64
}
type AuthenticateResponse struct {
	Header *ResponseHeader
	Token  string
}
type AuthUserAddResponse struct{ Header *ResponseHeader }
type AuthUserDeleteResponse struct{ Header *ResponseHeader }
type AuthUserChangePasswordResponse struct{ Header *ResponseHeader }
type AuthUserGrantRoleResponse struct{ Header *ResponseHeader }
type AuthUserGetResponse struct {
	Header *ResponseHeader
	Roles  []string
}
type AuthUserRevokeRoleResponse struct{ Header *ResponseHeader }
type AuthRoleAddResponse struct{ Header *ResponseHeader }
type AuthRoleGrantPermissionResponse struct{ Header *ResponseHeader }
type AuthRoleGetResponse struct {
	Header *ResponseHeader
	Perm   []*authpb.Permission
}
type AuthRoleRevokePermissionResponse struct{ Header *ResponseHeader }
type AuthRoleDeleteResponse struct{ Header *ResponseHeader }
type AuthUserListResponse struct {
	Header *ResponseHeader
	Users  []string
}
type AuthRoleListResponse struct {
	Header *ResponseHeader
	Roles  []string
}
