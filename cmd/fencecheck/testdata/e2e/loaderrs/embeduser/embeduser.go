// Package embeduser imports a package whose //go:embed pattern matches
// nothing: the build fails there, but the types do not depend on embedded
// files, so this package is type-checked and analysed all the same.
package embeduser

import _ "example.com/loaderrs/embedmiss"

func write() {}

func run() { write() }
