package broken

func F() int { return "not a number" }
