# SPDX-License-Identifier: Apache-2.0
"""turbodigest: hashlib's MD5, SHA-1, SHA-2, SHA-3 and SHAKE on this CPU's fastest backend.

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
    SHAKE as SHAKE,
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
    sha3_224 as sha3_224,
    sha3_256 as sha3_256,
    sha3_384 as sha3_384,
    sha3_512 as sha3_512,
    shake_128 as shake_128,
    shake_256 as shake_256,
    use_backend as use_backend,
)
from ._file_digest import file_digest as file_digest

__all__ = [
    "HASH", "SHAKE", "algorithms_available", "algorithms_guaranteed", "backend", "backends",
    "cpu_features", "file_digest", "hash_files", "hash_many", "hash_many_fixed", "hkdf",
    "md5", "new", "pbkdf2_hmac", "selftest", "sha1", "sha224", "sha256", "sha384", "sha512",
    "sha512_224", "sha512_256", "sha3_224", "sha3_256", "sha3_384", "sha3_512",
    "shake_128", "shake_256", "use_backend",
]
