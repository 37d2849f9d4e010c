#!/bin/sh
# check.sh verifies that the GOPATH stubs in testdata/src match the real modules.
#
#  1. stubparity.go is type-checked (go vet) against the real modules, as part
#     of the example.com/realmod module.
#  2. The same file is type-checked (go vet, GO111MODULE=off) against the stubs,
#     using a temporary GOPATH whose src/ symlinks every entry of testdata/src
#     plus a copy of stubparity.go, so the repository is not modified.
#  3. apidiff compares every exported stub declaration with the real one and
#     prints each difference; "(subset)" lines are interfaces that the stubs
#     deliberately declare with fewer methods.
#
# Run from anywhere: sh testdata/realmod/stubparity/check.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
realmod=$(dirname "$here")
stubsrc=$(cd "$realmod/../src" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== module mode (real modules)"
(cd "$realmod" && go vet ./stubparity)

echo "== GOPATH mode (stubs)"
mkdir -p "$tmp/gopath/src/stubparity"
for e in "$stubsrc"/*; do ln -s "$e" "$tmp/gopath/src/$(basename "$e")"; done
cp "$here/stubparity.go" "$tmp/gopath/src/stubparity/"
(cd "$tmp/gopath/src/stubparity" && GO111MODULE=off GOPATH="$tmp/gopath" GOFLAGS= go vet .)

echo "== apidiff"
pkgs=$(cd "$stubsrc" && find . -type f -name '*.go' -path './*.*/*' -exec dirname {} \; | sed 's|^\./||' | grep -v '^example\.com' | sort -u)
(cd "$here/apidiff" && go build -o "$tmp/apidiff" .)
# shellcheck disable=SC2086
STUBGOPATH="$tmp/gopath" "$tmp/apidiff" "$tmp/gopath/src/stubparity" "$realmod" $pkgs
echo "== ok"
