package clientv3

import (
	"context"
	"io"

	"go.etcd.io/etcd/auth/authpb"
	pb "go.etcd.io/etcd/etcdserver/etcdserverpb"
	"go.etcd.io/etcd/mvcc/mvccpb"
)

type (
	LeaseRevokeResponse pb.LeaseRevokeResponse
	LeaseID             int64
)

const NoLease LeaseID = 0

type LeaseGrantResponse struct {
	*pb.ResponseHeader
	ID    LeaseID
	TTL   int64
	Error string
}

type LeaseKeepAliveResponse struct {
	*pb.ResponseHeader
	ID  LeaseID
	TTL int64
}

type LeaseTimeToLiveResponse struct {
	*pb.ResponseHeader
	ID         LeaseID  `json:"id"`
	TTL        int64    `json:"ttl"`
	GrantedTTL int64    `json:"granted-ttl"`
	Keys       [][]byte `json:"keys"`
}

type LeaseStatus struct {
	ID LeaseID `json:"id"`
}

type LeaseLeasesResponse struct {
	*pb.ResponseHeader
	Leases []LeaseStatus `json:"leases"`
}

type ErrKeepAliveHalted struct {
	Reason error
}

func (e ErrKeepAliveHalted) Error() string { return "etcdclient: leases keep alive halted" }

type Lease interface {
	Grant(ctx context.Context, ttl int64) (*LeaseGrantResponse, error)
	Revoke(ctx context.Context, id LeaseID) (*LeaseRevokeResponse, error)
	TimeToLive(ctx context.Context, id LeaseID, opts ...LeaseOption) (*LeaseTimeToLiveResponse, error)
	Leases(ctx context.Context) (*LeaseLeasesResponse, error)
	KeepAlive(ctx context.Context, id LeaseID) (<-chan *LeaseKeepAliveResponse, error)
	KeepAliveOnce(ctx context.Context, id LeaseID) (*LeaseKeepAliveResponse, error)
	Close() error
}

type Event = mvccpb.Event

type WatchChan <-chan WatchResponse

type Watcher interface {
	Watch(ctx context.Context, key string, opts ...OpOption) WatchChan
	RequestProgress(ctx context.Context) error
	Close() error
}

type WatchResponse struct {
	Header          *pb.ResponseHeader
	Events          []*Event
	CompactRevision int64
	Canceled        bool
	Created         bool
	CancelReason    string
}

func (wr *WatchResponse) Err() error             { return nil }
func (wr *WatchResponse) IsProgressNotify() bool { return false }

type (
	Member                pb.Member
	MemberListResponse    pb.MemberListResponse
	MemberAddResponse     pb.MemberAddResponse
	MemberRemoveResponse  pb.MemberRemoveResponse
	MemberUpdateResponse  pb.MemberUpdateResponse
	MemberPromoteResponse pb.MemberPromoteResponse
)

type Cluster interface {
	MemberList(ctx context.Context, opts ...OpOption) (*MemberListResponse, error)
	MemberAdd(ctx context.Context, peerAddrs []string) (*MemberAddResponse, error)
	MemberAddAsLearner(ctx context.Context, peerAddrs []string) (*MemberAddResponse, error)
	MemberRemove(ctx context.Context, id uint64) (*MemberRemoveResponse, error)
	MemberUpdate(ctx context.Context, id uint64, peerAddrs []string) (*MemberUpdateResponse, error)
	MemberPromote(ctx context.Context, id uint64) (*MemberPromoteResponse, error)
}

type (
	AuthEnableResponse               pb.AuthEnableResponse
	AuthDisableResponse              pb.AuthDisableResponse
	AuthStatusResponse               pb.AuthStatusResponse
	AuthenticateResponse             pb.AuthenticateResponse
	AuthUserAddResponse              pb.AuthUserAddResponse
	AuthUserDeleteResponse           pb.AuthUserDeleteResponse
	AuthUserChangePasswordResponse   pb.AuthUserChangePasswordResponse
	AuthUserGrantRoleResponse        pb.AuthUserGrantRoleResponse
	AuthUserGetResponse              pb.AuthUserGetResponse
	AuthUserRevokeRoleResponse       pb.AuthUserRevokeRoleResponse
	AuthRoleAddResponse              pb.AuthRoleAddResponse
	AuthRoleGrantPermissionResponse  pb.AuthRoleGrantPermissionResponse
	AuthRoleGetResponse              pb.AuthRoleGetResponse
	AuthRoleRevokePermissionResponse pb.AuthRoleRevokePermissionResponse
	AuthRoleDeleteResponse           pb.AuthRoleDeleteResponse
	AuthUserListResponse             pb.AuthUserListResponse
	AuthRoleListResponse             pb.AuthRoleListResponse

	PermissionType authpb.Permission_Type
	Permission     authpb.Permission
)

const (
	PermRead      = authpb.Permission_READ
	PermWrite     = authpb.Permission_WRITE
	PermReadWrite = authpb.Permission_READWRITE
)

type UserAddOptions authpb.UserAddOptions

type Auth interface {
	Authenticate(ctx context.Context, name string, password string) (*AuthenticateResponse, error)
	AuthEnable(ctx context.Context) (*AuthEnableResponse, error)
	AuthDisable(ctx context.Context) (*AuthDisableResponse, error)
	AuthStatus(ctx context.Context) (*AuthStatusResponse, error)
	UserAdd(ctx context.Context, name string, password string) (*AuthUserAddResponse, error)
	UserAddWithOptions(ctx context.Context, name string, password string, opt *UserAddOptions) (*AuthUserAddResponse, error)
	UserDelete(ctx context.Context, name string) (*AuthUserDeleteResponse, error)
	UserChangePassword(ctx context.Context, name string, password string) (*AuthUserChangePasswordResponse, error)
	UserGrantRole(ctx context.Context, user string, role string) (*AuthUserGrantRoleResponse, error)
	UserGet(ctx context.Context, name string) (*AuthUserGetResponse, error)
	UserList(ctx context.Context) (*AuthUserListResponse, error)
	UserRevokeRole(ctx context.Context, name string, role string) (*AuthUserRevokeRoleResponse, error)
	RoleAdd(ctx context.Context, name string) (*AuthRoleAddResponse, error)
	RoleGrantPermission(ctx context.Context, name string, key, rangeEnd string, permType PermissionType) (*AuthRoleGrantPermissionResponse, error)
	RoleGet(ctx context.Context, role string) (*AuthRoleGetResponse, error)
	RoleList(ctx context.Context) (*AuthRoleListResponse, error)
	RoleRevokePermission(ctx context.Context, role string, key, rangeEnd string) (*AuthRoleRevokePermissionResponse, error)
	RoleDelete(ctx context.Context, role string) (*AuthRoleDeleteResponse, error)
}

type (
	DefragmentResponse pb.DefragmentResponse
	AlarmResponse      pb.AlarmResponse
	AlarmMember        pb.AlarmMember
	StatusResponse     pb.StatusResponse
	HashKVResponse     pb.HashKVResponse
	MoveLeaderResponse pb.MoveLeaderResponse
	DowngradeResponse  pb.DowngradeResponse

	DowngradeAction pb.DowngradeRequest_DowngradeAction
)

const (
	DowngradeValidate = DowngradeAction(pb.DowngradeRequest_VALIDATE)
	DowngradeEnable   = DowngradeAction(pb.DowngradeRequest_ENABLE)
	DowngradeCancel   = DowngradeAction(pb.DowngradeRequest_CANCEL)
)

type Maintenance interface {
	AlarmList(ctx context.Context) (*AlarmResponse, error)
	AlarmDisarm(ctx context.Context, m *AlarmMember) (*AlarmResponse, error)
	Defragment(ctx context.Context, endpoint string) (*DefragmentResponse, error)
	Status(ctx context.Context, endpoint string) (*StatusResponse, error)
	HashKV(ctx context.Context, endpoint string, rev int64) (*HashKVResponse, error)
	SnapshotWithVersion(ctx context.Context) (*SnapshotResponse, error)
	Snapshot(ctx context.Context) (io.ReadCloser, error)
	MoveLeader(ctx context.Context, transfereeID uint64) (*MoveLeaderResponse, error)
	Downgrade(ctx context.Context, action DowngradeAction, version string) (*DowngradeResponse, error)
}

type SnapshotResponse struct {
	Header   *pb.ResponseHeader
	Snapshot io.ReadCloser
	Version  string
}
