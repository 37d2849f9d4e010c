package crash

import (
	"strings"
	"testing"
)

func recovered(pkg string, f func()) (err *Error) {
	defer func() {
		if v := recover(); v != nil {
			err = New(pkg, "tester", v)
		}
	}()
	f()
	return nil
}

func index(s []int, i int) int { return s[i] }

func TestErrorLine(t *testing.T) {
	t.Setenv(StackEnv, "")
	err := recovered("example.com/m/app", func() { index([]int{1}, 3) })
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	for _, want := range []string{
		"internal error in package example.com/m/app (tester): panic: runtime error: index out of range [3] with length 1 at crash.index (crash/crash_test.go:",
		"please report this line",
		"FENCECHECK_STACK=1",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("message is not one line: %q", msg)
	}
	if !Is(err) {
		t.Error("Is reports false")
	}

	t.Setenv(StackEnv, "1")
	if msg := err.Error(); !strings.Contains(msg, "\ngoroutine ") || !strings.Contains(msg, "crash.index") {
		t.Errorf("with %s set, no stack:\n%s", StackEnv, msg)
	}
}

func TestMultiLineValueAndRepanic(t *testing.T) {
	t.Setenv(StackEnv, "")
	inner := recovered("p", func() { panic("first\nsecond") })
	if msg := inner.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, "panic: first | second at crash.TestMultiLineValueAndRepanic.func1") {
		t.Errorf("message %q", msg)
	}
	outer := recovered("q", func() { panic(inner) })
	if outer != inner {
		t.Errorf("a recovered error panicked again became %v", outer)
	}
}

func TestNoPackage(t *testing.T) {
	t.Setenv(StackEnv, "")
	msg := recovered("", func() { panic("x") }).Error()
	if !strings.HasPrefix(msg, "internal error (tester): panic: x at ") || strings.Contains(msg, "other packages") {
		t.Errorf("message %q", msg)
	}
}
