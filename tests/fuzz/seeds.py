#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the hand-made seeds of tests/fuzz/corpus/<target>/seed-*: a few
inputs per target that reach its main paths (each algorithm, block and
padding edges, the error cases), in the layout each fuzz_<target>.c reads.
The other files there are inputs that libFuzzer found (kept after `-merge=1`)
and regression inputs (regress-*). Run from anywhere; rewrites only seed-*.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ALGS = ["md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha512-224", "sha512-256"]
BLOCK = {a: 128 if a.startswith("sha384") or a.startswith("sha512") else 64 for a in ALGS}
DIGEST = {"md5": 16, "sha1": 20, "sha224": 28, "sha256": 32, "sha384": 48, "sha512": 64,
          "sha512-224": 28, "sha512-256": 32}
TAG = {"md5": "MD5", "sha1": "SHA1", "sha224": "SHA224", "sha256": "SHA256", "sha384": "SHA384",
       "sha512": "SHA512", "sha512-224": "SHA512-224", "sha512-256": "SHA512-256"}


def pattern(n, salt=0):
    return bytes((i * 131 + salt * 7 + 1) & 0xFF for i in range(n))


def write(target, name, data):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "seed-" + name), "wb") as f:
        f.write(data)


def stream():
    for a, alg in enumerate(ALGS):
        b = BLOCK[alg]
        for n in (0, 3, b - 9, b - 8, b, 2 * b + 1):
            # flags: skew 3, one repeat; fork before update 1; splits 1, 0, a
            # block, a block less one, the rest.
            write("stream", f"{alg}-{n}", bytes([a, 3, 1, 5, 1, 0, 0x80, 0xc0, 0xff]) + pattern(n, a))
        write("stream", f"{alg}-repeat4", bytes([a, 0x31, 2, 2, 7, 0x81]) + pattern(b + 3, a))


def many():
    for a, alg in enumerate(ALGS):
        b, d = BLOCK[alg], DIGEST[alg]
        arena = pattern(3 * b + 17, a)
        # Mixed lengths, 31 messages (16 + 8 + 4 + 2 + 1), overlapping.
        n = 31
        desc = bytes([0])
        for i in range(n):
            desc += bytes([(i * 37) & 0xFF, [0, 1, b - 9, b - 8, b, 0x80, 0xc0][i % 7]])
        write("many", f"{alg}-mixed31", bytes([a, 0x00, n - 1]) + desc + arena)
        # Equal lengths, 40 messages, a NULL message with a length (error).
        desc = bytes([b - 9 if b - 9 < 0x80 else 55])
        for i in range(40):
            desc += bytes([(i * 11) & 0xFF])
        write("many", f"{alg}-equal40-bad", bytes([a, 0x84, 39, 7]) + desc + arena)
        # Fixed: 40 messages of one block (the shared last block by its
        # schedule), in place; and 5 of 3 bytes.
        write("many", f"{alg}-fixed40-inplace",
              bytes([a, 0x1b, 39, 0]) + b.to_bytes(2, "big") + pattern(40 * b // 8 + 1, a))
        write("many", f"{alg}-fixed5-short", bytes([a, 0x01, 4, 9, 0, 3]) + pattern(20, a))
        write("many", f"{alg}-fixed-digest-size-inplace",
              bytes([a, 0x03, 16, 0]) + d.to_bytes(2, "big") + pattern(17 * d, a))


def mac():
    for a, alg in enumerate(ALGS):
        b, d = BLOCK[alg], DIGEST[alg]
        key, salt, info = pattern(20, 1), pattern(13, 2), pattern(10, 3)
        msg = b"Hi There" + pattern(2 * b, a)
        out = 42
        head = bytes([a, 0, len(key), len(salt), len(info)]) + out.to_bytes(2, "big") + bytes([3])
        write("mac", f"{alg}-basic", head + key + salt + info + bytes([1, 0x80, 0]) + msg)
        # A key longer than a block, the longest output, no salt or info.
        key = pattern(b + 1, 4)
        out = 0x4000 | 255 * d  # the "anything up to the limit" form
        head = bytes([a, 1, len(key), 0, 0]) + out.to_bytes(2, "big") + bytes([0])
        write("mac", f"{alg}-longkey-maxout", head + key + b"")
        # Above the limit: TD_ERR_ARG.
        head = bytes([a, 2, 5, 0, 0]) + (0x8000).to_bytes(2, "big") + bytes([0])
        write("mac", f"{alg}-toolong", head + pattern(5))
        # Everything empty.
        write("mac", f"{alg}-empty", bytes([a, 3, 0, 0, 0, 0, 0, 0]))


def backend_env():
    values = [
        "portable", "sha256=portable,md5=portable", " sha-256 = portable ,\tmd5\t=portable",
        "avx2-x8", "avx512-x16", "shani-x4", "shani", "shani-msg", "avx2", "ssse3", "avx512",
        "avx512-scalar", "avx512-x8", "avx512-x4", "avx2-x4", "armv8", "armv8-sha512",
        "SHA512/256=avx512-scalar,sha512=avx2", "sha1=shani-msg,portable", "portable,sha1=shani",
        "", ",", "=", "=portable", "sha256=", "sha2_224=portable,SHA2-384=portable",
        "sha512_224=portable,sha512-256=portable,nope", "md5=avx512-x16,md5=portable",
    ]
    for i, v in enumerate(values):
        write("backend_env", f"{i:02d}", v.encode())


def cpu_env():
    specs = [
        "", "-sha-ni,-avx512f", "+slow-vprold", " -avx , +slow-vector-int ", "-neon", "-sha2",
        "avx2", "+avx2", "-", ",,", "-avx512vl,-slow-vprold,+slow-vprold", "-sse2,-ssse3,-sse4.1",
        "-bmi1,-bmi2,-avx2", "-sha1,-sha512", "-avx512bw\t,\t-nope",
    ]
    for i, s in enumerate(specs):
        for probe in (0xFFFFFFFF, 0x0000_07FF, 0x000F_0000):
            write("cpu_env", f"{i:02d}-{probe:08x}", probe.to_bytes(4, "big") + s.encode())


def check_line():
    for a, alg in enumerate(ALGS):
        hx = pattern(DIGEST[alg], a).hex()
        lines = [
            f"{hx}  file.txt",
            f"{hx} *bin file",
            f"{TAG[alg]} (tag (name)) = {hx}",
            f"\\{hx}  back\\\\slash\\nnewline",
            f"\\{TAG[alg]} (cr\\r) = {hx.upper()}",
            "# a comment",
            f"{hx} reversed-bsd",
            f"{hx}  crlf\r",
            f"{hx[:-1]}  short",
            f"{TAG[alg]}(nospace) ={hx}",
            "",
        ]
        write("check_line", f"{alg}-forms", bytes([a]) + "\n".join(lines).encode())
        write("check_line", f"{alg}-reversed", bytes([a]) + f"{hx} one\n{hx}  two\n".encode())


if __name__ == "__main__":
    stream()
    many()
    mac()
    backend_env()
    cpu_env()
    check_line()
