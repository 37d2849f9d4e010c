// Package tagged has only a file excluded by build tags.
package tagged
