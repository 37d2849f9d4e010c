package model

// encodingsLibrary are the decoders of data that came from storage or another
// host (JSON, XML, gob, protobuf, YAML): a timestamp decoded by one was
// written with another host's clock (FC4001).
var encodingsLibrary = Library{
	Name:    "encodings",
	Modules: []string{"std", "google.golang.org/protobuf", "github.com/golang/protobuf", "gopkg.in/yaml.v3", "sigs.k8s.io/yaml"},
	Decoders: []Decoder{
		{Func{"encoding/json", "", "Unmarshal"}, 1, "decoded from JSON"},
		{Func{"encoding/json", "Decoder", "Decode"}, 0, "decoded from JSON"},
		{Func{"encoding/xml", "", "Unmarshal"}, 1, "decoded from XML"},
		{Func{"encoding/gob", "Decoder", "Decode"}, 0, "decoded from gob"},
		{Func{"google.golang.org/protobuf/proto", "", "Unmarshal"}, 1, "decoded from protobuf"},
		{Func{"github.com/golang/protobuf/proto", "", "Unmarshal"}, 1, "decoded from protobuf"},
		{Func{"gopkg.in/yaml.v3", "", "Unmarshal"}, 1, "decoded from YAML"},
		{Func{"sigs.k8s.io/yaml", "", "Unmarshal"}, 1, "decoded from YAML"},
	},
	TimeConstructors: map[Func]string{
		{"google.golang.org/protobuf/types/known/timestamppb", "Timestamp", "AsTime"}: "a protobuf Timestamp",
	},
	StructTags: []string{"json", "yaml", "protobuf", "msgpack", "mapstructure"},
}
