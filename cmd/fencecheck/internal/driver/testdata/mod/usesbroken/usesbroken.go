package usesbroken

import "example.com/mod/broken"

func G() int { return broken.F() }
