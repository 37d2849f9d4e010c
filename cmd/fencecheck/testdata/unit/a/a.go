// Package a is input for the command's in-process tests: a fake check
// reports every call of a function named write.
package a

func write(args ...any) int       { return 0 }
func fencedWrite(args ...any) int { return 0 }

func One() {
	write(1)
}

func Two() {
	_ = []int{len("héllo 🙂"), write(1)}
	write(2)
}

func Three() {
	write(3)
}

func Four() {
	write(3)
}
