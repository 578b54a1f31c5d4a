# SPDX-License-Identifier: Apache-2.0
"""Reference and memory leaks: each call repeated many times, on its happy
and its error paths; neither the memory Python traces (tracemalloc), nor the
objects the collector tracks, nor the inputs' reference counts may grow."""

import gc
import hashlib
import io
import pickle
import sys
import tracemalloc

import pytest

import turbodigest as td
from turbodigest import hmac
from conftest import SANITIZE

KEY, MSG, BIG = b"k" * 20, b"m" * 100, b"b" * 5000
BA = bytearray(b"x" * 3000)


def swallow(fn):
    def call():
        try:
            fn()
        except Exception:  # noqa: BLE001 - error paths are what is measured
            pass
    return call


def _gen():
    yield b"a"
    raise ZeroDivisionError


CALLS = {
    "sha256": lambda: td.sha256(MSG).digest(),
    "md5 big": lambda: td.md5(BIG).hexdigest(),
    "new": lambda: td.new("sha512_224", MSG).copy().digest(),
    "update": lambda: td.sha1(MSG).update(BA),
    "copy": lambda: td.sha384(BIG).copy(),
    "attrs": lambda: (td.sha256().name, td.sha256().digest_size, td.sha256().block_size),
    "kwargs": lambda: td.sha256(data=MSG, usedforsecurity=False),
    "hash_many": lambda: td.hash_many("sha256", [MSG, BA, memoryview(BIG)] * 200),
    "hash_many gen": lambda: td.hash_many("sha1", (MSG for _ in range(600))),
    "hash_many_fixed": lambda: td.hash_many_fixed("sha256", BIG, 100),
    "hmac": lambda: hmac.new(KEY, MSG, "sha256").copy().hexdigest(),
    "hmac ctor": lambda: hmac.new(KEY, MSG, td.sha256).name,
    "hmac.digest": lambda: hmac.digest(KEY, BA, "sha512"),
    "hkdf": lambda: td.hkdf("sha256", KEY, salt=MSG, info=MSG, length=100),
    "pbkdf2": lambda: td.pbkdf2_hmac("sha1", KEY, MSG, 3, 50),
    "pickle": lambda: pickle.loads(pickle.dumps(td.sha256(BIG))).digest(),
    "pickle hmac": lambda: pickle.loads(pickle.dumps(hmac.new(KEY, MSG, "md5"))).digest(),
    "err pbkdf2": swallow(lambda: td.pbkdf2_hmac("sha1", KEY, MSG, 0)),
    "err pbkdf2 name": swallow(lambda: td.pbkdf2_hmac("nope", BA, MSG, 1)),
    "err restore": swallow(lambda: td.sha256().__reduce__()[0](MSG)),
    "backends": lambda: (td.backends("sha256", "many"), td.backend("md5"), td.cpu_features()),
    "file_digest": lambda: td.file_digest(io.BytesIO(BIG), "sha256").digest(),
    "err str": swallow(lambda: td.sha256("s")),
    "err name": swallow(lambda: td.new("nope")),
    "err kw": swallow(lambda: td.sha256(MSG, foo=1)),
    "err noncontig": swallow(lambda: td.sha256(memoryview(BIG)[::2])),
    "err update": swallow(lambda: td.sha256().update("s")),
    "err hash_many item": swallow(lambda: td.hash_many("sha256", [BA] * 300 + ["s"])),
    "err hash_many gen": swallow(lambda: td.hash_many("sha256", _gen())),
    "err fixed": swallow(lambda: td.hash_many_fixed("sha256", BA, 7)),
    "err hmac key": swallow(lambda: hmac.new("k", digestmod="sha256")),
    "err hmac digestmod": swallow(lambda: hmac.new(KEY, digestmod="nope")),
    "err hmac digest": swallow(lambda: hmac.digest(KEY, "m", "sha256")),
    "err hkdf": swallow(lambda: td.hkdf("sha256", KEY, length=10**6)),
    "err use_backend": swallow(lambda: td.use_backend("sha256", "nope")),
    "sha3": lambda: td.sha3_256(MSG).copy().hexdigest(),
    "sha3 big": lambda: pickle.loads(pickle.dumps(td.sha3_512(BIG))).digest(),
    "shake": lambda: td.shake_128(MSG).copy().digest(1000),
    "shake big": lambda: td.new("shake_256", BIG).hexdigest(5000),
    "shake update": lambda: td.shake_256(data=MSG).update(BA),
    "err shake length": swallow(lambda: td.shake_128(MSG).digest(-1)),
    "err shake kw": swallow(lambda: td.shake_128(MSG).hexdigest(foo=1)),
    "err shake pickle": swallow(lambda: pickle.dumps(td.shake_256(MSG))),
    "err shake hmac": swallow(lambda: hmac.new(KEY, MSG, td.shake_128)),
}


def settle():
    # The type attribute cache holds the names it was asked for: fresh ones
    # (pickle's, from the stream) would fill it, bounded, but not a leak.
    gc.collect()
    sys._clear_type_cache()


def measure(fn, n):
    """Growth of traced memory and of tracked objects over n calls: the least
    of three rounds after a warm-up, so that caches the interpreter fills
    once (its specialisation) do not count; a leak shows in every round."""
    settle()
    tracemalloc.start()
    try:
        for _ in range(n):
            fn()
        grown, objs = [], []
        for _ in range(3):
            settle()
            mem, count = tracemalloc.get_traced_memory()[0], len(gc.get_objects())
            for _ in range(n):
                fn()
            settle()
            grown.append(tracemalloc.get_traced_memory()[0] - mem)
            objs.append(len(gc.get_objects()) - count)
        return min(grown), min(objs)
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("name", sorted(CALLS))
def test_no_leak(name):
    fn = CALLS[name]
    n = 200 if SANITIZE else 1000
    inputs = (KEY, MSG, BIG, BA)
    refs = [sys.getrefcount(o) for o in inputs]
    grown, objs = measure(fn, n)
    # A leaked bytes object or reference per call would be n * 30 bytes or more.
    assert grown < n * 8, (name, grown)
    assert objs < 20, (name, objs)
    # Fewer is no leak: a failed test's traceback may have let go of them.
    after = [sys.getrefcount(o) for o in inputs]
    assert all(a <= b for a, b in zip(after, refs)), (name, after, refs)
    BA.extend(b"y")             # no buffer view left held on it
    del BA[-1:]


def test_files_no_leak(tmp_path):
    paths = []
    for i in range(20):
        p = tmp_path / f"f{i}"
        p.write_bytes(b"z" * (i * 1000))
        paths.append(p)
    missing = [paths[0], tmp_path / "missing", paths[1]]
    n = 50 if SANITIZE else 200
    for fn in (lambda: td.hash_files("sha256", paths),
               swallow(lambda: td.hash_files("md5", missing)),
               swallow(lambda: td.hash_files("md5", [1]))):
        grown, objs = measure(fn, n)
        assert grown < n * 8 and objs < 20, (grown, objs)
    assert hashlib  # the reference module stays imported for the others
