// Package empty declares nothing.
package empty
