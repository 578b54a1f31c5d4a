// SPDX-License-Identifier: Apache-2.0
// The typed one-shots: one call per algorithm, no dispatch on alg. Each is
// the inline core specialised for its algorithm.

#include "ctx_core.h"

// These return nothing, so a call they cannot serve (NULL out, or NULL data
// with a nonzero length) writes nothing rather than crash; td_hash reports it.
#define TD_DEFINE_ONESHOT(fn, alg, size)                                       \
    void fn(const void *data, size_t len, uint8_t out[size])                   \
    {                                                                          \
        if (out == NULL || (data == NULL && len != 0))                         \
            return;                                                            \
        core_hash_with(td_backend_row_for(alg, TD_SINGLE), alg, data, len, out); \
    }

TD_DEFINE_ONESHOT(td_md5, TD_MD5, 16)
TD_DEFINE_ONESHOT(td_sha1, TD_SHA1, 20)
TD_DEFINE_ONESHOT(td_sha224, TD_SHA224, 28)
TD_DEFINE_ONESHOT(td_sha256, TD_SHA256, 32)
TD_DEFINE_ONESHOT(td_sha384, TD_SHA384, 48)
TD_DEFINE_ONESHOT(td_sha512, TD_SHA512, 64)
TD_DEFINE_ONESHOT(td_sha512_224, TD_SHA512_224, 28)
TD_DEFINE_ONESHOT(td_sha512_256, TD_SHA512_256, 32)
