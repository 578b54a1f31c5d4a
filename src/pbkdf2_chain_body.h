/* SPDX-License-Identifier: Apache-2.0
 * PBKDF2's chain of HMACs for one output block on a single-path row, or for
 * several side by side on a row of lanes or streams. pbkdf2.c includes it
 * for the baseline instruction set, pbkdf2_ssse3.c for SSSE3; each first
 * defines PBKDF2_CHAIN, the name of the td_pbkdf2_chain_fn made here (and
 * PBKDF2_CHAIN_LINKAGE static, for a file's own), and on x86-64 or with
 * SSSE3 TD_PBKDF2_PIECES with reverse_words32, the bytes of each 32-bit word
 * of an XMM register reversed.
 */
#if !defined(PBKDF2_CHAIN)
#error "pbkdf2_chain_body.h: define PBKDF2_CHAIN (and TD_PBKDF2_PIECES with reverse_words32) first"
#endif

#include "ctx_core.h"
#include "pbkdf2.h"
#if defined(TD_PBKDF2_PIECES)
#include <emmintrin.h>
#endif

// A copy of a family's state, of a size known at compile time.
static TD_ALWAYS_INLINE void copy_state(td_family family, td_chain_state *dst,
                                        const td_chain_state *src)
{
    switch (family) {
    case TD_FAMILY_MD5:    dst->md5 = src->md5; break;
    case TD_FAMILY_SHA1:   dst->sha1 = src->sha1; break;
    case TD_FAMILY_SHA256: dst->sha256 = src->sha256; break;
    default:               dst->sha512 = src->sha512; break;
    }
}

// t ^= u, word by word: the XOR of the digests is the XOR of the words
// they are written from.
static TD_ALWAYS_INLINE void xor_state(td_family family, td_chain_state *t,
                                       const td_chain_state *u)
{
    switch (family) {
    case TD_FAMILY_MD5:
        for (size_t i = 0; i < 4; i++)
            t->md5.h[i] ^= u->md5.h[i];
        break;
    case TD_FAMILY_SHA1:
        for (size_t i = 0; i < 5; i++)
            t->sha1.h[i] ^= u->sha1.h[i];
        break;
    case TD_FAMILY_SHA256:
        for (size_t i = 0; i < 8; i++)
            t->sha256.h[i] ^= u->sha256.h[i];
        break;
    default:
        for (size_t i = 0; i < 8; i++)
            t->sha512.h[i] ^= u->sha512.h[i];
        break;
    }
}

// One block into one state with a single-path function.
static TD_ALWAYS_INLINE void compress_one(const td_backend_row *row, td_family family,
                                          td_chain_state *s, const uint8_t *block)
{
    switch (family) {
    case TD_FAMILY_MD5:    row->blocks.md5(&s->md5, block, 1); break;
    case TD_FAMILY_SHA1:   row->blocks.sha1(&s->sha1, block, 1); break;
    case TD_FAMILY_SHA256: row->blocks.sha256(&s->sha256, block, 1); break;
    default:               row->blocks.sha512(&s->sha512, block, 1); break;
    }
}

// Pointers to the lanes' states, typed for a family's many-path function.
typedef union lane_ptrs {
    td_md5_state    *md5[TD_MANY_MAX_LANES];
    td_sha1_state   *sha1[TD_MANY_MAX_LANES];
    td_sha256_state *sha256[TD_MANY_MAX_LANES];
    td_sha512_state *sha512[TD_MANY_MAX_LANES];
} lane_ptrs;

static TD_ALWAYS_INLINE void point_lanes(td_family family, lane_ptrs *p, td_pbkdf2_lane *lanes,
                                         size_t k)
{
    for (size_t i = 0; i < k; i++) {
        switch (family) {
        case TD_FAMILY_MD5:    p->md5[i] = &lanes[i].s.md5; break;
        case TD_FAMILY_SHA1:   p->sha1[i] = &lanes[i].s.sha1; break;
        case TD_FAMILY_SHA256: p->sha256[i] = &lanes[i].s.sha256; break;
        default:               p->sha512[i] = &lanes[i].s.sha512; break;
        }
    }
}

// One block of data[i] into each of the k states p points at, with a row of
// lanes or streams (as TD_COMPRESS_FAMILY calls one).
static TD_ALWAYS_INLINE void compress_lanes(const td_backend_row *row, td_family family,
                                            const lane_ptrs *p, const uint8_t *const *data,
                                            size_t k)
{
    switch (family) {
    case TD_FAMILY_MD5:    row->blocks.md5_many(p->md5, data, k, 1, NULL, 0, NULL); break;
    case TD_FAMILY_SHA1:   row->blocks.sha1_many(p->sha1, data, k, 1, NULL, 0, NULL); break;
    case TD_FAMILY_SHA256: row->blocks.sha256_many(p->sha256, data, k, 1, NULL, 0, NULL); break;
    default:               row->blocks.sha512_many(p->sha512, data, k, 1, NULL, 0, NULL); break;
    }
}

// U, the digest of s, over the first digest_size bytes of block, whose
// padding stays as it is.
#if defined(TD_PBKDF2_PIECES)
// A backend reads the block 16 bytes at a time, and a load that spans
// several smaller stores cannot take its data from them: it waits until they
// reach the cache, on the chain of compressions. So each 16-byte piece of
// the digest is stored whole, the last one with the 0x80 byte and the zeros
// that follow it in the block. The state is read as the fastest backends
// write it: SHA-1's first four words and SHA-224/256's eight 16 bytes at a
// time (SHA-NI), the SHA-512 family's words one at a time, MD5's too.

// Two 64-bit words as the 16 bytes they are in memory, lo first.
static inline __m128i two_words(uint64_t lo, uint64_t hi)
{
    return _mm_set_epi64x((long long)hi, (long long)lo);
}

static TD_ALWAYS_INLINE void put_digest(td_alg alg, const td_chain_state *s, uint8_t *block)
{
    __m128i *piece = (__m128i *)(void *)block;
    switch (alg) {
    case TD_MD5:
        core_state_digest(alg, s, block);
        break;
    case TD_SHA1:
        _mm_storeu_si128(piece, reverse_words32(_mm_loadu_si128((const __m128i *)(const void *)s)));
        _mm_storeu_si128(piece + 1,
                         _mm_or_si128(reverse_words32(_mm_cvtsi32_si128((int)s->sha1.h[4])),
                                      _mm_set_epi32(0, 0, 0x80, 0)));
        break;
    case TD_SHA224:
    case TD_SHA256: {
        const __m128i *h = (const __m128i *)(const void *)s;
        __m128i high = reverse_words32(_mm_loadu_si128(h + 1));
        if (alg == TD_SHA224)
            high = _mm_or_si128(_mm_and_si128(high, _mm_set_epi32(0, -1, -1, -1)),
                                _mm_set_epi32(0x80, 0, 0, 0));
        _mm_storeu_si128(piece, reverse_words32(_mm_loadu_si128(h)));
        _mm_storeu_si128(piece + 1, high);
        break;
    }
    default: {
        const uint64_t *h = s->sha512.h;
        const size_t digest_size = td_alg_info_of(alg)->digest_size;
        size_t i = 0;
        for (; 16 * i + 16 <= digest_size; i++)
            _mm_storeu_si128(piece + i, two_words(byteswap64(h[2 * i]), byteswap64(h[2 * i + 1])));
        if (digest_size % 16 != 0) // SHA-512/224: 12 bytes, then the 0x80
            _mm_storeu_si128(piece + i, two_words(byteswap64(h[2 * i]),
                                                  (byteswap64(h[2 * i + 1]) & 0xffffffffu) |
                                                      (uint64_t)0x80 << 32));
        break;
    }
    }
}
#else
static TD_ALWAYS_INLINE void put_digest(td_alg alg, const td_chain_state *s, uint8_t *block)
{
    core_state_digest(alg, s, block);
}
#endif

// The chain of one output block on a single-path row.
static TD_ALWAYS_INLINE void chain_one(td_alg alg, const td_backend_row *row,
                                       const td_pbkdf2_key *key, td_pbkdf2_lane *lane,
                                       uint64_t iterations)
{
    const td_family family = td_alg_info_of(alg)->family;
    copy_state(family, &lane->s, &key->outer);
    compress_one(row, family, &lane->s, lane->block);
    copy_state(family, &lane->t, &lane->s);
    put_digest(alg, &lane->s, lane->block);
    for (uint64_t j = 1; j < iterations; j++) {
        copy_state(family, &lane->s, &key->inner);
        compress_one(row, family, &lane->s, lane->block);
        put_digest(alg, &lane->s, lane->block);
        copy_state(family, &lane->s, &key->outer);
        compress_one(row, family, &lane->s, lane->block);
        put_digest(alg, &lane->s, lane->block);
        xor_state(family, &lane->t, &lane->s);
    }
}

// The chains of k output blocks side by side on a row of lanes or streams.
static TD_ALWAYS_INLINE void chain_lanes(td_alg alg, const td_backend_row *row,
                                         const td_pbkdf2_key *key, td_pbkdf2_lane *lanes,
                                         size_t k, uint64_t iterations)
{
    const td_family family = td_alg_info_of(alg)->family;
    const uint8_t *data[TD_MANY_MAX_LANES] = { NULL };
    lane_ptrs p = { { NULL } };
    point_lanes(family, &p, lanes, k);
    for (size_t i = 0; i < k; i++) {
        data[i] = lanes[i].block;
        copy_state(family, &lanes[i].s, &key->outer);
    }
    compress_lanes(row, family, &p, data, k);
    for (size_t i = 0; i < k; i++) {
        copy_state(family, &lanes[i].t, &lanes[i].s);
        put_digest(alg, &lanes[i].s, lanes[i].block);
    }
    for (uint64_t j = 1; j < iterations; j++) {
        for (size_t i = 0; i < k; i++)
            copy_state(family, &lanes[i].s, &key->inner);
        compress_lanes(row, family, &p, data, k);
        for (size_t i = 0; i < k; i++) {
            put_digest(alg, &lanes[i].s, lanes[i].block);
            copy_state(family, &lanes[i].s, &key->outer);
        }
        compress_lanes(row, family, &p, data, k);
        for (size_t i = 0; i < k; i++) {
            put_digest(alg, &lanes[i].s, lanes[i].block);
            xor_state(family, &lanes[i].t, &lanes[i].s);
        }
    }
}

// Specialised for each algorithm: sizes, byte order and the state's width
// folded into the loops; two blocks side by side (WPA2's 32 bytes of SHA-1,
// 64 of SHA-256) with the loops over them unrolled too.
#define TD_PBKDF2_CHAIN_FOR(a)                                \
    do {                                                      \
        if (row->kind == TD_ROW_SINGLE)                       \
            chain_one((a), row, key, lanes, iterations);      \
        else if (k == 2)                                      \
            chain_lanes((a), row, key, lanes, 2, iterations); \
        else                                                  \
            chain_lanes((a), row, key, lanes, k, iterations); \
    } while (0)

#ifndef PBKDF2_CHAIN_LINKAGE
#define PBKDF2_CHAIN_LINKAGE
#endif

PBKDF2_CHAIN_LINKAGE void PBKDF2_CHAIN(td_alg alg, const td_backend_row *row,
                                       const td_pbkdf2_key *key, td_pbkdf2_lane *lanes, size_t k,
                                       uint64_t iterations)
{
    switch (alg) {
    case TD_MD5:        TD_PBKDF2_CHAIN_FOR(TD_MD5); break;
    case TD_SHA1:       TD_PBKDF2_CHAIN_FOR(TD_SHA1); break;
    case TD_SHA224:     TD_PBKDF2_CHAIN_FOR(TD_SHA224); break;
    case TD_SHA256:     TD_PBKDF2_CHAIN_FOR(TD_SHA256); break;
    case TD_SHA384:     TD_PBKDF2_CHAIN_FOR(TD_SHA384); break;
    case TD_SHA512:     TD_PBKDF2_CHAIN_FOR(TD_SHA512); break;
    case TD_SHA512_224: TD_PBKDF2_CHAIN_FOR(TD_SHA512_224); break;
    default:            TD_PBKDF2_CHAIN_FOR(TD_SHA512_256); break;
    }
}
