/* SPDX-License-Identifier: Apache-2.0
 * MD5 block function (RFC 1321), one message in AVX-512 registers: VPTERNLOGD
 * for F, G, H and I, VPROLD for the rotates. Needs AVX-512F and AVX-512VL;
 * compiled with -mavx512f -mavx512vl.
 */
#if defined(__GNUC__) && !(defined(__AVX512F__) && defined(__AVX512VL__))
#error "md5_avx512.c must be compiled with -mavx512f -mavx512vl"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"
#include "pin.h"
#include "md5_constants.h"

// Each state word lives in lane 0 of its own 128-bit register (the other
// lanes carry junk that is never read). With the round function one
// VPTERNLOGD, every step has the same four operations after b is known:
// TERNLOG, ADD, ROL, ADD, against 5 in F and I for the best scalar form:
// shorter where rotates are fast. X[k] + T is added into a as soon as a,
// four steps old, is ready, off the chain.

// VPTERNLOGD truth tables for f(b, c, d): b is 0xf0, c 0xcc, d 0xaa.
enum {
    TL_F = 0xca, // (b & c) | (~b & d)
    TL_G = 0xe4, // (b & d) | (c & ~d)
    TL_H = 0x96, // b ^ c ^ d
    TL_I = 0x39  // c ^ (b | ~d)
};

// Pins the early sum a + X[k] + T in a register before f(b, c, d) is added.
// Without it GCC 12 reassociates the adds and puts a + T after the ternlog:
// one more ADD on every step's chain (docs/performance-notes.md, "Backend
// forms: figures from the code").
#define PIN(v) PIN_VECTOR(v)


// _mm_loadu_si32 puts the little-endian message word in lane 0 from any
// alignment (x86 is little-endian); T[i] is added as a broadcast load.
#define STEP(tl, a, b, c, d, k, s, i)                                   \
    do {                                                                \
        a = _mm_add_epi32(a, _mm_loadu_si32(p + 4 * (k)));              \
        a = _mm_add_epi32(a, _mm_set1_epi32((int)t[i]));                \
        PIN(a);                                                         \
        a = _mm_add_epi32(a, _mm_ternarylogic_epi32(b, c, d, tl));      \
        a = _mm_add_epi32(_mm_rol_epi32(a, s), b);                      \
    } while (0)

#define F(a, b, c, d, k, s, i) STEP(TL_F, a, b, c, d, k, s, i)
#define G(a, b, c, d, k, s, i) STEP(TL_G, a, b, c, d, k, s, i)
#define H(a, b, c, d, k, s, i) STEP(TL_H, a, b, c, d, k, s, i)
#define I(a, b, c, d, k, s, i) STEP(TL_I, a, b, c, d, k, s, i)

void td_md5_blocks_avx512(td_md5_state *state, const uint8_t *data, size_t nblocks)
{
    __m128i a = _mm_cvtsi32_si128((int)state->h[0]);
    __m128i b = _mm_cvtsi32_si128((int)state->h[1]);
    __m128i c = _mm_cvtsi32_si128((int)state->h[2]);
    __m128i d = _mm_cvtsi32_si128((int)state->h[3]);

    for (const uint8_t *p = data; nblocks > 0; nblocks--, p += 64) {
        const __m128i a0 = a, b0 = b, c0 = c, d0 = d;
        // The table's address goes through an empty asm once per block so
        // that its loads cannot be hoisted: GCC 12 and Clang 14 otherwise
        // broadcast up to 64 constants into registers (and the stack) in the
        // prologue, paid on every call.
        const uint32_t *t = td_md5_t;
        PIN_SCALAR(t);

        F(a, b, c, d,  0,  7,  0);
        F(d, a, b, c,  1, 12,  1);
        F(c, d, a, b,  2, 17,  2);
        F(b, c, d, a,  3, 22,  3);
        F(a, b, c, d,  4,  7,  4);
        F(d, a, b, c,  5, 12,  5);
        F(c, d, a, b,  6, 17,  6);
        F(b, c, d, a,  7, 22,  7);
        F(a, b, c, d,  8,  7,  8);
        F(d, a, b, c,  9, 12,  9);
        F(c, d, a, b, 10, 17, 10);
        F(b, c, d, a, 11, 22, 11);
        F(a, b, c, d, 12,  7, 12);
        F(d, a, b, c, 13, 12, 13);
        F(c, d, a, b, 14, 17, 14);
        F(b, c, d, a, 15, 22, 15);

        G(a, b, c, d,  1,  5, 16);
        G(d, a, b, c,  6,  9, 17);
        G(c, d, a, b, 11, 14, 18);
        G(b, c, d, a,  0, 20, 19);
        G(a, b, c, d,  5,  5, 20);
        G(d, a, b, c, 10,  9, 21);
        G(c, d, a, b, 15, 14, 22);
        G(b, c, d, a,  4, 20, 23);
        G(a, b, c, d,  9,  5, 24);
        G(d, a, b, c, 14,  9, 25);
        G(c, d, a, b,  3, 14, 26);
        G(b, c, d, a,  8, 20, 27);
        G(a, b, c, d, 13,  5, 28);
        G(d, a, b, c,  2,  9, 29);
        G(c, d, a, b,  7, 14, 30);
        G(b, c, d, a, 12, 20, 31);

        H(a, b, c, d,  5,  4, 32);
        H(d, a, b, c,  8, 11, 33);
        H(c, d, a, b, 11, 16, 34);
        H(b, c, d, a, 14, 23, 35);
        H(a, b, c, d,  1,  4, 36);
        H(d, a, b, c,  4, 11, 37);
        H(c, d, a, b,  7, 16, 38);
        H(b, c, d, a, 10, 23, 39);
        H(a, b, c, d, 13,  4, 40);
        H(d, a, b, c,  0, 11, 41);
        H(c, d, a, b,  3, 16, 42);
        H(b, c, d, a,  6, 23, 43);
        H(a, b, c, d,  9,  4, 44);
        H(d, a, b, c, 12, 11, 45);
        H(c, d, a, b, 15, 16, 46);
        H(b, c, d, a,  2, 23, 47);

        I(a, b, c, d,  0,  6, 48);
        I(d, a, b, c,  7, 10, 49);
        I(c, d, a, b, 14, 15, 50);
        I(b, c, d, a,  5, 21, 51);
        I(a, b, c, d, 12,  6, 52);
        I(d, a, b, c,  3, 10, 53);
        I(c, d, a, b, 10, 15, 54);
        I(b, c, d, a,  1, 21, 55);
        I(a, b, c, d,  8,  6, 56);
        I(d, a, b, c, 15, 10, 57);
        I(c, d, a, b,  6, 15, 58);
        I(b, c, d, a, 13, 21, 59);
        I(a, b, c, d,  4,  6, 60);
        I(d, a, b, c, 11, 10, 61);
        I(c, d, a, b,  2, 15, 62);
        I(b, c, d, a,  9, 21, 63);

        a = _mm_add_epi32(a, a0);
        b = _mm_add_epi32(b, b0);
        c = _mm_add_epi32(c, c0);
        d = _mm_add_epi32(d, d0);
    }

    state->h[0] = (uint32_t)_mm_cvtsi128_si32(a);
    state->h[1] = (uint32_t)_mm_cvtsi128_si32(b);
    state->h[2] = (uint32_t)_mm_cvtsi128_si32(c);
    state->h[3] = (uint32_t)_mm_cvtsi128_si32(d);
}
