package uuid

// A UUID is a 128 bit (16 byte) Universal Unique IDentifier as defined in RFC 9562.
type UUID [16]byte

// UUIDs is a slice of UUID types.
type UUIDs []UUID

// A Version represents a UUID's version.
type Version byte

var Nil UUID // empty UUID, all zeros

func New() UUID                    { return UUID{} }
func NewString() string            { return New().String() }
func NewRandom() (UUID, error)     { return UUID{}, nil }
func NewV7() (UUID, error)         { return UUID{}, nil }
func Parse(s string) (UUID, error) { return UUID{}, nil }
func MustParse(s string) UUID      { return UUID{} }
func (uuid UUID) String() string   { return "00000000-0000-0000-0000-000000000000" }
func (uuid UUID) Version() Version { return Version(uuid[6] >> 4) }
