# SPDX-License-Identifier: Apache-2.0
"""Shared fixtures: the random seed (TD_TEST_SEED to repeat a run), the
algorithms with their hashlib names, and whether this is a sanitizer run
(fewer repetitions there)."""

import hashlib
import os
import random

import pytest

SEED = int(os.environ.get("TD_TEST_SEED") or random.SystemRandom().randrange(2**32))
SANITIZE = bool(os.environ.get("TD_PY_SANITIZE"))
ALGS = ["md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha512_224", "sha512_256",
        "sha3_224", "sha3_256", "sha3_384", "sha3_512"]
# SHA-3's block is the sponge's rate, as hashlib's block_size.
BLOCK = {"md5": 64, "sha1": 64, "sha224": 64, "sha256": 64,
         "sha384": 128, "sha512": 128, "sha512_224": 128, "sha512_256": 128,
         "sha3_224": 144, "sha3_256": 136, "sha3_384": 104, "sha3_512": 72}
XOFS = {"shake_128": 168, "shake_256": 136}


def pytest_report_header(config):
    return f"turbodigest tests: seed {SEED} (TD_TEST_SEED={SEED} repeats this run)"


@pytest.fixture
def rng(request):
    # One stream per test, from the run's seed and the test's name.
    return random.Random(f"{SEED}:{request.node.nodeid}")


def ref(name, data=b""):
    return hashlib.new(name, data)


def lengths(block):
    """Every length class: each length to past two blocks, each block boundary
    and the ones beside it to 1 KiB, the object's inline buffer's edge (224),
    the GIL threshold (2048) and a few long ones."""
    out = set(range(0, 2 * block + 3))
    for k in range(block, 1024 + 1, block):
        out.update((k - 1, k, k + 1))
    out.update((223, 224, 225, 2047, 2048, 2049, 65535, 65536, 100_003))
    return sorted(out)
