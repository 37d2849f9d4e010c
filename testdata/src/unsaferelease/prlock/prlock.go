// Package prlock releases a lock through a lock interface after reading
// its holder, as digger's libs/locking PullRequestLock does.
package prlock

import (
	"fmt"

	"unsaferelease/prlock/awslock"
)

type Lock interface {
	Lock(transactionID int, resource string) (bool, error)
	Unlock(resource string) (bool, error)
	GetLock(resource string) (*int, error)
}

var _ Lock = (*awslock.DynamoDbLock)(nil)

type PullRequestLock struct {
	InternalLock Lock
	PrNumber     int
	Resource     string
}

func (p *PullRequestLock) Unlock() (bool, error) {
	lock, err := p.InternalLock.GetLock(p.Resource)
	if err != nil {
		return false, err
	}
	if lock != nil {
		transactionID := *lock
		if p.PrNumber == transactionID {
			return p.InternalLock.Unlock(p.Resource) // want `p.InternalLock.Unlock deletes the lock record with no condition \(DynamoDB DeleteItem of the item PK, SK with no ConditionExpression at awslock.go:\d+, in awslock.DynamoDbLock.Unlock\) after the lock record was read \(at prlock.go:\d+\) and its owner compared in Go`
		}
	}
	return false, nil
}

// --- must stay silent ---

// A force-unlock without a read: an operator's decision.
func (p *PullRequestLock) ForceUnlock() error {
	_, err := p.InternalLock.Unlock(p.Resource)
	return err
}

func (p *PullRequestLock) Describe() (string, error) {
	lock, err := p.InternalLock.GetLock(p.Resource)
	if err != nil || lock == nil {
		return "", err
	}
	return fmt.Sprintf("locked by #%d", *lock), nil
}
