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
    uint32_t    digest_size;
    uint32_t    block_size;
} td_alg_info;

// The table lives here, not in alg.c, so that a caller with a constant alg
// (the typed one-shots) has every size and family folded at compile time.
static const td_alg_info td_alg_infos[TD_ALG_COUNT] = {
    [TD_MD5]        = { "md5",        TD_FAMILY_MD5,    16, 64 },
    [TD_SHA1]       = { "sha1",       TD_FAMILY_SHA1,   20, 64 },
    [TD_SHA224]     = { "sha224",     TD_FAMILY_SHA256, 28, 64 },
    [TD_SHA256]     = { "sha256",     TD_FAMILY_SHA256, 32, 64 },
    [TD_SHA384]     = { "sha384",     TD_FAMILY_SHA512, 48, 128 },
    [TD_SHA512]     = { "sha512",     TD_FAMILY_SHA512, 64, 128 },
    [TD_SHA512_224] = { "sha512-224", TD_FAMILY_SHA512, 28, 128 },
    [TD_SHA512_256] = { "sha512-256", TD_FAMILY_SHA512, 32, 128 },
};

// alg must be valid (< TD_ALG_COUNT).
static inline const td_alg_info *td_alg_info_of(td_alg alg)
{
    return &td_alg_infos[alg];
}

// The generic layer (ctx.c). These trust their arguments: the public entry
// points check them first.

// Sets a context's IV and counters and marks it live.
TD_HIDDEN void td_ctx_start(td_ctx *ctx, td_alg alg);

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
// TD_PAD_BUFFER_SIZE bytes, and pads it as the end of a message of
// total_lo/total_hi bytes. Returns the number of blocks filled, 1 to 3.
TD_HIDDEN size_t td_pad(td_family family, uint8_t *block, const uint8_t *tail, size_t tail_len,
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
           len <= ((uint64_t)1 << 61) - 1;
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
