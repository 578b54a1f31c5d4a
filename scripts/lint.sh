#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Static analysis of src/ and tools/ (make lint): clang-tidy with the checks
# of .clang-tidy, then cppcheck, both on the files of the compile database
# CMake exported in BUILD_DIR (CMAKE_EXPORT_COMPILE_COMMANDS=ON). Every
# finding fails the run.
#
# usage: scripts/lint.sh BUILD_DIR [JOBS]
#
# Left out: tools/tdsum/tests/, whose LD_PRELOAD shim defines libc's read()
# and cannot give its parameters glibc's reserved names. cppcheck's
# suppressions, with their reasons: scripts/cppcheck-suppressions.txt.
# CLANG_TIDY and CPPCHECK name other binaries (e.g. CLANG_TIDY=clang-tidy-14).
set -eu

build=${1:?usage: scripts/lint.sh BUILD_DIR [JOBS]}
jobs=${2:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
db="$build/compile_commands.json"
clang_tidy=${CLANG_TIDY:-clang-tidy}
cppcheck=${CPPCHECK:-cppcheck}
[ -f "$db" ] || { echo "lint.sh: $db missing: configure $build with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON" >&2; exit 1; }
build=$(cd "$build" && pwd)
db="$build/compile_commands.json"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The database's files under src/ and tools/, each once.
python3 - "$db" "$root" >"$tmp/files" <<'EOF'
import json, os, sys
db, root = sys.argv[1], os.path.realpath(sys.argv[2])
files = set()
for entry in json.load(open(db)):
    f = os.path.normpath(os.path.join(entry["directory"], entry["file"]))
    rel = os.path.relpath(os.path.realpath(f), root)
    if rel.startswith(("src/", "tools/")) and not rel.startswith("tools/tdsum/tests/"):
        files.add(f)
print("\n".join(sorted(files)))
EOF
count=$(wc -l <"$tmp/files" | tr -d ' ')
start=$(date +%s)

echo "lint: $("$clang_tidy" --version | sed -n 's/.*LLVM version/clang-tidy/p'), $count files"
# clang-tidy prints findings on stdout; "N warnings generated" (from system
# headers, not shown) on stderr.
status=0
{ xargs -P "$jobs" -n 1 "$clang_tidy" -p "$build" --quiet <"$tmp/files" 2>&1 \
    || echo failed >"$tmp/tidy-failed"; } | grep -Ev '^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$' || true
if [ -f "$tmp/tidy-failed" ]; then
    echo "lint: clang-tidy found something (above)"
    status=1
fi

echo "lint: $("$cppcheck" --version)"
mkdir -p "$build/cppcheck"
# The database's files as it names them (absolute paths).
cd "$root"
filters=$(sed 's|^|--file-filter=|' "$tmp/files")
# shellcheck disable=SC2086 # one word per file
if ! "$cppcheck" --project="$db" $filters --enable=warning,performance,portability,style \
    --library=posix --inline-suppr --suppressions-list=scripts/cppcheck-suppressions.txt \
    --cppcheck-build-dir="$build/cppcheck" -j "$jobs" --quiet --error-exitcode=1 \
    --template='{file}:{line}:{column}: {severity}: {message} [{id}]'; then
    echo "lint: cppcheck found something (above)"
    status=1
fi
echo "lint: $(($(date +%s) - start))s"
exit $status
