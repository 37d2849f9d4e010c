// Package repro holds minimal reproducers of the false positives the sweep
// found (docs/precision.md): one package per cause, written against the
// real libraries. Each line marked "FP:" is reported by fencecheck although
// it should not be (status at commit c685315); lines marked "was FP:" were
// reported by the first sweep and are fixed, and stay as regression cases.
//
//	cd bench/sweep && go build -C ../.. -o "$PWD/out/bin/fencecheck" ./cmd/fencecheck && out/bin/fencecheck ./repro/...
package repro
