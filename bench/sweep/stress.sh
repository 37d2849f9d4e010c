#!/usr/bin/env bash
# Race-detector stress (issue 27): builds fencecheck with -race and runs it
# over real modules at several GOMAXPROCS, output formats and memory limits,
# looking for data races, panics and fatal errors of the driver's workers.
#
#	bench/sweep/stress.sh                          # realmod and the locks, etcd and grpc batches
#	bench/sweep/stress.sh realmod client-go        # named targets
#	bench/sweep/stress.sh dir:/path/to/module      # a module of your own, ./...
#	bench/sweep/stress.sh dir:/path/to/module:./pkg/...
#
# Targets: realmod (testdata/realmod), a batch of run.sh (std client-go etcd
# grpc locks, swept from bench/sweep's module as run.sh sweeps it), or
# dir:DIR[:PATTERN] (GOFLAGS=-mod=mod, PATTERN ./... by default).
#
# Environment:
#	STRESS_PROCS    GOMAXPROCS values (default "1 2 16")
#	STRESS_FORMATS  output formats, each a run (default "json"; text json sarif)
#	STRESS_MEMLIMIT GOMEMLIMIT for every run (e.g. 200MiB), default none
#	STRESS_ULIMIT_V ulimit -v in KiB for every run, default none
#	STRESS_PTY=1    run under script(1), so that the progress line is on
#	                (text output only: the line is never drawn for json or sarif)
#	STRESS_RACE=0   build without -race (for STRESS_ULIMIT_V: the race
#	                detector's shadow memory needs far more address space)
#	STRESS_OUT      output directory (default bench/sweep/out/stress)
#
# Each run's stdout, stderr, GNU time output and exit status go to
# $STRESS_OUT/<target>-p<procs>-<format>/; one table row per run goes to
# $STRESS_OUT/summary.md. Exit status 3 if any run had a data race, a
# panic, a fatal error, an internal error or an exit status above 2 (the
# race detector's is 66, a signal's 128+n); 0 otherwise. Findings (exit 1)
# and packages that do not load (exit 2 with a load error) are figures.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
out="${STRESS_OUT:-$here/out/stress}"
procs="${STRESS_PROCS:-1 2 16}"
formats="${STRESS_FORMATS:-json}"

die() { echo "stress: $*" >&2; exit 1; }
[[ -x /usr/bin/time ]] || die "GNU time is missing: apt-get install -y time"
if [[ "${STRESS_PTY:-}" == 1 ]]; then command -v script >/dev/null || die "script(1) is missing (util-linux)"; fi

targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(realmod locks etcd grpc)

mkdir -p "$out/bin"
race=-race
[[ "${STRESS_RACE:-1}" == 0 ]] && race=""
bin="$out/bin/fencecheck${race}"
echo "stress: building fencecheck $race from $repo" >&2
(cd "$repo" && go build $race -o "$bin" ./cmd/fencecheck) || die "fencecheck $race does not build"

# target_setup NAME sets dir, pkgs (the package arguments) and modflags.
target_setup() {
	local t="$1"
	modflags=""
	case "$t" in
	realmod)
		dir="$repo/testdata/realmod" pkgs="./..." modflags="-mod=mod" ;;
	std | client-go | etcd | grpc | locks)
		dir="$here"
		local line patterns p prefix
		line="$(grep -E "^[[:space:]]*\"$t\|" "$here/run.sh")" || die "no batch $t in run.sh"
		patterns="${line#*|}" patterns="${patterns%\"*}"
		pkgs=""
		for p in $patterns; do
			if [[ "$p" == std ]]; then pkgs+=" $(cd "$dir" && go list -e std | tr '\n' ' ')"; continue; fi
			prefix="${p%/...}"
			pkgs+=" $(cd "$dir" && go list -e -f '{{with .Module}}{{.Path}} {{$.ImportPath}}{{end}}' "$p" |
				awk -v pre="$prefix" '$1 == pre || index($1, pre "/") == 1 { print $2 }' |
				grep -v -e '/valkeygo$' -e '/examples/valkego$' | tr '\n' ' ')"
		done ;;
	dir:*)
		local rest="${t#dir:}"
		dir="${rest%%:*}" pkgs="./..." modflags="-mod=mod"
		[[ "$rest" == *:* ]] && pkgs="${rest#*:}"
		[[ -d "$dir" ]] || die "no directory $dir" ;;
	*) die "unknown target $t (realmod, std, client-go, etcd, grpc, locks, dir:DIR[:PATTERN])" ;;
	esac
}

summary="$out/summary.md"
[[ -f "$summary" ]] || {
	echo "| target | root packages | GOMAXPROCS | format | build, limits | wall s | CPU s | peak RSS MiB | exit | findings | races | panics / fatal | internal errors |"
	echo "|---|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
} >"$summary"

failed=0
for t in "${targets[@]}"; do
	target_setup "$t"
	name="$(basename "${t#dir:}" | sed 's/[^A-Za-z0-9_.+-]/_/g')"
	# shellcheck disable=SC2086
	n=$(cd "$dir" && GOFLAGS="$modflags" go list -e $pkgs 2>/dev/null | wc -l)
	for p in $procs; do
		for f in $formats; do
			d="$out/$name-p$p-$f${race:--plain}${STRESS_MEMLIMIT:+-m$STRESS_MEMLIMIT}${STRESS_ULIMIT_V:+-v$STRESS_ULIMIT_V}${STRESS_PTY:+-pty}"
			rm -rf "$d" && mkdir -p "$d"
			cmd="$bin -f $f $pkgs"
			[[ "$f" == text ]] && cmd="$bin $pkgs"
			limits="${race:-plain}${STRESS_MEMLIMIT:+, GOMEMLIMIT=$STRESS_MEMLIMIT}${STRESS_ULIMIT_V:+, ulimit -v $STRESS_ULIMIT_V}${STRESS_PTY:+, pty}"
			echo "stress: $name ($n packages) GOMAXPROCS=$p -f $f ${limits}" >&2
			rc=0
			(
				cd "$dir"
				export GOMAXPROCS="$p" GOFLAGS="$modflags" GORACE="halt_on_error=0"
				[[ -n "${STRESS_MEMLIMIT:-}" ]] && export GOMEMLIMIT="$STRESS_MEMLIMIT"
				[[ -n "${STRESS_ULIMIT_V:-}" ]] && ulimit -v "$STRESS_ULIMIT_V"
				if [[ "${STRESS_PTY:-}" == 1 ]]; then
					# The progress line is drawn on stderr when it is a terminal:
					# stdout still goes to the file, stderr is the pty's.
					/usr/bin/time -v -o "$d/time.txt" script -qec "nice $cmd 2>/dev/tty >'$d/stdout'" /dev/null >"$d/stderr" </dev/null
				else
					# shellcheck disable=SC2086
					/usr/bin/time -v -o "$d/time.txt" nice $cmd >"$d/stdout" 2>"$d/stderr"
				fi
			) || rc=$?
			echo "$rc" >"$d/rc"
			# On a pty, the progress line's carriage returns separate lines,
			# and a trace may follow it on the same line.
			tr '\r' '\n' <"$d/stderr" >"$d/stderr.lines"
			races=$(grep -c '^WARNING: DATA RACE' "$d/stderr.lines" || true)
			panics=$(grep -cE '(^|s)(panic: |fatal error: )|^(runtime: |SIGSEGV|goroutine [0-9]+ \[)' "$d/stderr.lines" || true)
			internal=$(grep -c 'internal error' "$d/stderr.lines" || true)
			findings=$(grep -c . "$d/stdout" || true)
			[[ "$f" == sarif ]] && findings=$(grep -c '"ruleId"' "$d/stdout" || true)
			wall=$(awk -F': ' '/Elapsed/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; printf "%.1f", s}' "$d/time.txt")
			cpu=$(awk -F': ' '/User time|System time/ {s+=$2} END {printf "%.1f", s}' "$d/time.txt")
			rss=$(awk -F': ' '/Maximum resident/ {printf "%d", $2/1024}' "$d/time.txt")
			echo "| $name | $n | $p | $f | $limits | $wall | $cpu | $rss | $rc | $findings | $races | $panics | $internal |" >>"$summary"
			echo "stress: exit $rc, $findings findings, $races races, $panics panic/fatal lines, $internal internal errors, ${wall}s wall, ${cpu}s CPU, ${rss} MiB" >&2
			if [[ $races -gt 0 || $panics -gt 0 || $internal -gt 0 || $rc -gt 2 ]]; then failed=1; fi
		done
	done
done
echo "stress: wrote $summary" >&2
[[ $failed == 0 ]] || { echo "stress: FAILED: see the runs above" >&2; exit 3; }
