// Package sariftest validates SARIF logs against the official SARIF 2.1.0
// JSON schema shipped in testdata/sarif. It is imported by tests only, so
// the validator never ends up in the fencecheck binary.
package sariftest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// SchemaFile is the schema's path relative to the module root.
const SchemaFile = "testdata/sarif/sarif-schema-2.1.0.json"

var (
	once   sync.Once
	schema *jsonschema.Schema
	err    error
)

// Validate reports whether log conforms to the SARIF 2.1.0 schema. The
// schema is found by walking up from the working directory to the module
// root, so it works from any package's tests.
func Validate(log []byte) error {
	once.Do(func() { schema, err = compile() })
	if err != nil {
		return err
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(log))
	if err != nil {
		return fmt.Errorf("SARIF log is not JSON: %v", err)
	}
	return schema.Validate(inst)
}

func compile() (*jsonschema.Schema, error) {
	path, err := findSchema()
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	c := jsonschema.NewCompiler()
	// SARIF uses "format" (uri, uri-reference, date-time) for real
	// constraints; draft-04 leaves asserting them to the validator.
	c.AssertFormat()
	const url = "file:///sarif-schema-2.1.0.json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
}

func findSchema() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, SchemaFile)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("%s not found above the working directory", SchemaFile)
		}
		dir = parent
	}
}
