#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The shared library's dynamic symbols against the header: every TD_API
# function exported, nothing else (a source file that does not see the
# header's declaration would define its function hidden, and it would be
# missing from the .so). Usage: check_exports.sh turbodigest.h libturbodigest.so
# Exit 77 where nm is missing.
set -u
header=$1 lib=$2
command -v nm >/dev/null 2>&1 || { echo "SKIP: nm not found"; exit 77; }
want=$(grep -o 'TD_API[^(]*(' "$header" | grep -o 'td_[a-z0-9_]*' | sort)
got=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[TtWwDdBbRr]$/ { print $3 }' | sed 's/@.*//' | sort)
if [ -z "$want" ] || [ "$want" != "$got" ]; then
    echo "$lib exports differ from the header's TD_API functions:"
    echo "  in the header, not exported: $(printf '%s\n' "$want" | grep -vxF "$got" | tr '\n' ' ')"
    echo "  exported, not in the header: $(printf '%s\n' "$got" | grep -vxF "$want" | tr '\n' ' ')"
    exit 1
fi
echo "$lib exports the $(echo "$got" | wc -l) TD_API functions of the header, nothing else"
