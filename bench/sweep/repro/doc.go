// Package repro holds minimal reproducers of the false positives the sweep
// found (docs/precision.md): one package per cause, written against the
// real libraries. A line marked "FP:" is reported by fencecheck although it
// should not be; lines marked "was FP:" were reported by a sweep and are
// fixed, and stay as regression cases: fencecheck ./repro/... must print
// nothing and exit 0. (No line is marked "FP:" since the session that fixed
// observedlease and pollcondition.)
//
//	cd bench/sweep && go build -C ../.. -o "$PWD/out/bin/fencecheck" ./cmd/fencecheck && out/bin/fencecheck ./repro/...
package repro
