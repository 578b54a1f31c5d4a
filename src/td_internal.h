/* SPDX-License-Identifier: Apache-2.0
 * Private types and functions the library's generic files share: the
 * algorithm table and the context layer; with them the backend contract
 * (td_backend.h) and the dispatch types (td_dispatch.h).
 */
#ifndef TD_INTERNAL_H
#define TD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "td_backend.h"
#include "td_compiler.h"
#include "td_dispatch.h"
#include "turbodigest.h"

// Static facts about an algorithm.
typedef struct td_alg_info {
    const char *name;
    td_family   family;
    uint32_t    digest_size; // 0 for SHAKE: the caller asks for any length
    uint32_t    block_size;  // Keccak's: the sponge's rate
    uint8_t     suffix;      // Keccak's domain bits and the padding's first
                             // 1: 0x06 for SHA-3, 0x1f for SHAKE
} td_alg_info;

// SHAKE128 and SHAKE256 inside the library: indexes right after the
// fixed-output algorithms, so that one table (and one choice of backend per
// index) serves both. td_alg_index maps the public values to them.
enum { TD_SHAKE128_INDEX = TD_ALG_COUNT, TD_SHAKE256_INDEX, TD_ALG_INDEX_COUNT };

// The table lives here, not in alg.c, so that a caller with a constant alg
// (the typed one-shots) has every size and family folded at compile time.
static const td_alg_info td_alg_infos[TD_ALG_INDEX_COUNT] = {
    [TD_MD5]        = { "md5",        TD_FAMILY_MD5,    16, 64, 0 },
    [TD_SHA1]       = { "sha1",       TD_FAMILY_SHA1,   20, 64, 0 },
    [TD_SHA224]     = { "sha224",     TD_FAMILY_SHA256, 28, 64, 0 },
    [TD_SHA256]     = { "sha256",     TD_FAMILY_SHA256, 32, 64, 0 },
    [TD_SHA384]     = { "sha384",     TD_FAMILY_SHA512, 48, 128, 0 },
    [TD_SHA512]     = { "sha512",     TD_FAMILY_SHA512, 64, 128, 0 },
    [TD_SHA512_224] = { "sha512-224", TD_FAMILY_SHA512, 28, 128, 0 },
    [TD_SHA512_256] = { "sha512-256", TD_FAMILY_SHA512, 32, 128, 0 },
    // FIPS 202: rate = 200 - 2 * digest size; SHAKE128's capacity 256 bits,
    // SHAKE256's 512.
    [TD_SHA3_224]   = { "sha3-224",   TD_FAMILY_SHA3,   28, 144, 0x06 },
    [TD_SHA3_256]   = { "sha3-256",   TD_FAMILY_SHA3,   32, 136, 0x06 },
    [TD_SHA3_384]   = { "sha3-384",   TD_FAMILY_SHA3,   48, 104, 0x06 },
    [TD_SHA3_512]   = { "sha3-512",   TD_FAMILY_SHA3,   64, 72,  0x06 },
    [TD_SHAKE128_INDEX] = { "shake128", TD_FAMILY_SHA3, 0,  168, 0x1f },
    [TD_SHAKE256_INDEX] = { "shake256", TD_FAMILY_SHA3, 0,  136, 0x1f },
};

// alg must be valid: below TD_ALG_COUNT, or an index of td_alg_index.
static inline const td_alg_info *td_alg_info_of(td_alg alg)
{
    return &td_alg_infos[alg];
}

// The table's index for any public alg, fixed-output or SHAKE: 1, and
// *index set; 0 for an unknown alg.
static inline int td_alg_index(td_alg alg, td_alg *index)
{
    if ((unsigned)alg < (unsigned)TD_ALG_COUNT)
        *index = alg;
    else if (alg == TD_SHAKE128)
        *index = (td_alg)TD_SHAKE128_INDEX;
    else if (alg == TD_SHAKE256)
        *index = (td_alg)TD_SHAKE256_INDEX;
    else
        return 0;
    return 1;
}

// The generic layer (ctx.c). These trust their arguments: the public entry
// points check them first.

// Sets a context's IV and counters and marks it live.
TD_HIDDEN void td_ctx_start(td_ctx *ctx, td_alg alg);

// Adds len >= 1 bytes to ctx (its length within the limit): a partial block
// topped up, whole blocks straight from data, the rest buffered, with the
// single-path row in use for ctx's algorithm (a SHAKE index too).
TD_HIDDEN void td_ctx_feed(td_ctx *ctx, const uint8_t *data, size_t len);

// Compresses nblocks whole blocks into ctx's state with a single-path row.
TD_HIDDEN void td_ctx_blocks(const td_backend_row *row, td_ctx *ctx,
                             const uint8_t *data, size_t nblocks);

// Room for the padded end of a message: a tail of up to TD_MAX_BLOCK_SIZE
// bytes with its padding is at most two 128-byte or three 64-byte blocks.
#define TD_PAD_BUFFER_SIZE (2 * TD_MAX_BLOCK_SIZE)

// Pads tail (the message's last bytes, at most TD_MAX_BLOCK_SIZE of them; the
// message length is taken from ctx's counters), compresses the last blocks
// with row and writes the digest. Does not wipe ctx.
TD_HIDDEN void td_ctx_finish(const td_backend_row *row, td_ctx *ctx,
                             const uint8_t *tail, size_t tail_len, uint8_t *out);

// Writes the digest of ctx's state, digest_size bytes exactly.
TD_HIDDEN void td_ctx_digest(const td_ctx *ctx, uint8_t *out);

// Copies tail (at most TD_MAX_BLOCK_SIZE bytes) into block, a buffer of
// TD_PAD_BUFFER_SIZE bytes, and pads it as alg's end of a message of
// total_lo/total_hi bytes. Returns the number of blocks filled, 1 to 3
// (always 1 for Keccak, whose tail is below the rate).
TD_HIDDEN size_t td_pad(td_alg alg, uint8_t *block, const uint8_t *tail, size_t tail_len,
                        uint64_t total_lo, uint64_t total_hi);

// Whether a context is initialised and not finished.
TD_HIDDEN int td_ctx_live(const td_ctx *ctx);

// Whether a message of len bytes is within alg's length limit. One call
// cannot pass the SHA-1/256 limit on a 32-bit size_t; on 64-bit it can, and
// must be refused before any byte is read.
static inline int td_len_allowed(td_alg alg, uint64_t len)
{
    const td_family family = td_alg_info_of(alg)->family;
    return !(family == TD_FAMILY_SHA1 || family == TD_FAMILY_SHA256) ||
           len <= ((uint64_t)1 << 61) - 1; // SHA-3's 2^64 - 1 bytes: any size_t
}

// n messages (many.c), arguments already checked: every one through row, or
// through td_many_row_for's choice when row is NULL.
TD_HIDDEN void td_hash_many_with(const td_backend_row *row, td_alg alg, size_t n,
                                 const void *const *data, const size_t *lens, uint8_t *out);
TD_HIDDEN void td_hash_many_fixed_with(const td_backend_row *row, td_alg alg, size_t n,
                                       const uint8_t *data, size_t len, uint8_t *out);

// The whole message in one call with a given single-path row. Returns
// TD_OK, so that a caller can end with it (a jump, without saving
// registers).
TD_HIDDEN int td_hash_with(const td_backend_row *row, td_alg alg,
                           const uint8_t *data, size_t len, uint8_t *out);

#endif // TD_INTERNAL_H
