#!/usr/bin/env bash
# Reliability and precision sweep: runs every fencecheck check over the
# standard library and large real code bases, one batch at a time, and
# writes the figures docs/precision.md is built from.
#
#	bench/sweep/run.sh            # all batches
#	bench/sweep/run.sh std grpc   # only the named batches
#
# Output goes to bench/sweep/out/ (or $SWEEP_OUT): per batch the package
# list, the JSON Lines findings, stderr, /usr/bin/time -v output and exit
# status; then summary.md (figures and every finding) and summary.json.
# Exit status: 0 when fencecheck neither crashed nor reported an internal
# or analysis error (findings and packages that do not load are figures,
# not failures), 3 otherwise, 1 when the sweep itself could not run.
#
# Needs: Go 1.26+, GNU time at /usr/bin/time (apt-get install time), the Go
# module proxy (or a module cache that already holds the modules).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
out="${SWEEP_OUT:-$here/out}"

die() { echo "sweep: $*" >&2; exit 1; }

[[ -x /usr/bin/time ]] || die "GNU time is missing: apt-get install -y time"
/usr/bin/time -v true >/dev/null 2>&1 || die "/usr/bin/time does not accept -v (need GNU time: apt-get install -y time)"
command -v go >/dev/null || die "go is not on PATH"

# Batches: name, then the package patterns. A pattern is expanded with
# go list and kept only when its package belongs to the module(s) whose
# path starts with the pattern's prefix, so that modules in the build list
# which merely share a prefix (google.golang.org/grpc/examples, pulled in
# by go-spiffe) are not swept.
batches=(
	"std|std"
	"client-go|k8s.io/client-go/..."
	"etcd|go.etcd.io/etcd/client/v3/... go.etcd.io/etcd/server/v3/..."
	"grpc|google.golang.org/grpc/..."
	"locks|github.com/hashicorp/consul/api github.com/jackc/pgx/v5/... github.com/redis/go-redis/v9/... github.com/go-redsync/redsync/v4/... github.com/riverqueue/river/... github.com/hibiken/asynq github.com/go-co-op/gocron/v2"
)

want=("$@")
selected() {
	[[ ${#want[@]} -eq 0 ]] && return 0
	local w
	for w in "${want[@]}"; do [[ "$w" == "$1" ]] && return 0; done
	return 1
}
if [[ ${#want[@]} -gt 0 ]]; then
	for w in "${want[@]}"; do
		found=0
		for b in "${batches[@]}"; do [[ "${b%%|*}" == "$w" ]] && found=1; done
		[[ $found == 1 ]] || die "unknown batch $w (batches: std client-go etcd grpc locks)"
	done
fi

mkdir -p "$out"
bin="$out/bin"
mkdir -p "$bin"

echo "sweep: building fencecheck from $repo" >&2
(cd "$repo" && go build -o "$bin/fencecheck" ./cmd/fencecheck) || die "fencecheck does not build from the checkout"
(cd "$here" && go build -o "$bin/sweepreport" ./cmd/sweepreport) || die "the report tool does not build"

cd "$here"
echo "sweep: downloading modules (go mod download)" >&2
go mod download || die "go mod download failed: is the Go module proxy reachable?"

for b in "${batches[@]}"; do
	name="${b%%|*}"
	patterns="${b#*|}"
	selected "$name" || continue
	d="$out/batch-$name"
	rm -rf "$d"
	mkdir -p "$d"
	# Expand the patterns to package paths of the intended modules.
	: >"$d/packages.txt"
	for p in $patterns; do
		if [[ "$p" == std ]]; then
			go list -e std >>"$d/packages.txt"
			continue
		fi
		prefix="${p%/...}"
		listed="$(go list -e -f '{{with .Module}}{{.Path}} {{$.ImportPath}}{{end}}' "$p" 2>"$d/golist.err")" ||
			die "batch $name: go list $p failed: $(cat "$d/golist.err")"
		# redsync's valkey-go packages: the module proxy does not serve their dependency.
		awk -v pre="$prefix" '$1 == pre || index($1, pre "/") == 1 { print $2 }' <<<"$listed" |
			grep -v -e '/valkeygo$' -e '/examples/valkego$' >>"$d/packages.txt" || true
	done
	n=$(wc -l <"$d/packages.txt")
	[[ $n -gt 0 ]] || die "batch $name: the patterns matched no packages ($patterns)"
	echo "sweep: batch $name: $n packages" >&2
	rc=0
	# shellcheck disable=SC2046
	/usr/bin/time -v -o "$d/time.txt" "$bin/fencecheck" -f json $(cat "$d/packages.txt") \
		>"$d/findings.jsonl" 2>"$d/stderr.txt" || rc=$?
	echo "$rc" >"$d/rc"
	echo "sweep: batch $name: exit status $rc, $(wc -l <"$d/findings.jsonl") findings, $(awk -F': ' '/Elapsed/ {print $2}' "$d/time.txt") wall, $(awk -F': ' '/Maximum resident/ {print $2}' "$d/time.txt") KiB peak RSS" >&2
done

rc=0
"$bin/sweepreport" -dir "$out" -md "$out/summary.md" -json "$out/summary.json" || rc=$?
echo "sweep: wrote $out/summary.md and $out/summary.json" >&2
if [[ $rc -ne 0 ]]; then
	echo "sweep: FAILED: fencecheck crashed or reported internal errors (see summary.md)" >&2
	exit "$rc"
fi
