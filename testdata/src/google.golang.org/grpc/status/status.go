package status

import (
	"fmt"

	"google.golang.org/grpc/codes"
)

// Status references google.golang.org/grpc/internal/status. It represents an
// RPC status code, message, and details.
type Status struct {
	c   codes.Code
	msg string
}

func (s *Status) Code() codes.Code { return s.c }
func (s *Status) Message() string  { return s.msg }
func (s *Status) Err() error       { return fmt.Errorf("rpc error: code = %d desc = %s", s.c, s.msg) }

func New(c codes.Code, msg string) *Status { return &Status{c: c, msg: msg} }
func Error(c codes.Code, msg string) error { return New(c, msg).Err() }
func Errorf(c codes.Code, format string, a ...any) error {
	return Error(c, fmt.Sprintf(format, a...))
}
func FromError(err error) (s *Status, ok bool) { return nil, false }
func Code(err error) codes.Code                { return codes.Unknown }
