package authpb

type Permission_Type int32

const (
	Permission_READ      Permission_Type = 0
	Permission_WRITE     Permission_Type = 1
	Permission_READWRITE Permission_Type = 2
)

type UserAddOptions struct {
	NoPassword bool
}

type Permission struct {
	PermType Permission_Type
	Key      []byte
	RangeEnd []byte
}
