// Package unstructured is a test stub of k8s.io/apimachinery@v0.37.2
// (pkg/apis/meta/v1/unstructured): the Unstructured type only.
package unstructured

// Unstructured allows objects that do not have Golang structs registered to be manipulated
// generically.
type Unstructured struct {
	Object map[string]interface{}
}
