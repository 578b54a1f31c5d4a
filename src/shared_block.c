// SPDX-License-Identifier: Apache-2.0
// The last block of equal-length messages where it holds padding alone: its
// bytes, and its message schedule worked out once for a whole batch (the
// schedules of RFC 1321 section 3.4 and FIPS 180-4 sections 6.1.2, 6.2.2 and
// 6.4.2, with the round constants added in).

#if (defined(__AVX__) || defined(__AVX2__) || defined(__SHA__)) && !defined(TD_ALLOW_AVX_BASELINE)
#error "shared_block.c is generic code: compile it for the baseline instruction set (or -DTD_ALLOW_AVX_BASELINE=ON)"
#endif

#include <string.h>

// The schedules are written as loops over a window of words; unrolled, the
// window stays in registers instead of passing each word through memory to
// the step two or three ahead (docs/performance-notes.md, "One-shots").
#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL_ALL _Pragma("GCC unroll 80")
#elif defined(__clang__)
#define UNROLL_ALL _Pragma("unroll")
#else
#define UNROLL_ALL
#endif

#include "backends/md5_constants.h"
#include "backends/sha2_constants.h"
#include "bytes.h"
#include "chunk16.h"
#include "shared_block.h"

void td_shared_block_bytes(td_family family, uint8_t *block, uint64_t len)
{
    // Written in 16-byte pieces (chunk16.h says why): zeros, the 0x80 byte
    // first when there is no tail, the length in bits in the last piece
    // (SHA-512's 128-bit field has len >> 61 in its high half).
    const size_t block_size = family == TD_FAMILY_SHA512 ? 128 : 64;
    td_chunk16 c = { len % block_size == 0 ? 0x80u : 0u, 0 };
    for (size_t at = 0; at + 16 < block_size; at += 16) {
        store_chunk16(block + at, c);
        c.lo = 0;
    }
    switch (family) {
    case TD_FAMILY_MD5:    c.hi = len << 3; break;
    case TD_FAMILY_SHA512: c.lo = byteswap64(len >> 61); c.hi = byteswap64(len << 3); break;
    default:               c.hi = byteswap64(len << 3); break;
    }
    store_chunk16(block + block_size - 16, c);
}

// Step i of MD5 reads word k(i): i, 5i + 1, 3i + 5 and 7i (mod 16) in the
// four rounds.
static void md5_schedule(td_md5_shared_block *b)
{
    uint32_t x[16];
    for (size_t i = 0; i < 16; i++)
        x[i] = load_le32(b->bytes + 4 * i);
    UNROLL_ALL for (size_t i = 0; i < 64; i++) {
        const size_t k = i < 16 ? i : i < 32 ? (5 * i + 1) & 15 : i < 48 ? (3 * i + 5) & 15 : (7 * i) & 15;
        b->xt[i] = x[k] + td_md5_t[i];
    }
}

static void sha1_schedule(td_sha1_shared_block *b)
{
    static const uint32_t k[4] = { 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6 };
    UNROLL_ALL for (size_t t = 0; t < 80; t++) {
        b->w[t] = t < 16 ? load_be32(b->bytes + 4 * t)
                         : rotl32(b->w[t - 3] ^ b->w[t - 8] ^ b->w[t - 14] ^ b->w[t - 16], 1);
        b->wk[t] = b->w[t] + k[t / 20];
    }
}

static void sha256_schedule(td_sha256_shared_block *b)
{
    uint32_t w[64];
    UNROLL_ALL for (size_t t = 0; t < 64; t++) {
        if (t < 16) {
            w[t] = load_be32(b->bytes + 4 * t);
        } else {
            const uint32_t s0 = rotr32(w[t - 15], 7) ^ rotr32(w[t - 15], 18) ^ (w[t - 15] >> 3);
            const uint32_t s1 = rotr32(w[t - 2], 17) ^ rotr32(w[t - 2], 19) ^ (w[t - 2] >> 10);
            w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
        b->wk[t] = w[t] + td_sha256_k[t];
    }
}

static void sha512_schedule(td_sha512_shared_block *b)
{
    uint64_t w[80];
    UNROLL_ALL for (size_t t = 0; t < 80; t++) {
        if (t < 16) {
            w[t] = load_be64(b->bytes + 8 * t);
        } else {
            const uint64_t s0 = rotr64(w[t - 15], 1) ^ rotr64(w[t - 15], 8) ^ (w[t - 15] >> 7);
            const uint64_t s1 = rotr64(w[t - 2], 19) ^ rotr64(w[t - 2], 61) ^ (w[t - 2] >> 6);
            w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
        b->wk[t] = w[t] + td_sha512_k[t];
    }
}

void td_shared_block_schedule(td_family family, td_shared_block *b)
{
    switch (family) {
    case TD_FAMILY_MD5:    md5_schedule(&b->md5); break;
    case TD_FAMILY_SHA1:   sha1_schedule(&b->sha1); break;
    case TD_FAMILY_SHA256: sha256_schedule(&b->sha256); break;
    default:               sha512_schedule(&b->sha512); break;
    }
}
