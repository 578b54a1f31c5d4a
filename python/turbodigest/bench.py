# SPDX-License-Identifier: Apache-2.0
"""turbodigest beside hashlib, in one process: python3 -m turbodigest.bench

One message (64 B, 1 KiB, 1 MiB): turbodigest.sha256(m).digest() against
hashlib.sha256(m).digest(). Many messages: 100,000 of 64 bytes through
hash_many, and laid end to end through hash_many_fixed, against a hashlib
comprehension. Files: 64 files of 16 MiB (made in a temporary directory
unless --files names some), in the page cache, through hash_files against a
loop of hashlib.file_digest. Each figure is the best of several rounds (short
ones, many of them, for one message), the contenders taking turns round by
round; the ratio is hashlib's time over turbodigest's.
"""

import argparse
import hashlib
import os
import platform
import ssl
import sys
import tempfile
import time
import timeit

import turbodigest


def cpu_name():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def best_of(contenders, rounds, target=0.05):
    """Seconds per call of each contender: calls per round calibrated to
    about target seconds, the best round kept, contenders taking turns. A
    contender is a callable, or a (statement, globals) pair, timed as
    written (no function call around it)."""
    numbers = {}
    for name, fn in contenders.items():
        t = timeit.Timer(fn[0], globals=fn[1]) if isinstance(fn, tuple) else timeit.Timer(fn)
        n, elapsed = 1, t.timeit(1)
        while elapsed < target / 10 and n < 1 << 20:
            n *= 10
            elapsed = t.timeit(n)
        numbers[name] = (t, max(1, int(n * target / max(elapsed, 1e-9))))
    best = {name: float("inf") for name in contenders}
    order = list(numbers.items())
    for r in range(rounds):
        # Turns in one order, then the other: going first or last in a round
        # (the memory the one before left) favours no one.
        for name, (t, n) in order if r % 2 == 0 else reversed(order):
            best[name] = min(best[name], t.timeit(n) / n)
    return best


def row(label, base, times, unit_count=1, unit="call"):
    parts = [f"{label:<34}", f"hashlib {fmt(base / unit_count)}/{unit}"]
    for name, t in times.items():
        parts.append(f"{name} {fmt(t / unit_count)}/{unit} {base / t:6.2f}x")
    print("  ".join(parts), flush=True)


def fmt(seconds):
    if seconds < 1e-6:
        return f"{seconds * 1e9:8.1f} ns"
    if seconds < 1e-3:
        return f"{seconds * 1e6:8.2f} us"
    return f"{seconds * 1e3:8.2f} ms"


def one_message(algs, rounds):
    print("\nOne message: X(m).digest()")
    for name in algs:
        td_ctor, hl_ctor = getattr(turbodigest, name), getattr(hashlib, name)
        for size in (64, 1024, 1 << 20):
            m = os.urandom(size)
            assert td_ctor(m).digest() == hl_ctor(m).digest()
            # Many short rounds: on a shared machine some run undisturbed.
            t = best_of({"hashlib": ("sha(m).digest()", {"sha": hl_ctor, "m": m}),
                         "turbodigest": ("sha(m).digest()", {"sha": td_ctor, "m": m})},
                        rounds * 10, target=0.005)
            row(f"{name} {size:>7} B", t["hashlib"], {"turbodigest": t["turbodigest"]})


def many_messages(algs, rounds, count):
    print(f"\nMany messages: {count:,} of 64 B")
    msgs = [os.urandom(64) for _ in range(count)]
    blob = b"".join(msgs)
    for name in algs:
        hl_ctor = getattr(hashlib, name)
        want = [hl_ctor(m).digest() for m in msgs]
        assert turbodigest.hash_many(name, msgs) == want
        assert turbodigest.hash_many_fixed(name, blob, 64) == b"".join(want)
        g = {"sha": hl_ctor, "msgs": msgs, "blob": blob, "name": name,
             "hash_many": turbodigest.hash_many, "hash_many_fixed": turbodigest.hash_many_fixed}
        t = best_of({"hashlib": ("[sha(m).digest() for m in msgs]", g),
                     "hash_many": ("hash_many(name, msgs)", g),
                     "hash_many_fixed": ("hash_many_fixed(name, blob, 64)", g)},
                    rounds * 3, target=0)
        row(f"{name} [h(m).digest() for m in msgs]", t["hashlib"],
            {"hash_many": t["hash_many"], "hash_many_fixed": t["hash_many_fixed"]},
            unit_count=count, unit="msg")


def make_files(directory, count, size):
    paths, chunk = [], os.urandom(1 << 20)
    for i in range(count):
        path = os.path.join(directory, f"bench-{i:03}")
        with open(path, "wb") as f:
            for _ in range(size >> 20):
                f.write(chunk)
            f.write(chunk[: size & ((1 << 20) - 1)])
        paths.append(path)
    return paths


def files(algs, rounds, paths):
    total = sum(os.path.getsize(p) for p in paths)
    print(f"\nFiles: {len(paths)} files, {total / (1 << 20):.0f} MiB in all, in the page cache")

    def hashlib_loop(name):
        out = []
        for p in paths:
            with open(p, "rb") as f:
                out.append(hashlib.file_digest(f, name).digest())
        return out
    for name in algs:
        assert turbodigest.hash_files(name, paths) == hashlib_loop(name)   # also warms the cache
        t = best_of({"hashlib": lambda: hashlib_loop(name),
                     "hash_files": lambda: turbodigest.hash_files(name, paths)},
                    rounds, target=0)
        row(f"{name} file_digest loop", t["hashlib"], {"hash_files": t["hash_files"]},
            unit_count=1, unit="run")
        print(f"{'':<34}  hashlib {total / t['hashlib'] / 1e6:9.0f} MB/s"
              f"  hash_files {total / t['hash_files'] / 1e6:9.0f} MB/s", flush=True)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python3 -m turbodigest.bench", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-a", "--algorithms", default="sha256,md5",
                   help="comma-separated hashlib names (default sha256,md5)")
    p.add_argument("-r", "--rounds", type=int, default=7,
                   help="rounds of the files, the best kept (default 7); one message takes "
                        "10 times as many, many messages 3 times")
    p.add_argument("--quick", action="store_true",
                   help="3 rounds, 10,000 messages, 16 files of 4 MiB")
    p.add_argument("--files", nargs="+", metavar="PATH", help="hash these files instead")
    p.add_argument("--only", default="one,many,files",
                   help="sections to run: one, many, files (default all)")
    args = p.parse_args(argv)
    algs = [a.strip() for a in args.algorithms.split(",") if a.strip()]
    for a in algs:
        if a not in turbodigest.algorithms_available or not hasattr(hashlib, a):
            p.error(f"{a}: not a hashlib constructor here")
    rounds = 3 if args.quick else args.rounds
    only = set(args.only.split(","))

    print(f"turbodigest {turbodigest.__version__} beside hashlib ({ssl.OPENSSL_VERSION}), "
          f"Python {platform.python_version()}")
    print(f"CPU: {cpu_name()}, {os.cpu_count()} CPUs; features: {turbodigest.cpu_features()}")
    for a in algs:
        print(f"{a}: single {turbodigest.backend(a)}, many {turbodigest.backend(a, 'many')}")
    print(f"best of {rounds * 10}, {rounds * 3} and {rounds} rounds; "
          "ratio: hashlib's time over turbodigest's")
    start = time.perf_counter()
    if "one" in only:
        one_message(algs, rounds)
    if "many" in only:
        many_messages(algs, rounds, 10_000 if args.quick else 100_000)
    if "files" in only:
        if args.files:
            files(algs, rounds, args.files)
        else:
            count, size = (16, 4 << 20) if args.quick else (64, 16 << 20)
            with tempfile.TemporaryDirectory(prefix="turbodigest-bench-") as d:
                files(algs, rounds, make_files(d, count, size))
    print(f"\n({time.perf_counter() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
