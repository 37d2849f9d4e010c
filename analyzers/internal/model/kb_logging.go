package model

// Logging is the loggers whose fatal calls end the process: a callback
// that stops leading by exiting does not need its context (FC5002).
var Logging = Library{
	Name:    "logging",
	Modules: []string{"std", "k8s.io/klog/v2", "go.uber.org/zap", "github.com/rs/zerolog"},
	ProcessExits: []Func{
		{"log", "", "Fatal"}, {"log", "", "Fatalf"}, {"log", "", "Fatalln"},
		{"log", "", "Panic"}, {"log", "", "Panicf"}, {"log", "", "Panicln"},
		{"log", "Logger", "Fatal"}, {"log", "Logger", "Fatalf"}, {"log", "Logger", "Fatalln"},
		{"k8s.io/klog/v2", "", "Fatal"}, {"k8s.io/klog/v2", "", "Fatalf"}, {"k8s.io/klog/v2", "", "Fatalln"},
		{"k8s.io/klog/v2", "", "Exit"}, {"k8s.io/klog/v2", "", "Exitf"},
		{"go.uber.org/zap", "Logger", "Fatal"}, {"go.uber.org/zap", "SugaredLogger", "Fatal"},
		{"go.uber.org/zap", "SugaredLogger", "Fatalf"}, {"go.uber.org/zap", "SugaredLogger", "Fatalw"},
		// zerolog: Fatal() starts an event whose Msg ends the process.
		{"github.com/rs/zerolog", "Logger", "Fatal"}, {"github.com/rs/zerolog/log", "", "Fatal"},
	},
}
