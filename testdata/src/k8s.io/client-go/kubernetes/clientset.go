package kubernetes

import coordinationv1 "k8s.io/client-go/kubernetes/typed/coordination/v1"

type Interface interface {
	CoordinationV1() coordinationv1.CoordinationV1Interface
}

// Clientset contains the clients for groups.
type Clientset struct {
	coordinationV1 coordinationv1.CoordinationV1Interface
}

// CoordinationV1 retrieves the CoordinationV1Client
func (c *Clientset) CoordinationV1() coordinationv1.CoordinationV1Interface {
	return c.coordinationV1
}
