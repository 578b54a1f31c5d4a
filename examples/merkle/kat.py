#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Known answers for merkle.c, computed with Python's hashlib alone.

Leaf i is SHA-256 of i as 8 big-endian bytes. For each tree size n this
prints the plain root (node = SHA-256(left || right), an odd node at the end
of a level moves up unchanged) and the RFC 6962 tree head, in the form of
merkle.c's table. The RFC 6962 recursion here follows section 2.1 of the RFC
word for word, and is first checked against the tree heads published with
Certificate Transparency's reference implementation.

usage: python3 kat.py      (about ten seconds: it includes 2^20 leaves)
"""
import hashlib


def sha256(data):
    return hashlib.sha256(data).digest()


def rfc6962_head(leaves):
    n = len(leaves)
    if n == 0:
        return sha256(b"")
    if n == 1:
        return sha256(b"\x00" + leaves[0])
    k = 1
    while 2 * k < n:  # the largest power of two smaller than n
        k *= 2
    return sha256(b"\x01" + rfc6962_head(leaves[:k]) + rfc6962_head(leaves[k:]))


def plain_root(leaves):
    level = list(leaves)
    while len(level) > 1:
        up = [sha256(level[i] + level[i + 1]) for i in range(0, len(level) - 1, 2)]
        if len(level) % 2:
            up.append(level[-1])
        level = up
    return level[0]


# Certificate Transparency's test leaves and tree heads for sizes 0 to 8
# (RFC 6962 itself gives none).
CT_LEAVES = [bytes.fromhex(h) for h in (
    "", "00", "10", "2021", "3031", "40414243", "5051525354555657",
    "606162636465666768696a6b6c6d6e6f")]
CT_HEADS = [
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
    "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
    "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
    "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
    "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
]
for size, want in enumerate(CT_HEADS):
    assert rfc6962_head(CT_LEAVES[:size]).hex() == want, size

SIZES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 17, 1000, 12345, 1 << 14, 1 << 20]
leaves = [sha256(i.to_bytes(8, "big")) for i in range(max(SIZES))]
for n in SIZES:
    plain = '"%s"' % plain_root(leaves[:n]).hex() if n else "NULL"
    print('    { %7d, %s,\n               "%s" },'
          % (n, plain, rfc6962_head(leaves[:n]).hex()))
