package model

// LockFiles are the standard library's calls on a file path that a lock
// file protocol is built from: a lock file is claimed by creating it
// (exclusively, or — wrongly — after checking that it is absent), read for
// its holder and expiry, renewed by rewriting or touching it, and released by
// removing it. Package leaserec reads them; the path is argument 0 of every
// entry but Replaces'.
var LockFiles = struct {
	// Exists ask whether the path exists (their error says so).
	Exists []Func
	// Reads return the file's contents.
	Reads []Func
	// Creates create or truncate the file without asking whether it
	// existed: a plain write, whoever holds it.
	Creates []Func
	// Opens open the file with flags (argument FlagArg): a create with
	// O_EXCL (the constant ExclFlag of package os) is exclusive.
	Opens             []Func
	FlagArg           int
	FlagPkg, ExclFlag string
	// Exclusive succeed only for the caller that creates the path.
	Exclusive []Func
	// Removes delete the path.
	Removes []Func
	// Replaces move another file onto the path (argument 1): a plain
	// write of it, whoever holds it (os.Rename of a temporary file).
	Replaces []Func
}{
	Exists:    []Func{{Pkg: "os", Name: "Stat"}, {Pkg: "os", Name: "Lstat"}},
	Reads:     []Func{{Pkg: "os", Name: "ReadFile"}, {Pkg: "os", Name: "Open"}},
	Creates:   []Func{{Pkg: "os", Name: "WriteFile"}, {Pkg: "os", Name: "Create"}},
	Opens:     []Func{{Pkg: "os", Name: "OpenFile"}},
	FlagArg:   1,
	FlagPkg:   "os",
	ExclFlag:  "O_EXCL",
	Exclusive: []Func{{Pkg: "os", Name: "Mkdir"}, {Pkg: "os", Name: "Link"}, {Pkg: "os", Name: "Symlink"}},
	Removes:   []Func{{Pkg: "os", Name: "Remove"}, {Pkg: "os", Name: "RemoveAll"}},
	Replaces:  []Func{{Pkg: "os", Name: "Rename"}},
}
