package model

// digestsLibrary holds the digest functions of golang.org/x/crypto, beside
// the standard library's (stdlibLibrary.Digests): a name built from one
// addresses the content it was computed from (fences.Converges). The
// blake3 modules are left out: testdata/realmod does not require them, so
// their signatures could not be checked.
var digestsLibrary = Library{
	Name:    "golang.org/x/crypto digests",
	Modules: []string{"golang.org/x/crypto"},
	Digests: []Func{
		{"golang.org/x/crypto/blake2b", "", "Sum256"}, {"golang.org/x/crypto/blake2b", "", "Sum512"},
		{"golang.org/x/crypto/sha3", "", "Sum256"}, {"golang.org/x/crypto/sha3", "", "Sum512"},
	},
}
