#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""tdbench --format json, read back with Python's json module.

usage: check_json.py TDBENCH

The output must be one JSON array of objects, each with exactly the fields
tdbench's help documents and of the right types; the rows must be the ones
the options ask for, and each row's MB/s must agree with its time. Exit
status 0 when all of it holds.
"""
import json
import subprocess
import sys

FIELDS = {
    "alg": str, "path": str, "backend": str, "size": int, "batch": int,
    "ns_per_iter": float, "spread_ns": float, "mb_per_s": float,
    "cycles_per_byte": float, "counter_per_byte": float, "ratio_openssl": float,
    "rounds": int, "iters": int,
}
NULLABLE = {"cycles_per_byte", "counter_per_byte", "ratio_openssl"}
BLOCK = {"md5": 64, "sha1": 64, "sha224": 64, "sha256": 64, "sha384": 128, "sha512": 128,
         "sha512-224": 128, "sha512-256": 128,
         "sha3-224": 144, "sha3-256": 136, "sha3-384": 104, "sha3-512": 72}
DIGEST = {"md5": 16, "sha1": 20, "sha224": 28, "sha256": 32, "sha384": 48, "sha512": 64,
          "sha512-224": 28, "sha512-256": 32,
          "sha3-224": 28, "sha3-256": 32, "sha3-384": 48, "sha3-512": 64}


def bytes_per_unit(row):
    """The bytes a row's time counts: the message (chunk), or on the pbkdf2
    path the blocks an iteration compresses (two an output block; the
    bound, 2-blocks, has one)."""
    if row["path"] != "pbkdf2":
        return row["size"]
    return 2 * BLOCK[row["alg"]] * -(-row["size"] // DIGEST[row["alg"]])


def run(tdbench, *args):
    out = subprocess.run([tdbench, *args], check=True, capture_output=True, text=True,
                         timeout=300).stdout
    rows = json.loads(out)  # the whole output, nothing before or after the array
    if not isinstance(rows, list) or not rows:
        sys.exit(f"check_json: {args}: not a non-empty array")
    for row in rows:
        if not isinstance(row, dict) or set(row) != set(FIELDS):
            sys.exit(f"check_json: {args}: fields {sorted(row)}, want {sorted(FIELDS)}")
        for key, kind in FIELDS.items():
            value = row[key]
            if value is None and key in NULLABLE:
                continue
            if kind is str:
                ok = isinstance(value, str) and value != ""
            elif kind is int:
                ok = isinstance(value, int) and value >= 0
            else:
                ok = isinstance(value, (int, float))
            if not ok or isinstance(value, bool):
                sys.exit(f"check_json: {args}: {key} = {value!r} is not {kind.__name__}")
        if row["ns_per_iter"] <= 0 or row["mb_per_s"] <= 0 or row["rounds"] < 1:
            sys.exit(f"check_json: {args}: a row without a measurement: {row}")
        # MB/s is 10^6 bytes a second from the median time a message.
        want = bytes_per_unit(row) * 1e3 / row["ns_per_iter"]
        if abs(row["mb_per_s"] - want) > 1e-3 * want + 0.05:
            sys.exit(f"check_json: {args}: mb_per_s {row['mb_per_s']} against {want:.3f}")
    return rows


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    tdbench = sys.argv[1]
    quick = ("--quick", "--round-ms", "1", "--format", "json")

    rows = run(tdbench, *quick, "-a", "md5,sha256", "--sizes", "10,1K", "-p", "single")
    got = {(r["alg"], r["size"]) for r in rows}
    if got != {(a, s) for a in ("md5", "sha256") for s in (10, 1024)}:
        sys.exit(f"check_json: single path: rows for {sorted(got)}")
    if any(r["path"] != "single" or r["batch"] != 1 for r in rows):
        sys.exit("check_json: single path: a row of another path or batch")

    rows = run(tdbench, *quick, "-a", "sha1", "--sizes", "64", "-p", "multi,fixed",
               "--batch", "2,16", "-b", "auto,td-loop")
    got = {(r["path"], r["backend"], r["batch"]) for r in rows}
    want = {(p, b, n) for p in ("multi", "fixed") for b in ("auto", "td-loop") for n in (2, 16)}
    if not want <= got:
        sys.exit(f"check_json: batch paths: missing {sorted(want - got)}")

    # --streams: chunks of 64 B and 1 KiB into 2 and 16 running hashes.
    rows = run(tdbench, *quick, "-a", "md5,sha512", "--streams", "2,16", "--chunk", "64,1K",
               "-b", "auto,td-loop")
    got = {(r["alg"], r["path"], r["backend"], r["batch"], r["size"]) for r in rows}
    want = {(a, "streams", b, n, c) for a in ("md5", "sha512") for b in ("auto", "td-loop")
            for n in (2, 16) for c in (64, 1024)}
    if not want <= got or any(r["path"] != "streams" for r in rows):
        sys.exit(f"check_json: --streams: missing {sorted(want - got)}")

    # SHA-3 and SHAKE: the single path, SHA3-256's batch paths, SHAKE128's
    # squeeze (size the bytes squeezed, batch 1) and no batch rows for it.
    rows = run(tdbench, *quick, "-a", "sha3-256,shake128", "--sizes", "64,1K",
               "-b", "portable,auto")
    got = {(r["alg"], r["path"], r["backend"], r["size"], r["batch"]) for r in rows}
    want = {(a, "single", "portable", s, 1) for a in ("sha3-256", "shake128") for s in (64, 1024)}
    want |= {("shake128", "squeeze", "portable", s, 1) for s in (64, 1024)}
    want |= {("sha3-256", p, "auto", s, 64) for p in ("multi", "fixed") for s in (64, 1024)}
    if not want <= got:
        sys.exit(f"check_json: sha3/shake: missing {sorted(want - got)}")
    if any(r["alg"] == "shake128" and r["path"] not in ("single", "squeeze") for r in rows) \
            or any(r["alg"] == "sha3-256" and r["path"] == "squeeze" for r in rows):
        sys.exit("check_json: sha3/shake: a row on a path the algorithm does not have")

    # --merkle's rows: SHA-256, 64-byte nodes, 1024 of them a call.
    rows = run(tdbench, "--merkle", *quick)
    if any(r["alg"] != "sha256" or r["size"] != 64 or r["batch"] != 1024 for r in rows):
        sys.exit("check_json: --merkle: a row of another workload")
    # --pbkdf2: per iteration, the output and the iterations in size and
    # batch; WPA2's two rows with SHA-1 alone.
    rows = run(tdbench, "--pbkdf2", "--iterations", "500", *quick, "-a", "sha1,sha512,sha3-384")
    got = {(r["alg"], r["backend"], r["size"], r["batch"]) for r in rows}
    want = {("sha1", b, 20, 500) for b in ("auto", "2-blocks")}
    want |= {("sha512", b, 64, 500) for b in ("auto", "2-blocks")}
    want |= {("sha3-384", b, 48, 500) for b in ("auto", "2-blocks")}
    want |= {("sha1", "auto", n, 4096) for n in (20, 32)}
    if not want <= got or any(r["path"] != "pbkdf2" for r in rows):
        sys.exit(f"check_json: --pbkdf2: missing {sorted(want - got)}")
    if any(r["alg"] != "sha1" and r["batch"] == 4096 for r in rows):
        sys.exit("check_json: --pbkdf2: WPA2 rows beside SHA-512")
    print("check_json: ok")


if __name__ == "__main__":
    main()
