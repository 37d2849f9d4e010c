package model

const pkgErrors = "github.com/pkg/errors"

// loggingLibrary is the loggers: their fatal calls end the process (a callback
// that stops leading by exiting does not need its context), and a lease
// loss only handed to them is ignored (FC5002).
var loggingLibrary = Library{
	Name:    "logging",
	Modules: []string{"std", "k8s.io/klog/v2", "go.uber.org/zap", "github.com/rs/zerolog", pkgErrors},
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
	Loggers: &Loggers{
		Packages: []string{
			"log", "log/slog", "go.uber.org/zap", "github.com/sirupsen/logrus", "github.com/rs/zerolog",
			"github.com/rs/zerolog/log", "k8s.io/klog/v2", "k8s.io/klog", "github.com/go-logr/logr", "github.com/golang/glog",
			"github.com/hashicorp/go-hclog", "github.com/charmbracelet/log", "github.com/apex/log",
		},
		Methods: []string{
			"Print", "Printf", "Println", "Log", "Logf", "LogAttrs", "Trace", "Tracef", "Tracew",
			"Debug", "Debugf", "Debugw", "DebugContext", "Info", "Infof", "Infow", "InfoContext", "InfoS",
			"Warn", "Warnf", "Warnw", "WarnContext", "Warning", "Warningf", "Error", "Errorf", "Errorw", "ErrorContext", "ErrorS",
			"V", "With", "WithError", "WithField", "WithFields", "Err", "Msg", "Msgf", "Send", "Str", "Any",
		},
	},
	// github.com/pkg/errors builds errors that are logged as they are.
	ErrorFormatters: []Func{
		{pkgErrors, "", "Wrap"}, {pkgErrors, "", "Wrapf"}, {pkgErrors, "", "WithMessage"}, {pkgErrors, "", "WithStack"},
	},
	// errors.As, and github.com/pkg/errors' copy of it.
	ErrorTypeTests: []Func{{"errors", "", "As"}, {pkgErrors, "", "As"}},
}
