/* SPDX-License-Identifier: Apache-2.0
 * CPU feature bits, probed once. cpu_x86.c and cpu_arm.c fill them in.
 */
#ifndef TD_CPU_H
#define TD_CPU_H

#include <stdint.h>

#include "td_compiler.h"

enum {
    // x86
    TD_CPU_SSE2      = 1u << 0,
    TD_CPU_SSSE3     = 1u << 1,
    TD_CPU_SSE41     = 1u << 2,
    TD_CPU_AVX       = 1u << 3,  // only when the OS saves YMM state
    TD_CPU_AVX2      = 1u << 4,
    TD_CPU_BMI1      = 1u << 5,
    TD_CPU_BMI2      = 1u << 6,
    TD_CPU_AVX512F   = 1u << 7,  // only when the OS saves ZMM and opmask state
    TD_CPU_AVX512VL  = 1u << 8,
    TD_CPU_AVX512BW  = 1u << 9,
    TD_CPU_SHANI     = 1u << 10,
    // x86 performance traits, not instruction sets: the automatic choice
    // passes over rows that list them in cpu_avoid, and the many path's
    // rules test them. TURBODIGEST_CPU may set them as well as clear them
    // ("+slow-rotate", "-slow-vector-int"). Each is set only where what it
    // names is true (cpu_x86.c).
    TD_CPU_SLOW_ROTATE = 1u << 11,     // AVX-512's VPROLD/VPROLQ slower than its adds
    TD_CPU_SLOW_VECTOR_INT = 1u << 12, // VPADDQ, VPXOR and the like slower than scalar ADD
    TD_CPU_SLOW_ZMM = 1u << 13,        // 512-bit operations issue as two 256-bit halves
    TD_CPU_FAST_SHA1MSG = 1u << 14,    // SHA1MSG1/2 beside SHA1RNDS4 cost no round
    // AArch64
    TD_CPU_ARM_NEON   = 1u << 16,
    TD_CPU_ARM_SHA1   = 1u << 17,
    TD_CPU_ARM_SHA2   = 1u << 18,
    TD_CPU_ARM_SHA512 = 1u << 19,
    TD_CPU_ARM_SHA3   = 1u << 20  // EOR3, RAX1, XAR, BCAX (FEAT_SHA3)
};

#define TD_CPU_TRAITS \
    (TD_CPU_SLOW_ROTATE | TD_CPU_SLOW_VECTOR_INT | TD_CPU_SLOW_ZMM | TD_CPU_FAST_SHA1MSG)

// What several backends need, named once for backends/backends.def.
#define TD_CPU_NEEDS_SHANI (TD_CPU_SHANI | TD_CPU_SSE41 | TD_CPU_SSSE3)
#define TD_CPU_NEEDS_SHANI_AVX512 (TD_CPU_NEEDS_SHANI | TD_CPU_AVX512F | TD_CPU_AVX512VL)
#define TD_CPU_NEEDS_SHA_AVX2 (TD_CPU_AVX2 | TD_CPU_BMI1 | TD_CPU_BMI2)
#define TD_CPU_NEEDS_MD5_AVX512 (TD_CPU_AVX512F | TD_CPU_AVX512VL)
#define TD_CPU_NEEDS_SHA512_AVX512 (TD_CPU_AVX512F | TD_CPU_AVX512VL | TD_CPU_NEEDS_SHA_AVX2)
#define TD_CPU_NEEDS_LANES_AVX512 (TD_CPU_AVX512F | TD_CPU_AVX512BW | TD_CPU_AVX512VL)

// What this CPU has, as TD_CPU_* bits, after TURBODIGEST_CPU (cpu.c); probed
// on the first call, then cached.
TD_HIDDEN uint32_t td_cpu_features_mask(void);

// Whether this CPU has every bit of needs.
static inline int td_cpu_has(uint32_t needs)
{
    return (td_cpu_features_mask() & needs) == needs;
}

// The probe itself, one per architecture; returns 0 where nothing is known.
TD_HIDDEN uint32_t td_cpu_probe(void);

#endif // TD_CPU_H
