// SPDX-License-Identifier: Apache-2.0
// The typed one-shots: one call per algorithm, no dispatch on alg. Each is
// the inline core specialised for its algorithm; td_hash_with reaches the
// same code with a switch.

#include "ctx_core.h"

// These return nothing, so a call they cannot serve (NULL out, or NULL data
// with a nonzero length) writes nothing rather than crash; td_hash reports it.
// Beside each, the same core with a row given, for td_hash and for the many
// path's messages taken one at a time (td_hash_with).
#define TD_DEFINE_ONESHOT(fn, alg, size)                                       \
    void fn(const void *data, size_t len, uint8_t out[size])                   \
    {                                                                          \
        if (out == NULL || (data == NULL && len != 0))                         \
            return;                                                            \
        core_hash_with(td_backend_row_for(alg, TD_SINGLE), alg, data, len, out); \
    }                                                                          \
    static int fn##_with(const td_backend_row *row, const uint8_t *data, size_t len, \
                         uint8_t *out)                                         \
    {                                                                          \
        core_hash_with(row, alg, data, len, out);                              \
        return TD_OK;                                                          \
    }

TD_DEFINE_ONESHOT(td_md5, TD_MD5, 16)
TD_DEFINE_ONESHOT(td_sha1, TD_SHA1, 20)
TD_DEFINE_ONESHOT(td_sha224, TD_SHA224, 28)
TD_DEFINE_ONESHOT(td_sha256, TD_SHA256, 32)
TD_DEFINE_ONESHOT(td_sha384, TD_SHA384, 48)
TD_DEFINE_ONESHOT(td_sha512, TD_SHA512, 64)
TD_DEFINE_ONESHOT(td_sha512_224, TD_SHA512_224, 28)
TD_DEFINE_ONESHOT(td_sha512_256, TD_SHA512_256, 32)

// SHA-3 has no typed one-shots in the API: td_hash reaches these.
#define TD_DEFINE_HASH_WITH(fn, alg)                                           \
    static int fn##_with(const td_backend_row *row, const uint8_t *data, size_t len, \
                         uint8_t *out)                                         \
    {                                                                          \
        core_hash_with(row, alg, data, len, out);                              \
        return TD_OK;                                                          \
    }

TD_DEFINE_HASH_WITH(sha3_224, TD_SHA3_224)
TD_DEFINE_HASH_WITH(sha3_256, TD_SHA3_256)
TD_DEFINE_HASH_WITH(sha3_384, TD_SHA3_384)
TD_DEFINE_HASH_WITH(sha3_512, TD_SHA3_512)

// A function of its own for each alg, each the typed one-shot's code: the
// generic core costs a short message more (docs/performance-notes.md,
// "One-shots").
int td_hash_with(const td_backend_row *row, td_alg alg, const uint8_t *data, size_t len,
                 uint8_t *out)
{
    switch (alg) {
    case TD_MD5:        return td_md5_with(row, data, len, out);
    case TD_SHA1:       return td_sha1_with(row, data, len, out);
    case TD_SHA224:     return td_sha224_with(row, data, len, out);
    case TD_SHA256:     return td_sha256_with(row, data, len, out);
    case TD_SHA384:     return td_sha384_with(row, data, len, out);
    case TD_SHA512:     return td_sha512_with(row, data, len, out);
    case TD_SHA512_224: return td_sha512_224_with(row, data, len, out);
    case TD_SHA3_224:   return sha3_224_with(row, data, len, out);
    case TD_SHA3_256:   return sha3_256_with(row, data, len, out);
    case TD_SHA3_384:   return sha3_384_with(row, data, len, out);
    case TD_SHA3_512:   return sha3_512_with(row, data, len, out);
    default:            return td_sha512_256_with(row, data, len, out);
    }
}
