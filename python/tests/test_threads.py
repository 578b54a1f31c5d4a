# SPDX-License-Identifier: Apache-2.0
"""Threads: one object fed by many at once stays right, and the GIL is
released while large inputs are hashed (another thread runs meanwhile)."""

import hashlib
import os
import threading
import time

import pytest

import turbodigest as td
from turbodigest import hmac
from conftest import SANITIZE


def run_threads(n, target):
    errors = []

    def wrap(i):
        try:
            target(i)
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)
    threads = [threading.Thread(target=wrap, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


@pytest.mark.parametrize("make", [lambda: td.sha256(), lambda: td.md5(b"a" * 100),
                                  lambda: td.sha512(b"a" * 5000),
                                  lambda: hmac.new(b"k", digestmod="sha1")])
def test_one_object_many_threads(make):
    # Every update is of the byte b"a" alone, so any order of whole updates
    # gives the same message: a torn update would give another digest.
    obj = make()
    prefix = obj.copy().digest()
    sizes = [1, 63, 200, 2047, 2048, 5000, 100_000]
    rounds = 5 if SANITIZE else 20
    chunks = {n: b"a" * n for n in sizes}

    def feed(i):
        for r in range(rounds):
            for n in sizes[i % 3:] + sizes[: i % 3]:
                obj.update(chunks[n])
                if r % 4 == i % 4:
                    obj.copy().digest()
                    obj.hexdigest()
    run_threads(8, feed)
    total = 8 * rounds * sum(sizes)
    if isinstance(obj, hmac.HMAC):
        want = hmac.new(b"k", b"a" * total, "sha1").digest()
    else:
        base = make()
        assert base.digest() == prefix
        base.update(b"a" * total)
        want = base.digest()
    assert obj.digest() == want


def runs_beside(fn, tries=20):
    """Whether another thread runs Python code while fn runs: a thread
    counts as fast as it can, and the count must move by 50 or more inside
    one call of fn. A call that holds the GIL lets it count once at each
    point where the interpreter may switch threads around the call, a few
    in all. A few tries, for a machine busy with other work."""
    ticks = 0
    done = threading.Event()

    def count():
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0)
    t = threading.Thread(target=count)
    t.start()
    try:
        for _ in range(tries):
            before = ticks
            fn()
            if ticks - before >= 50:
                return True
        return False
    finally:
        done.set()
        t.join()


@pytest.fixture
def big_files(tmp_path):
    paths = []
    for i in range(4):
        p = tmp_path / f"big{i}"
        p.write_bytes(os.urandom(1) * (16 << 20))
        paths.append(p)
    return paths


def test_gil_released(big_files):
    big = b"\x5a" * (64 << 20)
    msgs = [big[i << 16:(i + 1) << 16] for i in range(1024)]
    calls = {
        "constructor": lambda: td.sha512(big),
        "update": lambda: td.sha256().update(big),
        "hash_many": lambda: td.hash_many("sha1", msgs),
        "hash_many_fixed": lambda: td.hash_many_fixed("md5", big, 4096),
        "hash_files": lambda: td.hash_files("sha256", big_files, jobs=1),
        "hmac": lambda: hmac.new(b"k", big, "sha256"),
        "hmac.digest": lambda: hmac.digest(b"k", big, "sha256"),
        "pbkdf2_hmac": lambda: td.pbkdf2_hmac("sha256", b"pw", b"salt", 200_000),
    }
    with open(big_files[0], "rb") as f:
        calls["file_digest"] = lambda: (f.seek(0), td.file_digest(f, "sha384"))
        for name, fn in calls.items():
            assert runs_beside(fn), name
    assert hashlib.sha256(big).digest() == td.sha256(big).digest()
