package reflectx

// Mapper is a general purpose mapper of names to struct fields.
type Mapper struct {
	tagName string
}

func NewMapper(tagName string) *Mapper                            { return &Mapper{tagName: tagName} }
func NewMapperFunc(tagName string, f func(string) string) *Mapper { return &Mapper{tagName: tagName} }
