#!/usr/bin/env bash
# Performance benchmark: fencecheck against go vet, staticcheck and a
# type-check floor, on k8s.io/client-go/..., on a lock-heavy set and on a
# large application module (go.temporal.io/server/...).
#
#	bench/perf/run.sh                 # the three workloads, then a profile of each
#	bench/perf/run.sh client-go app   # some workloads (client-go, locks, app, or smoke: a quick test)
#	PERF_PROFILE=0 bench/perf/run.sh  # skip the profiling runs
#	PERF_SKIP="floor floorssa" bench/perf/run.sh app  # leave tools out (the report says "not run")
#	PERF_SKIP="vettool vet staticcheck floor floorssa floorexport" bench/perf/run.sh client-go  # fencecheck's cache runs only
#
# fencecheck runs three times with its results cache (FENCECHECK_CACHE) in
# a directory of its own: cold (empty), warm (nothing changed) and after a
# one-file edit (a function appended to one file of a package that others
# import; the file is in the module cache, made writable for the run and
# restored afterwards), and once with -cache=off.
#
# Each tool runs alone, one after the other, with /usr/bin/time -v. Every
# run gets a fresh copy of the same GOCACHE, which holds the compiled
# export data of the workload (go list -export -deps -test) and no analysis
# result: go vet's cached vet results and staticcheck's cache are empty,
# and the compiler's work is paid by nobody. Output: bench/perf/out/ (or
# $PERF_OUT): per run the /usr/bin/time output, stdout, stderr and the
# load average before and after it (the machine may be shared); per
# workload the fencecheck profiles; then report.md with the tables and the
# ratios.
#
# Needs: Go 1.26+, GNU time at /usr/bin/time (apt-get install time), the Go
# module proxy (or a module cache holding the modules and staticcheck).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
out="${PERF_OUT:-$here/out}"
staticcheck_version=v0.8.2

die() { echo "perf: $*" >&2; exit 1; }
say() { echo "perf: $*" >&2; }

[[ -x /usr/bin/time ]] || die "GNU time is missing: apt-get install -y time"
/usr/bin/time -v true >/dev/null 2>&1 || die "/usr/bin/time does not accept -v (need GNU time: apt-get install -y time)"
command -v go >/dev/null || die "go is not on PATH"

# edits: the file of each workload that the one-file-edit run changes.
declare -A edits=(
	[client-go]="k8s.io/client-go/tools/leaderelection/resourcelock/interface.go"
	[locks]="go.etcd.io/etcd/client/v3/concurrency/mutex.go"
	[app]="go.temporal.io/server/service/history/deletemanager/delete_manager.go"
	[smoke]="github.com/go-co-op/gocron/v2/util.go"
)
declare -A workloads=(
	[client-go]="k8s.io/client-go/..."
	[locks]="go.etcd.io/etcd/client/v3/... github.com/go-redsync/redsync/v4/... github.com/riverqueue/river/... github.com/hibiken/asynq github.com/go-co-op/gocron/v2"
	[app]="go.temporal.io/server/..." # a large application module: the whole of Temporal's server, tests included
	[smoke]="github.com/go-co-op/gocron/v2" # a quick check of this script; not run by default
)
order=(client-go locks app)
if [[ $# -gt 0 ]]; then
	for w in "$@"; do [[ -n "${workloads[$w]:-}" ]] || die "unknown workload $w (workloads: ${order[*]})"; done
	order=("$@")
fi

mkdir -p "$out"
out="$(cd "$out" && pwd)"
bin="$out/bin"
mkdir -p "$bin"

start="$(date -u '+%Y-%m-%d %H:%M UTC')"
commit="$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)"
if [[ -n "$(git -C "$repo" status --porcelain 2>/dev/null)" ]]; then commit="$commit (modified tree)"; fi
say "building fencecheck from $repo at $commit"
(cd "$repo" && go build -o "$bin/fencecheck" ./cmd/fencecheck) || die "fencecheck does not build from the checkout"
cd "$here"
go build -o "$bin/floor" ./floor || die "the floor driver does not build"
go build -o "$bin/perfreport" ./cmd/perfreport || die "the report tool does not build"
if [[ " ${PERF_SKIP:-} " == *" staticcheck "* ]]; then
	:
elif [[ ! -x "$bin/staticcheck" ]] || ! "$bin/staticcheck" -version 2>/dev/null | grep -qF "(${staticcheck_version#v})"; then
	say "installing staticcheck $staticcheck_version"
	GOBIN="$bin" go install "honnef.co/go/tools/cmd/staticcheck@$staticcheck_version" ||
		die "cannot install staticcheck $staticcheck_version through the module proxy"
fi
say "downloading modules (go mod download)"
go mod download || die "go mod download failed: is the Go module proxy reachable?"

# expand PATTERNS: package paths of the modules the patterns name (a
# pattern's prefix), leaving out redsync's valkey-go packages, whose
# dependency the module proxy does not serve.
expand() {
	local p prefix
	local listed
	for p in "$@"; do
		prefix="${p%/...}"
		listed="$(go list -e -f '{{with .Module}}{{.Path}} {{$.ImportPath}}{{end}}' "$p" 2>/dev/null)" ||
			die "go list $p failed"
		awk -v pre="$prefix" '$1 == pre || index($1, pre "/") == 1 { print $2 }' <<<"$listed"
	done | grep -v -e '/valkeygo$' -e '/examples/valkego$'
}

# measure WORKLOAD TOOL CMD...: run CMD once under /usr/bin/time with a
# fresh copy of the warm GOCACHE and an empty staticcheck cache.
measure() {
	local w="$1" tool="$2"
	shift 2
	local d="$out/$w"
	if [[ " ${PERF_SKIP:-} " == *" $tool "* ]]; then
		say "$w: $tool skipped (PERF_SKIP)"
		return
	fi
	rm -rf "$out/tmp"
	mkdir -p "$out/tmp/xdg"
	cp -a "$out/gocache-$w" "$out/tmp/gocache"
	say "$w: $tool"
	local rc=0
	cut -d' ' -f1-3 /proc/loadavg >"$d/$tool.load"
	GOCACHE="$out/tmp/gocache" XDG_CACHE_HOME="$out/tmp/xdg" STATICCHECK_CACHE="$out/tmp/xdg/staticcheck" \
		/usr/bin/time -v -o "$d/$tool.time" "$@" >"$d/$tool.stdout" 2>"$d/$tool.stderr" || rc=$?
	echo "$rc" >"$d/$tool.rc"
	cut -d' ' -f1-3 /proc/loadavg >>"$d/$tool.load"
	# 0 clean, 1 findings (every tool here); anything else is a failure to
	# look at, but the other measurements go on.
	if [[ $rc -gt 1 ]]; then
		say "$w: $tool exited with status $rc; see $d/$tool.stderr"
	fi
	say "$w: $tool: $(awk -F': ' '/Elapsed/ {print $2}' "$d/$tool.time") wall, $(awk -F': ' '/Maximum resident/ {print $2}' "$d/$tool.time") KiB peak RSS"
	rm -rf "$out/tmp"
}

# compiling_tools prints how many of the tools that need compiled export
# data are not in PERF_SKIP.
compiling_tools() {
	local t n=0
	for t in vettool vet staticcheck floor floorssa floorexport; do
		[[ " ${PERF_SKIP:-} " == *" $t "* ]] || n=$((n + 1))
	done
	echo "$n"
}

# edit_file WORKLOAD: append a function to the workload's edit file (in
# the module cache, read-only: made writable for the run); restore_file
# puts it back, also when the script stops.
edited=""
edit_file() {
	local rel="${edits[$1]}" dir file
	dir="$(go list -f '{{.Dir}}' "$(dirname "$rel")")" || die "$1: cannot find the package of $rel"
	file="$dir/$(basename "$rel")"
	[[ -f "$file" ]] || die "$1: $file does not exist"
	cp -p "$file" "$out/edited.orig"
	edited="$file"
	chmod u+w "$(dirname "$file")" "$file"
	printf '\nfunc fencecheckPerfEdit() {}\n' >>"$file"
	echo "$rel" >"$out/$1/edit.txt"
}
restore_file() {
	[[ -n "$edited" ]] || return 0
	cat "$out/edited.orig" >"$edited"
	touch -r "$out/edited.orig" "$edited"
	chmod a-w "$edited" "$(dirname "$edited")"
	rm -f "$out/edited.orig"
	edited=""
}
trap restore_file EXIT

for w in "${order[@]}"; do
	d="$out/$w"
	rm -rf "$d"
	mkdir -p "$d"
	# shellcheck disable=SC2086
	expand ${workloads[$w]} >"$d/packages.txt"
	[[ -s "$d/packages.txt" ]] || die "$w: no packages"
	mapfile -t pkgs <"$d/packages.txt"
	rm -rf "$out/gocache-$w"
	if [[ "$(compiling_tools)" == 0 ]]; then
		# Only fencecheck runs: the build cache holds what go list
		# -compiled makes (cgo's Go files), as on a developer's machine.
		say "$w: ${#pkgs[@]} packages; warming the build cache (cgo only: every compiling tool is in PERF_SKIP)"
		GOCACHE="$out/gocache-$w" go list -e -compiled -deps -test "${pkgs[@]}" >/dev/null ||
			die "$w: go list -compiled failed"
	else
		say "$w: ${#pkgs[@]} packages; warming the build cache (compiled export data only)"
		GOCACHE="$out/gocache-$w" go list -e -export -deps -test "${pkgs[@]}" >/dev/null ||
			die "$w: go list -export failed"
	fi

	fccache="$out/fccache-$w"
	rm -rf "$fccache"
	measure "$w" fencecheck env FENCECHECK_CACHE="$fccache" "$bin/fencecheck" "${pkgs[@]}"
	measure "$w" fencecheck-warm env FENCECHECK_CACHE="$fccache" "$bin/fencecheck" "${pkgs[@]}"
	edit_file "$w"
	measure "$w" fencecheck-edit env FENCECHECK_CACHE="$fccache" "$bin/fencecheck" "${pkgs[@]}"
	restore_file
	du -sk "$fccache" | cut -f1 >"$d/fccache.kib"
	rm -rf "$fccache"
	measure "$w" fencecheck-nocache "$bin/fencecheck" -cache=off "${pkgs[@]}"
	measure "$w" vettool go vet -vettool="$bin/fencecheck" "${pkgs[@]}"
	measure "$w" vet go vet "${pkgs[@]}"
	measure "$w" staticcheck "$bin/staticcheck" -checks all "${pkgs[@]}"
	measure "$w" floor "$bin/floor" "${pkgs[@]}"
	measure "$w" floorssa "$bin/floor" -ssa "${pkgs[@]}"
	measure "$w" floorexport "$bin/floor" -facts=false "${pkgs[@]}"
	rm -rf "$out/gocache-$w"
done

# profiles of fencecheck standalone on every workload, after the timed runs
# (the warm build cache is gone by then; fencecheck does not use it).
if [[ "${PERF_PROFILE:-1}" != 0 ]]; then
	for w in "${order[@]}"; do
		d="$out/$w"
		say "$w: profiling fencecheck"
		mapfile -t pkgs <"$d/packages.txt"
		"$bin/fencecheck" -cache=off -cpuprofile "$d/cpu.pprof" -memprofile "$d/mem.pprof" "${pkgs[@]}" >/dev/null 2>&1 || true
		go tool pprof -top -nodecount=30 "$bin/fencecheck" "$d/cpu.pprof" >"$d/profile-cpu.txt" 2>&1 || say "$w: pprof (cpu) failed"
		go tool pprof -top -cum -nodecount=40 "$bin/fencecheck" "$d/cpu.pprof" >"$d/profile-cpu-cum.txt" 2>&1 || true
		go tool pprof -top -sample_index=alloc_space -nodecount=30 "$bin/fencecheck" "$d/mem.pprof" >"$d/profile-alloc.txt" 2>&1 || true
		go tool pprof -top -sample_index=inuse_space -nodecount=30 "$bin/fencecheck" "$d/mem.pprof" >"$d/profile-inuse.txt" 2>&1 || true
	done
fi

{
	echo "Run of $start to $(date -u '+%Y-%m-%d %H:%M UTC'), fencecheck at $commit, on $(nproc) cores, $(free -g | awk '/^Mem:/ {print $2}') GiB, $(go version)"
	echo
	"$bin/perfreport" -dir "$out" "${order[@]}"
} >"$out/report.md"
cat "$out/report.md"
