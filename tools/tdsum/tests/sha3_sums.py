#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# tdsum -a sha3-224 .. sha3-512 against Python's hashlib.sha3_* and
# hmac(hashlib.sha3_*): coreutils' line formats (GNU, --tag as GNU cksum 9.8
# writes it: "SHA3-256 (FILE) = HEX", -b, -z, escaped names, standard
# input), --check of tagged and untagged lines (digest length checked against
# the algorithm, FAILED lines, --strict, -w), --hmac-key-file in both modes,
# many files side by side at -j 1, 2, 3 and on every many-path backend, and
# SHAKE refused. Usage: sha3_sums.py /path/to/tdsum
# Exit 0: all as expected; 1: differences (printed).
import hashlib
import hmac
import os
import random
import shutil
import subprocess
import sys
import tempfile

TDSUM = os.path.abspath(sys.argv[1])
ALGS = {
    "sha3-224": ("SHA3-224", hashlib.sha3_224),
    "sha3-256": ("SHA3-256", hashlib.sha3_256),
    "sha3-384": ("SHA3-384", hashlib.sha3_384),
    "sha3-512": ("SHA3-512", hashlib.sha3_512),
}
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)


def run(args, stdin=b""):
    p = subprocess.run([TDSUM] + args, input=stdin, capture_output=True)
    return p.returncode, p.stdout, p.stderr


def expect(desc, args, out, rc=0, stdin=b""):
    got_rc, got, err = run(args, stdin)
    if got_rc != rc:
        fail(f"{desc}: exit {got_rc}, expected {rc} ({err[:200]!r})")
    if out is not None and got != out:
        a, b = got.split(b"\n"), out.split(b"\n")
        first = next((i for i in range(max(len(a), len(b)))
                      if i >= len(a) or i >= len(b) or a[i] != b[i]), 0)
        fail(f"{desc}: output differs at line {first + 1}: "
             f"got {a[first] if first < len(a) else None!r}, "
             f"expected {b[first] if first < len(b) else None!r}")
    return got, err


def escaped(name):
    """coreutils' escaping: (needed, the name as written)."""
    needed = any(c in name for c in "\\\n\r")
    if not needed:
        return False, name
    return True, name.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r")


def line(tag, hexd, name, mode=" ", tagged=False, delim="\n"):
    esc, shown = escaped(name) if delim == "\n" else (False, name)
    pre = "\\" if esc else ""
    if tagged:
        return f"{pre}{tag} ({shown}) = {hexd}{delim}"
    return f"{pre}{hexd} {mode}{shown}{delim}"


tmp = tempfile.mkdtemp(prefix="tdsum-sha3.")
try:
    os.chdir(tmp)
    rng = random.Random(202)
    files = {}
    # Sizes around every rate (144, 136, 104, 72), the 64 KiB reads of files
    # side by side and the 256 KiB reads of a file alone.
    sizes = [0, 1, 71, 72, 73, 103, 104, 105, 135, 136, 137, 143, 144, 145,
             167, 168, 169, 1000, 65535, 65536, 65537, 262145, 1 << 20]
    os.mkdir("f")
    for i, size in enumerate(sizes):
        name = f"f/{i:02d}-{size}"
        files[name] = rng.randbytes(size)
    files["f/with space"] = b"space\n"
    files["f/back\\slash"] = b"backslash"
    files["f/new\nline"] = b"newline"
    for name, data in files.items():
        with open(name, "wb") as fh:
            fh.write(data)
    names = list(files)
    bstdin = b"standard input, hashed too\n" * 11

    for alg, (tag, ref) in ALGS.items():
        hexes = {n: ref(d).hexdigest() for n, d in files.items()}
        plain = "".join(line(tag, hexes[n], n) for n in names).encode()

        # Computing: the spellings td_alg_from_name takes, every format.
        for spelling in (alg, tag, alg.replace("-", "_"), tag.replace("-", "_")):
            expect(f"{alg} as -a {spelling}", ["-a", spelling] + names, plain)
        expect(f"{alg} --tag", ["-a", alg, "--tag"] + names,
               "".join(line(tag, hexes[n], n, tagged=True) for n in names).encode())
        expect(f"{alg} -b", ["-a", alg, "-b"] + names,
               "".join(line(tag, hexes[n], n, mode="*") for n in names).encode())
        expect(f"{alg} -z", ["-a", alg, "-z"] + names,
               "".join(line(tag, hexes[n], n, delim="\0") for n in names).encode())
        expect(f"{alg} --tag -z", ["-a", alg, "--tag", "-z"] + names,
               "".join(line(tag, hexes[n], n, tagged=True, delim="\0")
                       for n in names).encode())
        expect(f"{alg} standard input", ["-a", alg], f"{ref(bstdin).hexdigest()}  -\n".encode(),
               stdin=bstdin)
        expect(f"{alg} --tag standard input", ["-a", alg, "--tag", "-"],
               f"{tag} (-) = {ref(bstdin).hexdigest()}\n".encode(), stdin=bstdin)

        # Many files side by side (td_update_many), in several orders and
        # with a missing file among them, on every many-path backend.
        shuffled = names[:]
        rng.shuffle(shuffled)
        for order in (names, shuffled, names[::-1]):
            want = "".join(line(tag, hexes[n], n) for n in order).encode()
            for j in ("1", "2", "3"):
                expect(f"{alg} -j {j}", ["-a", alg, "-j", j] + order, want)
        got, err = expect(f"{alg} with a missing file", ["-a", alg, "-j", "2", names[0],
                          "missing", names[1]],
                          (line(tag, hexes[names[0]], names[0])
                           + line(tag, hexes[names[1]], names[1])).encode(), rc=1)
        if b"missing: No such file or directory" not in err:
            fail(f"{alg} missing file: stderr {err!r}")
        _, listing, _ = run(["--list-backends"])
        row = [r for r in listing.decode().splitlines() if r.split()[:1] == [alg]]
        if len(row) != 1 or "many:" not in row[0]:
            fail(f"--list-backends has no row for {alg}: {listing!r}")
        else:
            single, many = row[0].split("many:")
            for kind, part in (("single", single.split("single:")[1]), ("many", many)):
                for backend in part.replace("*", "").split():
                    expect(f"{alg} --backend {backend} ({kind})",
                           ["-a", alg, "--backend", backend, "-j", "1"] + names, plain)

        # --check: untagged and tagged lines, FAILED lines, wrong lengths.
        tagged = "".join(line(tag, hexes[n], n, tagged=True) for n in names).encode()
        # coreutils 9.1 escapes a name in its verdicts only when it holds a
        # newline.
        ok = "".join(f"{n}: OK\n" if "\n" not in n else f"\\{escaped(n)[1]}: OK\n"
                     for n in names).encode()
        for desc, content in (("untagged", plain), ("tagged", tagged),
                              ("binary", "".join(line(tag, hexes[n], n, mode="*")
                                                 for n in names).encode()),
                              ("upper-case hex", "".join(line(tag, hexes[n].upper(), n)
                                                         for n in names).encode())):
            with open("sums", "wb") as fh:
                fh.write(content)
            for j in ("1", "3"):
                expect(f"{alg} --check {desc} -j {j}", ["-a", alg, "-c", "-j", j, "sums"], ok)
            expect(f"{alg} --check {desc} --quiet", ["-a", alg, "-c", "--quiet", "sums"], b"")
            expect(f"{alg} --check {desc} from stdin", ["-a", alg, "-c"], ok, stdin=content)
        # One digest changed: that line FAILED, exit 1.
        bad_hex = hexes[names[2]][:-1] + ("0" if hexes[names[2]][-1] != "0" else "1")
        with open("sums", "wb") as fh:
            fh.write(("".join(line(tag, bad_hex if n == names[2] else hexes[n], n, tagged=True)
                              for n in names)).encode())
        got, err = expect(f"{alg} --check, a changed digest", ["-a", alg, "-c", "sums"],
                          ok.replace(f"{names[2]}: OK".encode(), f"{names[2]}: FAILED".encode()),
                          rc=1)
        if b"WARNING: 1 computed checksum did NOT match" not in err:
            fail(f"{alg} --check, a changed digest: stderr {err!r}")
        # Lines of the other SHA-3 lengths, of SHA-2 with the same length and
        # a tag of another algorithm are improperly formatted under this one.
        others = [o for o in ALGS if o != alg]
        sha2 = {"sha3-224": hashlib.sha224, "sha3-256": hashlib.sha256,
                "sha3-384": hashlib.sha384, "sha3-512": hashlib.sha512}[alg]
        n0 = names[3]
        foreign = [line(ALGS[o][0], ALGS[o][1](files[n0]).hexdigest(), n0) for o in others]
        foreign += [line(ALGS[o][0], ALGS[o][1](files[n0]).hexdigest(), n0, tagged=True)
                    for o in others]
        foreign += [line(tag.replace("SHA3-", "SHA"), sha2(files[n0]).hexdigest(), n0,
                         tagged=True),
                    line(tag, hexes[n0][:-2], n0, tagged=True),
                    line(tag, hexes[n0] + "00", n0, tagged=True)]
        with open("sums", "wb") as fh:
            fh.write((line(tag, hexes[n0], n0) + "".join(foreign)).encode())
        got, err = expect(f"{alg} --check, foreign lines", ["-a", alg, "-c", "sums"],
                          f"{n0}: OK\n".encode())
        if f"WARNING: {len(foreign)} lines are improperly formatted".encode() not in err:
            fail(f"{alg} --check, foreign lines: stderr {err!r}")
        expect(f"{alg} --check --strict, foreign lines", ["-a", alg, "-c", "--strict", "sums"],
               f"{n0}: OK\n".encode(), rc=1)
        got, err = expect(f"{alg} --check -w, foreign lines", ["-a", alg, "-c", "-w", "sums"],
                          f"{n0}: OK\n".encode())
        if err.count(f"improperly formatted {tag} checksum line".encode()) != len(foreign):
            fail(f"{alg} --check -w: stderr {err!r}")
        # Only foreign lines: nothing properly formatted, exit 1.
        with open("sums", "wb") as fh:
            fh.write("".join(foreign).encode())
        got, err = expect(f"{alg} --check, only foreign lines", ["-a", alg, "-c", "sums"],
                          b"", rc=1)
        if b"no properly formatted checksum lines found" not in err:
            fail(f"{alg} --check, only foreign lines: stderr {err!r}")

        # HMAC: keys empty, short, of the rate exactly, and longer (hashed).
        rate = ref().block_size
        for key in (b"", b"key", rng.randbytes(rate), rng.randbytes(rate + 1),
                    rng.randbytes(3 * rate)):
            with open("key", "wb") as fh:
                fh.write(key)
            macs = {n: hmac.new(key, d, ref).hexdigest() for n, d in files.items()}
            want = "".join(line(tag, macs[n], n) for n in names).encode()
            for j in ("1", "2"):
                expect(f"HMAC-{alg}, {len(key)}-byte key, -j {j}",
                       ["-a", alg, "--hmac-key-file", "key", "-j", j] + names, want)
            expect(f"HMAC-{alg} --tag, {len(key)}-byte key",
                   ["-a", alg, "--hmac-key-file", "key", "--tag"] + names,
                   "".join(line(tag, macs[n], n, tagged=True) for n in names).encode())
            with open("macs", "wb") as fh:
                fh.write(want)
            expect(f"HMAC-{alg} --check, {len(key)}-byte key",
                   ["-a", alg, "--hmac-key-file", "key", "-c", "macs"], ok)
            # The plain digests are not the HMACs.
            expect(f"HMAC-{alg} --check of plain digests, {len(key)}-byte key",
                   ["-a", alg, "--hmac-key-file", "key", "-c", "--status"], b"", rc=1,
                   stdin=plain)

    # SHAKE has no fixed length: not an algorithm of tdsum.
    for name in ("shake128", "shake256", "SHAKE-128", "shake_256"):
        _, err = expect(f"-a {name} refused", ["-a", name, names[0]], b"", rc=1)
        if b"unknown algorithm" not in err:
            fail(f"-a {name}: stderr {err!r}")
    # --help names the SHA-3 algorithms.
    got, _ = expect("--help", ["--help"], None)
    if b"sha3-256" not in got:
        fail("--help does not name sha3-256")
finally:
    os.chdir("/")
    shutil.rmtree(tmp, ignore_errors=True)

if failures:
    print(f"sha3_sums: {len(failures)} failures")
    sys.exit(1)
print("sha3_sums: all as expected")
