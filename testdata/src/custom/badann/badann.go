// Package badann has malformed annotations (FC0001).
package badann

//fencecheck:lokc // want `unknown annotation`
func Typo() {}

//fencecheck:sink carried_by=one // want `carried_by wants parameter indexes`
func Bad() {}
