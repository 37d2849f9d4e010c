// Messages are plain structs standing in for protoc-gen-go output; the gRPC
// client/server in ledger_grpc.pb.go has the exact protoc-gen-go-grpc shape.
// source: ledger/v1/ledger.proto

package ledgerpb

// TransferRequest moves money between two accounts. FencingToken is enforced by
// the ledger service: requests carrying a token lower than the highest token
// seen for the account are rejected with FAILED_PRECONDITION.
type TransferRequest struct {
	FromAccount    string `protobuf:"bytes,1,opt,name=from_account,json=fromAccount,proto3" json:"from_account,omitempty"`
	ToAccount      string `protobuf:"bytes,2,opt,name=to_account,json=toAccount,proto3" json:"to_account,omitempty"`
	AmountCents    int64  `protobuf:"varint,3,opt,name=amount_cents,json=amountCents,proto3" json:"amount_cents,omitempty"`
	FencingToken   int64  `protobuf:"varint,4,opt,name=fencing_token,json=fencingToken,proto3" json:"fencing_token,omitempty"`
	IdempotencyKey string `protobuf:"bytes,5,opt,name=idempotency_key,json=idempotencyKey,proto3" json:"idempotency_key,omitempty"`
}

func (x *TransferRequest) GetFromAccount() string {
	if x != nil {
		return x.FromAccount
	}
	return ""
}

func (x *TransferRequest) GetToAccount() string {
	if x != nil {
		return x.ToAccount
	}
	return ""
}

func (x *TransferRequest) GetAmountCents() int64 {
	if x != nil {
		return x.AmountCents
	}
	return 0
}

func (x *TransferRequest) GetFencingToken() int64 {
	if x != nil {
		return x.FencingToken
	}
	return 0
}

func (x *TransferRequest) GetIdempotencyKey() string {
	if x != nil {
		return x.IdempotencyKey
	}
	return ""
}

type TransferResponse struct {
	TransferId string `protobuf:"bytes,1,opt,name=transfer_id,json=transferId,proto3" json:"transfer_id,omitempty"`
	Applied    bool   `protobuf:"varint,2,opt,name=applied,proto3" json:"applied,omitempty"`
}

func (x *TransferResponse) GetTransferId() string {
	if x != nil {
		return x.TransferId
	}
	return ""
}

func (x *TransferResponse) GetApplied() bool {
	if x != nil {
		return x.Applied
	}
	return false
}

// DebitRequest removes money from one account. FencingToken is optional.
type DebitRequest struct {
	Account      string `protobuf:"bytes,1,opt,name=account,proto3" json:"account,omitempty"`
	AmountCents  int64  `protobuf:"varint,2,opt,name=amount_cents,json=amountCents,proto3" json:"amount_cents,omitempty"`
	FencingToken int64  `protobuf:"varint,3,opt,name=fencing_token,json=fencingToken,proto3" json:"fencing_token,omitempty"`
}

func (x *DebitRequest) GetAccount() string {
	if x != nil {
		return x.Account
	}
	return ""
}

func (x *DebitRequest) GetAmountCents() int64 {
	if x != nil {
		return x.AmountCents
	}
	return 0
}

func (x *DebitRequest) GetFencingToken() int64 {
	if x != nil {
		return x.FencingToken
	}
	return 0
}

type DebitResponse struct {
	BalanceCents int64 `protobuf:"varint,1,opt,name=balance_cents,json=balanceCents,proto3" json:"balance_cents,omitempty"`
}

func (x *DebitResponse) GetBalanceCents() int64 {
	if x != nil {
		return x.BalanceCents
	}
	return 0
}

type GetBalanceRequest struct {
	Account string `protobuf:"bytes,1,opt,name=account,proto3" json:"account,omitempty"`
}

func (x *GetBalanceRequest) GetAccount() string {
	if x != nil {
		return x.Account
	}
	return ""
}

type GetBalanceResponse struct {
	BalanceCents int64 `protobuf:"varint,1,opt,name=balance_cents,json=balanceCents,proto3" json:"balance_cents,omitempty"`
}

func (x *GetBalanceResponse) GetBalanceCents() int64 {
	if x != nil {
		return x.BalanceCents
	}
	return 0
}

type ListAccountsRequest struct {
	Prefix string `protobuf:"bytes,1,opt,name=prefix,proto3" json:"prefix,omitempty"`
}

func (x *ListAccountsRequest) GetPrefix() string {
	if x != nil {
		return x.Prefix
	}
	return ""
}

type Account struct {
	Id           string `protobuf:"bytes,1,opt,name=id,proto3" json:"id,omitempty"`
	BalanceCents int64  `protobuf:"varint,2,opt,name=balance_cents,json=balanceCents,proto3" json:"balance_cents,omitempty"`
}

func (x *Account) GetId() string {
	if x != nil {
		return x.Id
	}
	return ""
}

func (x *Account) GetBalanceCents() int64 {
	if x != nil {
		return x.BalanceCents
	}
	return 0
}
