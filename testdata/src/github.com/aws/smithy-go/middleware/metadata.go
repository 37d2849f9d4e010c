package middleware

// Metadata provides storing and reading metadata values.
type Metadata struct {
	values map[interface{}]interface{}
}

func (m Metadata) Get(key interface{}) interface{} { return m.values[key] }
func (m Metadata) Has(key interface{}) bool        { _, ok := m.values[key]; return ok }
