# SPDX-License-Identifier: Apache-2.0
"""file_digest, as Python 3.11's hashlib.file_digest."""

from typing import Any, Callable, Union

from ._turbodigest import new

_BUFSIZE = 2**18


def file_digest(fileobj: Any, digest: Union[str, Callable[[], Any]], /, *,
                _bufsize: int = _BUFSIZE) -> Any:
    """Hash the contents of a file-like object. Returns a digest object.

    fileobj must be a file-like object opened for reading in binary mode: a
    file, a socket's makefile('rb'), an io.BytesIO. digest is a hash name
    for new(), or a callable returning a new hash object.

    The GIL is released while the file is read (by the file object) and
    while each chunk is hashed.
    """
    if isinstance(digest, str):
        digestobj = new(digest)
    else:
        digestobj = digest()

    if hasattr(fileobj, "getbuffer"):
        # io.BytesIO: hash its buffer without a copy.
        digestobj.update(fileobj.getbuffer())
        return digestobj

    # Only binary files implement readinto().
    if not (hasattr(fileobj, "readinto") and hasattr(fileobj, "readable")
            and fileobj.readable()):
        raise ValueError(
            f"'{fileobj!r}' is not a file-like object in binary reading mode.")

    buf = bytearray(_bufsize)   # one buffer for the whole file
    view = memoryview(buf)
    while True:
        size = fileobj.readinto(buf)
        if size is None:
            raise BlockingIOError("I/O operation would block.")
        if size == 0:
            break
        digestobj.update(view[:size])
    return digestobj
