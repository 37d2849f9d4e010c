//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// killGroupOnCancel makes cancelling cmd kill its whole process group:
// fencecheck and go vet start go list and compilers of their own, which
// must not outlive a test that timed out.
func killGroupOnCancel(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
