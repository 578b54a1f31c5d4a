/* SPDX-License-Identifier: Apache-2.0
 * The heart of the generic layer as inline functions: initial values,
 * padding, digest output and the whole-message path. ctx.c wraps them for the
 * rest of the library; oneshot.c calls them with a constant alg, so that each
 * typed one-shot is compiled with its sizes, family and byte order folded in
 * (always inlined: GCC 12 otherwise keeps one generic copy of the large ones;
 * docs/performance-notes.md, "One-shots").
 */
#ifndef TD_CTX_CORE_H
#define TD_CTX_CORE_H

#include <assert.h>
#include <string.h>

#include "bytes.h"
#include "chunk16.h"
#include "td_internal.h"
#include "wipe.h"

// Marks a context as initialised and not finished. A zero-filled or wiped
// context does not carry it, so misuse is caught instead of hashing garbage.
#define TD_CTX_LIVE 0x74644c56u // "tdLV"

// Initial values: RFC 1321 section 3.3, FIPS 180-4 sections 5.3.1 to 5.3.6.
// The SHA-512/t values are the output of the IV generation function of
// FIPS 180-4 section 5.3.6.
static const uint32_t md5_iv[4] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476 };
static const uint32_t sha1_iv[5] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0 };
static const uint32_t sha224_iv[8] = {
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
    0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};
static const uint32_t sha256_iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};
static const uint64_t sha384_iv[8] = {
    0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
    0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4,
};
static const uint64_t sha512_iv[8] = {
    0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
    0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
};
static const uint64_t sha512_224_iv[8] = {
    0x8c3d37c819544da2, 0x73e1996689dcd4d6, 0x1dfab7ae32ff9c82, 0x679dd514582f9fcf,
    0x0f6d2b697bd44da8, 0x77e36f7304c48942, 0x3f9d85a86a1d36c8, 0x1112e6ad91d692a1,
};
static const uint64_t sha512_256_iv[8] = {
    0x22312194fc2bf72c, 0x9f555fa3c84c64c2, 0x2393b86b6f53b151, 0x963877195940eabd,
    0x96283ee2a88effe3, 0xbe5e1e2553863992, 0x2b0199fc2c85b8aa, 0x0eb72ddc81c52ca2,
};

// The initial state of alg, as the words of its family's state (Keccak's
// is all zeros, core_state_start's).
static TD_ALWAYS_INLINE const void *core_iv(td_alg alg)
{
    switch (alg) {
    case TD_MD5:        return md5_iv;
    case TD_SHA1:       return sha1_iv;
    case TD_SHA224:     return sha224_iv;
    case TD_SHA256:     return sha256_iv;
    case TD_SHA384:     return sha384_iv;
    case TD_SHA512:     return sha512_iv;
    case TD_SHA512_224: return sha512_224_iv;
    case TD_SHA512_256: return sha512_256_iv;
    default:
        assert(0 && "core_iv: unknown alg");
        return sha512_iv;
    }
}

// Sets state, which points at alg's family's state (td_md5_state ...
// td_sha512_state), to alg's initial value. A copy of a size known at
// compile time: a run-time size is a REP MOVSQ, whose start-up cost weighs on
// a batch of short messages (the notes, "One-shots").
static TD_ALWAYS_INLINE void core_state_start(td_alg alg, void *state)
{
    switch (td_alg_info_of(alg)->family) {
    case TD_FAMILY_MD5:    memcpy(state, core_iv(alg), sizeof(td_md5_state)); break;
    case TD_FAMILY_SHA1:   memcpy(state, core_iv(alg), sizeof(td_sha1_state)); break;
    case TD_FAMILY_SHA256: memcpy(state, core_iv(alg), sizeof(td_sha256_state)); break;
    case TD_FAMILY_SHA3:   memset(state, 0, sizeof(td_sha3_state)); break;
    default:               memcpy(state, core_iv(alg), sizeof(td_sha512_state)); break;
    }
}

static TD_ALWAYS_INLINE void core_start(td_ctx *ctx, td_alg alg)
{
    ctx->td_bytes_lo = 0;
    ctx->td_bytes_hi = 0;
    ctx->td_buf_len = 0;
    ctx->td_alg = (uint32_t)alg;
    ctx->td_magic = TD_CTX_LIVE;
    ctx->td_reserved = 0;
    core_state_start(alg, &ctx->td_state);
}

// Whether a context is initialised and not finished.
static TD_ALWAYS_INLINE int core_live(const td_ctx *ctx)
{
    return ctx->td_magic == TD_CTX_LIVE && ctx->td_alg < (uint32_t)TD_ALG_COUNT &&
           ctx->td_buf_len < td_alg_info_of((td_alg)ctx->td_alg)->block_size;
}

// core_live for a context that must hold alg, of the given block size: no
// lookup, for a caller checking many contexts of one algorithm.
static TD_ALWAYS_INLINE int core_live_as(const td_ctx *ctx, td_alg alg, size_t block_size)
{
    return ctx->td_magic == TD_CTX_LIVE && ctx->td_alg == (uint32_t)alg &&
           ctx->td_buf_len < block_size;
}

// The length limits: SHA-1 and SHA-224/256 carry a 64-bit bit count, so a
// message may have at most 2^64 - 1 bits, that is 2^61 - 1 whole bytes.
// The SHA-512 family carries 128 bits: at most 2^125 - 1 bytes, whose high
// 64-bit half is at most 2^61 - 1. MD5 has no limit: RFC 1321 keeps the
// length modulo 2^64 bits, which the low counter's wrap gives for free.
// FIPS 202 sets SHA-3 none either; its counter (for exports) holds 2^64 - 1
// bytes, which no message reaches in practice, and is refused past that.
// The limit for a context of the given family.
static TD_ALWAYS_INLINE int core_len_allowed_in(td_family family, const td_ctx *ctx, size_t len)
{
    const uint64_t max_61 = ((uint64_t)1 << 61) - 1;
    const uint64_t add = (uint64_t)len;
    switch (family) {
    case TD_FAMILY_MD5:
        return 1;
    case TD_FAMILY_SHA3:
        return add <= UINT64_MAX - ctx->td_bytes_lo;
    case TD_FAMILY_SHA512:
        return ctx->td_bytes_hi < max_61 || add <= UINT64_MAX - ctx->td_bytes_lo;
    default:
        return add <= max_61 && ctx->td_bytes_lo <= max_61 - add;
    }
}

static TD_ALWAYS_INLINE int core_len_allowed(const td_ctx *ctx, size_t len)
{
    return core_len_allowed_in(td_alg_info_of((td_alg)ctx->td_alg)->family, ctx, len);
}

// alg is passed, not read from ctx, so that a constant alg folds the switch.
static TD_ALWAYS_INLINE void core_blocks(const td_backend_row *row, td_alg alg, td_ctx *ctx,
                               const uint8_t *data, size_t nblocks)
{
    if (nblocks == 0) // the backends' loops run one block at least
        return;
    switch (td_alg_info_of(alg)->family) {
    case TD_FAMILY_MD5:    row->blocks.md5(&ctx->td_state.md5, data, nblocks); break;
    case TD_FAMILY_SHA1:   row->blocks.sha1(&ctx->td_state.sha1, data, nblocks); break;
    case TD_FAMILY_SHA256: row->blocks.sha256(&ctx->td_state.sha256, data, nblocks); break;
    case TD_FAMILY_SHA512: row->blocks.sha512(&ctx->td_state.sha512, data, nblocks); break;
    case TD_FAMILY_SHA3:
        row->blocks.sha3(&ctx->td_state.sha3, data, nblocks, td_alg_info_of(alg)->block_size);
        break;
    default: assert(0 && "core_blocks: unknown family");
    }
}

// The padding appends 0x80, zeros, and the message length in bits: 64 bits
// (little-endian for MD5, big-endian for SHA-1/256) at offset 56 of the last
// 64-byte block, or 128 bits big-endian at offset 112 of the last 128-byte
// block for SHA-512. When the tail leaves no room for the 0x80 byte and the
// length field, the padding spills into one more block. Everything is written
// in 16-byte pieces, one store each (chunk16.h says why); the length field,
// 8 or 16 bytes, is the end of the last piece.
static TD_ALWAYS_INLINE size_t core_pad(td_family family, uint8_t *block, const uint8_t *tail,
                              size_t tail_len, uint64_t total_lo, uint64_t total_hi)
{
    const size_t block_size = family == TD_FAMILY_SHA512 ? 128 : 64;
    const size_t field = family == TD_FAMILY_SHA512 ? 16 : 8;
    // At most a block of tail, so that the padding ends within two blocks:
    // TD_PAD_BUFFER_SIZE (callers pass less, and the compiler sees it).
    tail_len = tail_len <= block_size ? tail_len : block_size;
    const size_t nblocks = (tail_len + 1 + field + block_size - 1) / block_size;
    const size_t end = nblocks * block_size;

    // Bits = bytes * 8, carried across the two 64-bit halves.
    const uint64_t bits_lo = total_lo << 3;
    const uint64_t bits_hi = total_hi << 3 | total_lo >> 61;

    // Whole 16-byte pieces of the message; then the piece with the 0x80 byte
    // (tail may be NULL only when tail_len is 0, and then it is never read);
    // zeros; the length field at the end of the last piece.
    size_t at = 0;
    for (; tail_len - at >= 16; at += 16)
        store_chunk16(block + at, load_chunk16_upto(tail + at, 16));
    td_chunk16 c = { 0, 0 };
    if (tail_len > at)
        c = load_chunk16_upto(tail + at, tail_len - at);
    chunk16_put_byte(&c, tail_len - at, 0x80);
    for (; at + 16 < end; at += 16) {
        store_chunk16(block + at, c);
        c.lo = c.hi = 0;
    }
    switch (family) {
    case TD_FAMILY_MD5:    c.hi = bits_lo; break;
    case TD_FAMILY_SHA512: c.lo = byteswap64(bits_hi); c.hi = byteswap64(bits_lo); break;
    default:               c.hi = byteswap64(bits_lo); break;
    }
    store_chunk16(block + at, c);
    return nblocks;
}

// Keccak's padding (FIPS 202 pad10*1 after the domain bits): the tail, below
// the rate, then the suffix (the domain bits and the padding's first 1),
// zeros, and a 1 in the top bit of the block's last byte. Always one block.
static TD_ALWAYS_INLINE size_t core_pad_keccak(uint8_t *block, const uint8_t *tail, size_t tail_len,
                                               size_t rate, uint8_t suffix)
{
    if (tail_len != 0)
        memcpy(block, tail, tail_len);
    memset(block + tail_len, 0, rate - tail_len);
    block[tail_len] = suffix;
    block[rate - 1] |= 0x80;
    return 1;
}

// The padding of alg, by its family.
static TD_ALWAYS_INLINE size_t core_pad_alg(td_alg alg, uint8_t *block, const uint8_t *tail,
                                            size_t tail_len, uint64_t total_lo, uint64_t total_hi)
{
    const td_alg_info *info = td_alg_info_of(alg);
    if (info->family == TD_FAMILY_SHA3)
        return core_pad_keccak(block, tail, tail_len, info->block_size, info->suffix);
    return core_pad(info->family, block, tail, tail_len, total_lo, total_hi);
}

// The digest of a finished state: state points at its family's state
// (td_md5_state ... td_sha512_state).
static TD_ALWAYS_INLINE void core_state_digest(td_alg alg, const void *state, uint8_t *out)
{
    const td_alg_info *info = td_alg_info_of(alg);
    switch (info->family) {
    case TD_FAMILY_MD5:
        for (size_t i = 0; i < 4; i++)
            store_le32(out + 4 * i, ((const td_md5_state *)state)->h[i]);
        break;
    case TD_FAMILY_SHA1:
        for (size_t i = 0; i < 5; i++)
            store_be32(out + 4 * i, ((const td_sha1_state *)state)->h[i]);
        break;
    case TD_FAMILY_SHA256:
        for (size_t i = 0; i < info->digest_size / 4; i++)
            store_be32(out + 4 * i, ((const td_sha256_state *)state)->h[i]);
        break;
    case TD_FAMILY_SHA512: {
        // SHA-512/224 ends halfway through a word: write exactly
        // digest_size bytes, never more, since out may end at a guard page.
        const td_sha512_state *s = (const td_sha512_state *)state;
        size_t i = 0;
        for (; 8 * i + 8 <= info->digest_size; i++)
            store_be64(out + 8 * i, s->h[i]);
        if (8 * i < info->digest_size) {
            uint8_t last[8];
            store_be64(last, s->h[i]);
            memcpy(out + 8 * i, last, info->digest_size - 8 * i);
        }
        break;
    }
    case TD_FAMILY_SHA3: {
        // The first digest_size bytes of the lanes, little-endian; SHA3-224
        // ends halfway through a lane.
        const td_sha3_state *s = (const td_sha3_state *)state;
        size_t i = 0;
        for (; 8 * i + 8 <= info->digest_size; i++)
            store_le64(out + 8 * i, s->a[i]);
        if (8 * i < info->digest_size) {
            uint8_t last[8];
            store_le64(last, s->a[i]);
            memcpy(out + 8 * i, last, info->digest_size - 8 * i);
        }
        break;
    }
    default:
        assert(0 && "core_state_digest: unknown family");
    }
}

static TD_ALWAYS_INLINE void core_digest(td_alg alg, const td_ctx *ctx, uint8_t *out)
{
    core_state_digest(alg, &ctx->td_state, out);
}

static TD_ALWAYS_INLINE void core_finish(const td_backend_row *row, td_alg alg, td_ctx *ctx,
                               const uint8_t *tail, size_t tail_len, uint8_t *out)
{
    uint8_t block[TD_PAD_BUFFER_SIZE];
    const td_alg_info *info = td_alg_info_of(alg);
    const size_t nblocks =
        core_pad_alg(alg, block, tail, tail_len, ctx->td_bytes_lo, ctx->td_bytes_hi);
    // All the last blocks in one call: SHA-NI and ARMv8 keep the state in
    // registers across them.
    core_blocks(row, alg, ctx, block, nblocks);
    core_digest(alg, ctx, out);
    td_wipe(block, nblocks * info->block_size);
}

static TD_ALWAYS_INLINE void core_hash_with(const td_backend_row *row, td_alg alg,
                                            const uint8_t *data, size_t len, uint8_t *out)
{
    // No buffering: whole blocks straight from the caller's memory, then the
    // tail with its padding, so that no block waits on a copy (the notes,
    // "One-shots"). Only the state needs wiping afterwards.
    td_ctx ctx;
    core_start(&ctx, alg);
    const size_t block_size = td_alg_info_of(alg)->block_size;
    const size_t nblocks = len / block_size;
    if (nblocks != 0)
        core_blocks(row, alg, &ctx, data, nblocks);
    ctx.td_bytes_lo = (uint64_t)len;
    // data may be NULL when len is 0, and NULL + 0 is undefined in C.
    const uint8_t *tail = nblocks != 0 ? data + nblocks * block_size : data;
    core_finish(row, alg, &ctx, tail, len - nblocks * block_size, out);
    td_wipe(&ctx.td_state, sizeof ctx.td_state);
}

#endif // TD_CTX_CORE_H
