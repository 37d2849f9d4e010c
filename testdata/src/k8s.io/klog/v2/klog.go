// Package klog is a stub of k8s.io/klog/v2 for the documentation examples.
package klog

func Fatal(args ...any)                 {}
func Fatalf(format string, args ...any) {}
func Info(args ...any)                  {}
