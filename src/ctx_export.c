// SPDX-License-Identifier: Apache-2.0
// Saving and resuming a hash: td_ctx and td_hmac_ctx to bytes and back, in
// one format whatever the machine that wrote them (turbodigest.h documents
// it). Import checks every field and the CRC before it changes the context.

#include <string.h>

#include "bytes.h"
#include "td_internal.h"
#include "wipe.h"

enum {
    HEADER_SIZE = 8,   // magic, version, algorithm, buffered count, zero
    CHECK_SIZE = 4,    // the CRC-32 at the end
    FORMAT_VERSION = 1,
};

static const uint8_t ctx_magic[4] = { 't', 'd', 'c', 'x' };
static const uint8_t hmac_magic[4] = { 't', 'd', 'h', 'm' };

// The message length field: 128 bits where the family's padding carries
// them.
static size_t length_size(td_family family)
{
    return family == TD_FAMILY_SHA512 ? 16 : 8;
}

static size_t state_size(td_family family)
{
    switch (family) {
    case TD_FAMILY_MD5:  return 16;
    case TD_FAMILY_SHA1: return 20;
    case TD_FAMILY_SHA256: return 32;
    case TD_FAMILY_SHA3: return 200;
    default:             return 64;
    }
}

// An export's size: header, length, states (two for HMAC), buffered bytes,
// CRC.
static size_t export_size(td_family family, size_t states, size_t buffered)
{
    return HEADER_SIZE + length_size(family) + states * state_size(family) + buffered +
           CHECK_SIZE;
}

_Static_assert(TD_CTX_EXPORT_MAX == HEADER_SIZE + 8 + 200 + 143 + CHECK_SIZE,
               "TD_CTX_EXPORT_MAX: a SHA3-224 context with 143 bytes buffered");
_Static_assert(TD_HMAC_CTX_EXPORT_MAX == HEADER_SIZE + 8 + 2 * 200 + 143 + CHECK_SIZE,
               "TD_HMAC_CTX_EXPORT_MAX: a SHA3-224 HMAC context with 143 bytes buffered");

// CRC-32 as zlib's crc32() and PNG compute it (reflected polynomial
// 0xedb88320), bit by bit: exports are short, and a table would be 1 KiB of
// data for them alone.
static uint32_t crc32_of(const uint8_t *p, size_t n)
{
    uint32_t crc = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++)
            crc = crc >> 1 ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

// ------------------------------------------------------------------ writing

static uint8_t *put_state(uint8_t *p, td_family family, const td_ctx *ctx)
{
    switch (family) {
    case TD_FAMILY_MD5:
        for (size_t i = 0; i < 4; i++, p += 4)
            store_be32(p, ctx->td_state.md5.h[i]);
        break;
    case TD_FAMILY_SHA1:
        for (size_t i = 0; i < 5; i++, p += 4)
            store_be32(p, ctx->td_state.sha1.h[i]);
        break;
    case TD_FAMILY_SHA256:
        for (size_t i = 0; i < 8; i++, p += 4)
            store_be32(p, ctx->td_state.sha256.h[i]);
        break;
    case TD_FAMILY_SHA3:
        for (size_t i = 0; i < 25; i++, p += 8)
            store_be64(p, ctx->td_state.sha3.a[i]);
        break;
    default:
        for (size_t i = 0; i < 8; i++, p += 8)
            store_be64(p, ctx->td_state.sha512.h[i]);
        break;
    }
    return p;
}

// The export of inner (and, for HMAC, outer's state) into out, which has
// room for it; returns its size.
static size_t write_export(uint8_t *out, const uint8_t magic[4], const td_ctx *inner,
                           const td_ctx *outer)
{
    const td_alg alg = (td_alg)inner->td_alg;
    const td_family family = td_alg_info_of(alg)->family;
    const size_t n = inner->td_buf_len;
    uint8_t *p = out;
    memcpy(p, magic, 4);
    p[4] = FORMAT_VERSION;
    p[5] = (uint8_t)alg;
    p[6] = (uint8_t)n;
    p[7] = 0;
    p += HEADER_SIZE;
    if (family == TD_FAMILY_SHA512) {
        store_be64(p, inner->td_bytes_hi);
        p += 8;
    }
    store_be64(p, inner->td_bytes_lo);
    p += 8;
    p = put_state(p, family, inner);
    if (outer != NULL)
        p = put_state(p, family, outer);
    if (n != 0)
        memcpy(p, inner->td_buf, n);
    p += n;
    store_be32(p, crc32_of(out, (size_t)(p - out)));
    return (size_t)(p - out) + CHECK_SIZE;
}

size_t td_ctx_export(const td_ctx *ctx, void *buf, size_t cap)
{
    if (ctx == NULL || buf == NULL || !td_ctx_live(ctx))
        return 0;
    const td_family family = td_alg_info_of((td_alg)ctx->td_alg)->family;
    if (cap < export_size(family, 1, ctx->td_buf_len))
        return 0;
    return write_export(buf, ctx_magic, ctx, NULL);
}

// Whether ctx holds an HMAC as td_hmac_init leaves it: two live halves of
// one algorithm, the outer having taken the key block and nothing else, the
// inner at least the key block.
static int hmac_exportable(const td_hmac_ctx *ctx)
{
    const td_ctx *inner = &ctx->td_inner, *outer = &ctx->td_outer;
    if (!td_ctx_live(inner) || !td_ctx_live(outer) || inner->td_alg != outer->td_alg)
        return 0;
    const size_t block_size = td_alg_info_of((td_alg)inner->td_alg)->block_size;
    return outer->td_bytes_lo == block_size && outer->td_bytes_hi == 0 &&
           outer->td_buf_len == 0 && (inner->td_bytes_hi != 0 || inner->td_bytes_lo >= block_size);
}

size_t td_hmac_ctx_export(const td_hmac_ctx *ctx, void *buf, size_t cap)
{
    if (ctx == NULL || buf == NULL || !hmac_exportable(ctx))
        return 0;
    const td_family family = td_alg_info_of((td_alg)ctx->td_inner.td_alg)->family;
    if (cap < export_size(family, 2, ctx->td_inner.td_buf_len))
        return 0;
    return write_export(buf, hmac_magic, &ctx->td_inner, &ctx->td_outer);
}

// ------------------------------------------------------------------ reading

static const uint8_t *get_state(const uint8_t *p, td_family family, td_ctx *ctx)
{
    switch (family) {
    case TD_FAMILY_MD5:
        for (size_t i = 0; i < 4; i++, p += 4)
            ctx->td_state.md5.h[i] = load_be32(p);
        break;
    case TD_FAMILY_SHA1:
        for (size_t i = 0; i < 5; i++, p += 4)
            ctx->td_state.sha1.h[i] = load_be32(p);
        break;
    case TD_FAMILY_SHA256:
        for (size_t i = 0; i < 8; i++, p += 4)
            ctx->td_state.sha256.h[i] = load_be32(p);
        break;
    case TD_FAMILY_SHA3:
        for (size_t i = 0; i < 25; i++, p += 8)
            ctx->td_state.sha3.a[i] = load_be64(p);
        break;
    default:
        for (size_t i = 0; i < 8; i++, p += 8)
            ctx->td_state.sha512.h[i] = load_be64(p);
        break;
    }
    return p;
}

// Whether a message of hi:lo bytes is within the family's length limit
// (ctx.c: 2^61 - 1 bytes for SHA-1 and SHA-224/256, 2^125 - 1 for the
// SHA-512 family, 2^64 - 1 for SHA-3, none for MD5, whose exports carry 64
// bits, as SHA-3's do).
static int length_within_limit(td_family family, uint64_t lo, uint64_t hi)
{
    const uint64_t max_61 = ((uint64_t)1 << 61) - 1;
    switch (family) {
    case TD_FAMILY_MD5:
    case TD_FAMILY_SHA3:   return hi == 0;
    case TD_FAMILY_SHA512: return hi <= max_61;
    default:               return hi == 0 && lo <= max_61;
    }
}

// Reads an export of len bytes with the given magic into inner (and, for
// HMAC, outer); 1 when every field holds, 0 otherwise (inner and outer then
// hold partial work, to be wiped).
static int read_export(const uint8_t *in, size_t len, const uint8_t magic[4], td_ctx *inner,
                       td_ctx *outer)
{
    if (len < HEADER_SIZE || memcmp(in, magic, 4) != 0 || in[4] != FORMAT_VERSION ||
        in[5] >= (unsigned)TD_ALG_COUNT || in[7] != 0)
        return 0;
    const td_alg alg = (td_alg)in[5];
    const td_alg_info *info = td_alg_info_of(alg);
    const size_t n = in[6];
    if (n >= info->block_size || len != export_size(info->family, outer ? 2 : 1, n) ||
        load_be32(in + len - CHECK_SIZE) != crc32_of(in, len - CHECK_SIZE))
        return 0;

    const uint8_t *p = in + HEADER_SIZE;
    uint64_t hi = 0;
    if (info->family == TD_FAMILY_SHA512) {
        hi = load_be64(p);
        p += 8;
    }
    const uint64_t lo = load_be64(p);
    p += 8;
    // The buffered bytes are the message's tail past its last whole block.
    if (!length_within_limit(info->family, lo, hi) || lo % info->block_size != n)
        return 0;
    // An HMAC's inner hash has taken the key block.
    if (outer != NULL && hi == 0 && lo < info->block_size)
        return 0;

    td_ctx_start(inner, alg);
    inner->td_bytes_lo = lo;
    inner->td_bytes_hi = hi;
    inner->td_buf_len = (uint32_t)n;
    p = get_state(p, info->family, inner);
    if (outer != NULL) {
        td_ctx_start(outer, alg);
        outer->td_bytes_lo = info->block_size;
        p = get_state(p, info->family, outer);
    }
    if (n != 0)
        memcpy(inner->td_buf, p, n);
    return 1;
}

int td_ctx_import(td_ctx *ctx, const void *buf, size_t len)
{
    if (ctx == NULL || buf == NULL)
        return TD_ERR_ARG;
    td_ctx c;
    memset(&c, 0, sizeof c);
    const int ok = read_export(buf, len, ctx_magic, &c, NULL);
    if (ok)
        memcpy(ctx, &c, sizeof c);
    td_wipe(&c, sizeof c);
    return ok ? TD_OK : TD_ERR_ARG;
}

int td_hmac_ctx_import(td_hmac_ctx *ctx, const void *buf, size_t len)
{
    if (ctx == NULL || buf == NULL)
        return TD_ERR_ARG;
    td_hmac_ctx h;
    memset(&h, 0, sizeof h);
    const int ok = read_export(buf, len, hmac_magic, &h.td_inner, &h.td_outer);
    if (ok)
        memcpy(ctx, &h, sizeof h);
    td_wipe(&h, sizeof h);
    return ok ? TD_OK : TD_ERR_ARG;
}
