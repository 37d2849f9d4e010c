package effect

import "testing"

func TestReadsOnly(t *testing.T) {
	for name, want := range map[string]bool{
		"GetUser":           true,
		"ListJobs":          true,
		"KvGet":             true, // a namespace word, then the read verb
		"KvBatchGet":        true,
		"RawScan":           true,
		"KvScanLock":        false, // a write word anywhere
		"KvPrewrite":        false,
		"KvCommit":          false,
		"Transfer":          false,
		"UserGetAndDelete":  false,
		"ResourceGroupList": false, // the read word is not right after one namespace word
	} {
		if got := readsOnly(name); got != want {
			t.Errorf("readsOnly(%q) = %v, want %v", name, got, want)
		}
	}
}
