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
# In td_alg order: a seed's first byte is its algorithm's value.
MD_ALGS = ["md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha512-224", "sha512-256"]
SHA3_ALGS = ["sha3-224", "sha3-256", "sha3-384", "sha3-512"]
ALGS = MD_ALGS + SHA3_ALGS
BLOCK = {a: 128 if a.startswith("sha384") or a.startswith("sha512") else 64 for a in MD_ALGS}
BLOCK.update({"sha3-224": 144, "sha3-256": 136, "sha3-384": 104, "sha3-512": 72})
DIGEST = {"md5": 16, "sha1": 20, "sha224": 28, "sha256": 32, "sha384": 48, "sha512": 64,
          "sha512-224": 28, "sha512-256": 32,
          "sha3-224": 28, "sha3-256": 32, "sha3-384": 48, "sha3-512": 64}
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


def streams():
    for a, alg in enumerate(ALGS):
        b = BLOCK[alg]
        lens = [0, 1, 0x80, 0x81, 0xc0, b - 9 if b - 9 < 0x80 else 55, 0x83, 7]

        def update(k, start, step, alike=None, sizes=lens):
            # Places of either parity: an empty chunk at an odd one is NULL.
            if alike is not None:  # one length byte, then a place per chunk
                return bytes([0x80, k - 1, start, step, alike]) + bytes((j * 53 + 1) & 0xFF for j in range(k))
            op = bytes([0, k - 1, start, step])
            for j in range(k):
                op += bytes([sizes[j % len(sizes)], (j * 53 + 1) & 0xFF])
            return op

        def head(hmac, backend, n, key=b""):
            h = bytes([a, (1 if hmac else 0) | 0x12, backend, n - 1])
            return h + (bytes([len(key)]) + key if hmac else b"")

        def tail(ops, arena):
            return bytes([len(ops)]) + len(arena).to_bytes(2, "big") + b"".join(ops) + arena

        arena = pattern(3 * b + 17, a)
        # 70 streams (two rounds of 64, three of 32 finals): every one fed,
        # then subsets, one alone, a fork, some finished, lockstep, and each
        # kind of refused call.
        ops = [update(70, 0, 1), update(33, 5, 7), bytes([4, 9, 0x82, 3]), bytes([7, 9, 60]),
               bytes([6, 19, 2, 3]), update(64, 1, 3, alike=0x81), update(70, 69, 69)]
        ops += [bytes([5, 69, 0, 1, kind, 68]) for kind in range(7)]
        ops += [update(2, 0, 1), update(1, 6, 1)]
        write("streams", f"{alg}-mixed70", head(False, 0, 70) + tail(ops, arena))
        # Each of the first backends listed pinned, on 1, 17 and 100 streams.
        for j, n in enumerate((1, 17, 100)):
            ops = [update(n, 0, 1), update(n, n // 2, 1), bytes([6, n // 3, 0, 1]), update(n, 0, 1)]
            write("streams", f"{alg}-pinned{j + 1}-n{n}", head(False, j + 1, n) + tail(ops, arena))
        # HMAC: keys from 150 bytes down (longer than a block, then shorter).
        ops = [update(40, 0, 1, alike=0x80), bytes([7, 3, 4]), update(40, 2, 3), bytes([6, 9, 1, 1]),
               update(40, 0, 1, alike=0xc0)] + [bytes([5, 39, 0, 1, kind, 1]) for kind in range(7)]
        write("streams", f"{alg}-hmac40", head(True, 0, 40, pattern(150, 9)) + tail(ops, arena))
        ops = [update(100, 0, 1), update(100, 99, 99), bytes([6, 99, 0, 1])]
        write("streams", f"{alg}-hmac100", head(True, 2, 100, pattern(3, 9)) + tail(ops, arena))
        # Whole blocks alike into contexts holding none buffered (a file's
        # reads): 1, 2 and 3 blocks on 100 streams, then 64 of them, then
        # the lockstep broken by a partial block; into such contexts, whole
        # blocks for the first stream only, and one length alike that is
        # not whole blocks.
        whole = [update(100, 0, 1, alike=0x80), update(100, 7, 3, alike=0x81), update(100, 0, 1, alike=0x82),
                 update(64, 5, 1, alike=0x80), update(3, 0, 1), update(100, 0, 1, alike=0x80),
                 bytes([5, 99, 0, 1, 1, 3])]
        first_whole = [update(100, 0, 1, alike=0x80), update(100, 0, 1, sizes=[0x80, 0x81, 0x80, 3, 0xc0])]
        not_whole = [update(100, 3, 1, alike=0x81), update(100, 0, 1, alike=5), update(100, 0, 1, alike=0xc0)]
        for j, ops in enumerate((whole, first_whole, not_whole)):
            write("streams", f"{alg}-whole{j}", head(j == 2, j, 100, pattern(20, 9)) + tail(ops, arena))


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


def export():
    import zlib
    STATE = {"md5": 16, "sha1": 20, "sha224": 32, "sha256": 32}
    STATE.update({a: 200 for a in SHA3_ALGS})  # Keccak's 25 lanes

    def blob(hmac, a, alg, length, buffered, version=1):
        b = BLOCK[alg]
        state = STATE.get(alg, 64)
        out = (b"tdhm" if hmac else b"tdcx") + bytes([version, a, len(buffered), 0])
        out += length.to_bytes(16 if b == 128 else 8, "big")
        out += pattern((2 if hmac else 1) * state, a) + buffered
        return out + zlib.crc32(out).to_bytes(4, "big")

    for a, alg in enumerate(ALGS):
        b = BLOCK[alg]
        for hmac in (0, 1):
            kind = "hmac" if hmac else "ctx"
            # Built: the export of a real hash, as made (must be accepted and
            # continue to the one-shot's digest), changed without the CRC
            # sealed again, and changed in its algorithm, buffered count and
            # version with it.
            for n in (0, b - 1, b, 2 * b + 5):
                write("export", f"{alg}-{kind}-built-{n}",
                      bytes([4 | hmac, a]) + n.to_bytes(2, "big") + bytes([0]) + pattern(40, a))
            write("export", f"{alg}-{kind}-built-flipped",
                  bytes([4 | hmac, a, 0, 70, 2, 9, 0x01, 30, 0x80]) + pattern(40, a))
            for name, at, mask in (("alg", 5, 0x01), ("buffered", 6, 0x01), ("version", 4, 0x03)):
                write("export", f"{alg}-{kind}-built-sealed-{name}",
                      bytes([6 | hmac, a, 0, 70, 1, at, mask]) + pattern(40, a))
            # Raw: well-formed exports written here (any state words are a
            # state), one with the length at the limit, and one whose length
            # does not match its buffered bytes.
            length = (b if hmac else 0) + 3 * b + 5
            write("export", f"{alg}-{kind}-raw", bytes([hmac]) + blob(hmac, a, alg, length, pattern(5, a)))
            if alg in SHA3_ALGS:  # 2^64 - 1 bytes: the largest count with 5 buffered
                limit = (1 << 64) - 1 - (((1 << 64) - 1 - 5) % b)
            else:
                limit = (1 << 125) - b + 5 if b == 128 else (1 << 61) - b + 5
            write("export", f"{alg}-{kind}-raw-limit", bytes([hmac]) + blob(hmac, a, alg, limit, pattern(5, a)))
            write("export", f"{alg}-{kind}-raw-past-limit",
                  bytes([hmac]) + blob(hmac, a, alg, (limit + b) % (1 << (64 if b != 128 else 128)),
                                       pattern(5, a)))
            write("export", f"{alg}-{kind}-raw-mismatch",
                  bytes([hmac]) + blob(hmac, a, alg, length + 1, pattern(5, a)))
            # Shorter than a block: a hash's, not an HMAC's inner hash.
            write("export", f"{alg}-{kind}-raw-short", bytes([hmac]) + blob(hmac, a, alg, 5, pattern(5, a)))
    write("export", "raw-empty", bytes([0]))
    write("export", "raw-header-only-sealed", bytes([2]) + b"tdcx" + bytes([1, 0, 0, 0]))


def backend_env():
    values = [
        "portable", "sha256=portable,md5=portable", " sha-256 = portable ,\tmd5\t=portable",
        "avx2-x8", "avx512-x16", "shani-x4", "shani", "shani-msg", "avx2", "ssse3", "avx512",
        "avx512-scalar", "avx512-x8", "avx512-x4", "avx2-x4", "armv8", "armv8-sha512",
        "SHA512/256=avx512-scalar,sha512=avx2", "sha1=shani-msg,portable", "portable,sha1=shani",
        "", ",", "=", "=portable", "sha256=", "sha2_224=portable,SHA2-384=portable",
        "sha512_224=portable,sha512-256=portable,nope", "md5=avx512-x16,md5=portable",
        "sha3-256=portable", "SHA3_512=avx512-x8,shake128=portable", "shake_256=portable,avx2-x4",
        "SHAKE-128=nope,sha3-224=avx2-x4", "armv8-sha3",
    ]
    for i, v in enumerate(values):
        write("backend_env", f"{i:02d}", v.encode())


def cpu_env():
    specs = [
        "", "-sha-ni,-avx512f", "+slow-vprold", " -avx , +slow-vector-int ", "-neon", "-sha2",
        "avx2", "+avx2", "-", ",,", "-avx512vl,-slow-vprold,+slow-vprold", "-sse2,-ssse3,-sse4.1",
        "-bmi1,-bmi2,-avx2", "-sha1,-sha512", "-avx512bw\t,\t-nope", "-sha3", "-sha512,-avx512f",
    ]
    for i, s in enumerate(specs):
        for probe in (0xFFFFFFFF, 0x0000_07FF, 0x000F_0000):
            write("cpu_env", f"{i:02d}-{probe:08x}", probe.to_bytes(4, "big") + s.encode())


def check_line():
    for a, alg in enumerate(MD_ALGS):
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


def xof():
    # alg (bit 0: SHAKE256), skew, output length (2 bytes), absorb splits,
    # squeeze splits, message.
    for bit, name, rate in ((0, "shake128", 168), (1, "shake256", 136)):
        for n in (0, 3, rate - 1, rate, rate + 1, 2 * rate + 5):
            for out in (0, 1, 32, rate - 1, rate, rate + 1, 3 * rate + 7):
                write("xof", f"{name}-{n}-out{out}",
                      bytes([bit, 5]) + out.to_bytes(2, "big") + bytes([5, 1, 0, 0x80, 0xc0, 0xff])
                      + bytes([6, 0, 1, 0x7f, 0x80, 0xc0, 0x81]) + pattern(n, bit))
        # No splits at all: one absorb, one squeeze; then every split byte 0
        # (no progress: the rest in one piece).
        write("xof", f"{name}-whole", bytes([bit, 0, 0x10, 0x00, 0, 0]) + pattern(500, bit))
        write("xof", f"{name}-zeros", bytes([bit, 1, 0x01, 0x00, 3, 0, 0, 0, 2, 0, 0]) + pattern(300, bit))
        write("xof", f"{name}-max-out", bytes([bit, 7, 0x10, 0x00, 1, 1, 1, 0xc3]) + pattern(40, bit))


if __name__ == "__main__":
    stream()
    many()
    streams()
    mac()
    export()
    backend_env()
    cpu_env()
    check_line()
    xof()
