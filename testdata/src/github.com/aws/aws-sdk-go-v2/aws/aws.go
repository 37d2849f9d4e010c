package aws

// A Config provides service configuration for service clients (subset of fields).
type Config struct {
	Region string
}

func String(v string) *string { return &v }
func ToString(p *string) (v string) {
	if p == nil {
		return v
	}
	return *p
}
func Int64(v int64) *int64 { return &v }
func ToInt64(p *int64) (v int64) {
	if p == nil {
		return v
	}
	return *p
}
func Int32(v int32) *int32 { return &v }
func Bool(v bool) *bool    { return &v }
