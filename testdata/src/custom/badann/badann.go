// Package badann has malformed annotations (FC0001).
package badann

//fencecheck:lokc // want `unknown annotation`
func Typo() {}

//fencecheck:sink carried_by=one // want `carried_by wants parameter indexes`
func Bad() {}

// Annotations where none applies are reported, not ignored.
func Body() {
	//fencecheck:ignore // want `unknown annotation //fencecheck:ignore, and in a place where none applies: fencecheck annotations apply only in the doc comment of a function`
	Typo()
	//fencecheck:release // want `annotation //fencecheck:release has no effect here`
	Bad()
}

//fencecheck:fence // want `annotation //fencecheck:fence has no effect here`
type Token int64

//fencecheck:lock success=err // want `annotation //fencecheck:lock has no effect here`

// Fenced is annotated as it should be.
//
//fencecheck:fence
func Fenced() int64 { return 0 }

type rec struct {
	Seq int64 //fencecheck:fence
}
