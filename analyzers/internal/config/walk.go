package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// schema is the shape of a part of the file.
type schema struct {
	kind   kind
	fields map[string]*schema // object
	elem   *schema            // list
}

type kind int

const (
	kObject kind = iota
	kList
	kString
	kInt
	kBool
)

var (
	str  = &schema{kind: kString}
	strs = &schema{kind: kList, elem: str}

	schemaConfig = &schema{kind: kObject, fields: map[string]*schema{
		"locks": {kind: kList, elem: &schema{kind: kObject, fields: map[string]*schema{
			"func":    str,
			"success": str,
			"result":  {kind: kInt},
			"release": strs,
			"name":    str,
		}}},
		"fences": strs,
		"sinks": {kind: kList, elem: &schema{kind: kObject, fields: map[string]*schema{
			"func":       str,
			"carried_by": {kind: kList, elem: &schema{kind: kInt}},
		}}},
		"checks":  strs,
		"library": {kind: kBool},
	}}
)

func (s *schema) want() string {
	switch s.kind {
	case kObject:
		return "an object"
	case kList:
		switch s.elem.kind {
		case kString:
			return "a list of names"
		case kInt:
			return "a list of integers"
		}
		return "a list of objects"
	case kInt:
		return "an integer"
	case kBool:
		return "true or false"
	}
	return "a string"
}

// walker checks the file's shape token by token and records where each
// value starts.
type walker struct {
	data   []byte
	dec    *json.Decoder
	starts map[string]int64
}

// posError is a problem at an offset of the file.
type posError struct {
	off int64
	msg string
}

func (e *posError) Error() string { return e.msg }

// start is the offset of the next token.
func (w *walker) start() int64 {
	off := w.dec.InputOffset()
	for off < int64(len(w.data)) && strings.IndexByte(" \t\r\n,:", w.data[off]) >= 0 {
		off++
	}
	return off
}

// fail turns a walk error into the file's message.
func (w *walker) fail(err error, fail func(int64, string, ...any) error) error {
	var pe *posError
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &pe):
		return fail(pe.off, "%s", pe.msg)
	case errors.As(err, &syn):
		return fail(syn.Offset, "%s", syn.Error())
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fail(int64(len(w.data)), "the file ends before the configuration object does")
	}
	return fail(-1, "%v", err)
}

// value reads the value at key, which must have the shape s.
func (w *walker) value(key string, s *schema) error {
	start := w.start()
	if key != "" {
		w.starts[key] = start
	}
	tok, err := w.dec.Token()
	if err != nil {
		return err
	}
	name := key
	if name == "" {
		name = "the configuration"
	}
	wrong := func() error {
		return &posError{start, fmt.Sprintf("%s: want %s, not %s", name, s.want(), describe(tok))}
	}
	if tok == nil && key != "" {
		return nil // null: as if absent
	}
	switch s.kind {
	case kObject:
		if tok != json.Delim('{') {
			if key == "" {
				return &posError{start, fmt.Sprintf("the file must hold one JSON object ({\"locks\": [...], ...}), not %s", describe(tok))}
			}
			return wrong()
		}
		seen := map[string]int64{}
		for w.dec.More() {
			kstart := w.start()
			ktok, err := w.dec.Token()
			if err != nil {
				return err
			}
			k, _ := ktok.(string)
			if first, dup := seen[k]; dup {
				// encoding/json would keep the last value silently.
				line, col := position(w.data, first)
				return &posError{kstart, fmt.Sprintf("duplicate key %q %s (first at %d:%d); write each key once", k, where(key), line, col)}
			}
			seen[k] = kstart
			sub, ok := s.fields[k]
			if !ok {
				return &posError{kstart, fmt.Sprintf("unknown key %q %s; the keys are %s", k, where(key), strings.Join(slices.Sorted(maps.Keys(s.fields)), ", "))}
			}
			sk := k
			if key != "" {
				sk = key + "." + k
			}
			if err := w.value(sk, sub); err != nil {
				return err
			}
		}
		_, err := w.dec.Token() // }
		return err
	case kList:
		if tok != json.Delim('[') {
			return wrong()
		}
		for i := 0; w.dec.More(); i++ {
			if err := w.value(fmt.Sprintf("%s[%d]", key, i), s.elem); err != nil {
				return err
			}
		}
		_, err := w.dec.Token() // ]
		return err
	case kInt:
		n, ok := tok.(json.Number)
		if !ok {
			return wrong()
		}
		if _, err := strconv.Atoi(n.String()); err != nil {
			return &posError{start, fmt.Sprintf("%s: want an integer, not %s", name, n)}
		}
	case kString:
		if _, ok := tok.(string); !ok {
			return wrong()
		}
	case kBool:
		if _, ok := tok.(bool); !ok {
			return wrong()
		}
	}
	return nil
}

// where says where in the file the object at key is.
func where(key string) string {
	if key == "" {
		return "at the top level"
	}
	return "in " + key
}

// describe names a JSON token in the file's terms.
func describe(tok json.Token) string {
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			return "an object"
		}
		return "a list"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return strconv.FormatBool(t)
	}
	return "null"
}
