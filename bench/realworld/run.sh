#!/usr/bin/env bash
# Real-world recall and precision: builds fencecheck from this checkout and
# scores it on bench/realworld's corpus of located lock hazards and correct
# look-alikes in public Go code (see README.md beside this script).
#
#	bench/realworld/run.sh SNAPSHOTS [realworld flags...]
#	bench/realworld/run.sh /work/snap -compare bench/realworld/out/baseline.json
#
# SNAPSHOTS holds one extracted tree per repository, named <owner>+<name>.
# Writes bench/realworld/out/results.json and report.md (or $REALWORLD_OUT).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
out="${REALWORLD_OUT:-$here/out}"
[[ $# -ge 1 ]] || { echo "usage: $0 SNAPSHOTS [realworld flags...]" >&2; exit 2; }
snapshots="$(cd "$1" && pwd)"
shift

mkdir -p "$out/bin"
go build -C "$repo" -o "$out/bin/fencecheck" ./cmd/fencecheck
go run -C "$repo" ./bench/realworld/cmd/realworld \
	-cases "$here/cases" -snapshots "$snapshots" -fencecheck "$out/bin/fencecheck" \
	-o "$out/results.json" "$@" | tee "$out/report.md"
