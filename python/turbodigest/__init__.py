# SPDX-License-Identifier: Apache-2.0
"""turbodigest: hashlib's MD5, SHA-1 and SHA-2, on the fastest backend for this CPU.

A drop-in for hashlib where the algorithms overlap (same names, results and
exceptions), and beyond it many messages or files at once::

    import turbodigest
    turbodigest.sha256(b"abc").hexdigest()
    turbodigest.new("sha512_256", data).digest()
    turbodigest.hash_many("sha256", messages)          # list of digests
    turbodigest.hash_many_fixed("sha256", level, 64)   # a Merkle level
    turbodigest.hash_files("sha256", paths)            # files side by side

HMAC is in turbodigest.hmac (shaped like the standard hmac module); HKDF and
PBKDF2 are hkdf() and pbkdf2_hmac(). Hash and HMAC objects pickle as the
library's portable export of their running state.
"""

from ._turbodigest import (
    HASH as HASH,
    __version__ as __version__,
    algorithms_available as algorithms_available,
    algorithms_guaranteed as algorithms_guaranteed,
    backend as backend,
    backends as backends,
    cpu_features as cpu_features,
    hash_files as hash_files,
    hash_many as hash_many,
    hash_many_fixed as hash_many_fixed,
    hkdf as hkdf,
    md5 as md5,
    new as new,
    pbkdf2_hmac as pbkdf2_hmac,
    selftest as selftest,
    sha1 as sha1,
    sha224 as sha224,
    sha256 as sha256,
    sha384 as sha384,
    sha512 as sha512,
    sha512_224 as sha512_224,
    sha512_256 as sha512_256,
    use_backend as use_backend,
)
from ._file_digest import file_digest as file_digest

__all__ = [
    "HASH", "algorithms_available", "algorithms_guaranteed", "backend", "backends",
    "cpu_features", "file_digest", "hash_files", "hash_many", "hash_many_fixed", "hkdf",
    "md5", "new", "pbkdf2_hmac", "selftest", "sha1", "sha224", "sha256", "sha384", "sha512",
    "sha512_224", "sha512_256", "use_backend",
]
