package engine

// checkTokenQuality reports FC3001 (random or identity value used as a
// fence) and FC3002 (volatile fence: in-process counter or wall clock).
func checkTokenQuality(u *Unit) {}
