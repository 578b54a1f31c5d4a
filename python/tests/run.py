# SPDX-License-Identifier: Apache-2.0
"""CTest's entry to the Python tests: pytest on this directory, or exit 77
(CTest's skip) where pytest or the module is missing. Nothing is written to
the source tree (no cache, no bytecode)."""

import faulthandler
import os
import sys

SKIP = 77


def main() -> int:
    if len(sys.argv) >= 3 and sys.argv[1] == "--skip":
        print(f"python: skipped: {sys.argv[2]}")
        return SKIP
    try:
        import pytest
    except ImportError:
        print("python: skipped: pytest not found (Debian: python3-pytest)")
        return SKIP
    # A hang prints every thread's stack and fails, before CTest's timeout.
    faulthandler.dump_traceback_later(int(os.environ.get("TD_PY_TIMEOUT", "600")), exit=True)
    sys.dont_write_bytecode = True
    return pytest.main(["-p", "no:cacheprovider", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
