// Package zap is a test stub of go.uber.org/zap@v1.27.1 (only the types that
// stubbed libraries reference in exported fields), signatures copied from the real source.
package zap
