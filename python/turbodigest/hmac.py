# SPDX-License-Identifier: Apache-2.0
"""HMAC (RFC 2104), shaped like the standard hmac module, on turbodigest.

    from turbodigest import hmac
    hmac.new(key, msg, digestmod="sha256").hexdigest()
    hmac.digest(key, msg, "sha256")
    hmac.compare_digest(a, b)

digestmod is required (as in Python 3.8+): a hash name ("sha256",
"sha512_224", ...), a constructor (turbodigest.sha256, hashlib.sha256) or a
module with new(). Keys are bytes or bytearray, as the standard module asks.
"""

from hmac import compare_digest as compare_digest   # the standard one: constant time
from typing import Any, Optional

from ._turbodigest import HMAC as HMAC
from ._turbodigest import hmac_digest as _hmac_digest

# As the standard module: the size depends on the digest; ask the object.
digest_size = None

__all__ = ["HMAC", "compare_digest", "digest", "digest_size", "new"]


def new(key: "bytes | bytearray", msg: Optional[Any] = None, digestmod: Any = '') -> HMAC:
    """Create a new HMAC object: key, an optional first message, and digestmod."""
    return HMAC(key, msg, digestmod)


def digest(key: Any, msg: Any, digest: Any) -> bytes:
    """The HMAC of msg under key in one call (any bytes-like key and msg);
    digest as new()'s digestmod."""
    return _hmac_digest(key, msg, digest)
