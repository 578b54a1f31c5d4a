// SPDX-License-Identifier: Apache-2.0
// PBKDF2's chain of HMACs (pbkdf2_chain_body.h) with SSSE3's byte shuffle turning
// each state into the next block's digest bytes: one instruction for
// SSE2's five, on the chain of compressions. Needs SSSE3 at run time;
// compiled with -mssse3.
#if defined(__GNUC__) && !defined(__SSSE3__)
#error "pbkdf2_ssse3.c needs -mssse3"
#endif

#include <tmmintrin.h>

#include "td_internal.h"

static inline __m128i reverse_words32(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3));
}

#define TD_PBKDF2_PIECES 1
#define PBKDF2_CHAIN td_pbkdf2_chain_ssse3
#include "pbkdf2_chain_body.h"
