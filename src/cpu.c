// SPDX-License-Identifier: Apache-2.0
// The CPU feature word, probed once and cached, and its text form.

#include <string.h>

#include "cpu.h"
#include "td_atomic.h"

// Bit 31 says "probed", so that a CPU with no features is cached too.
#define TD_CPU_PROBED (1u << 31)

static TD_ATOMIC(uint32_t) cpu_mask;

uint32_t td_cpu_features_mask(void)
{
    uint32_t mask = TD_ATOMIC_LOAD(&cpu_mask);
    if (mask == 0) {
        // Racing first callers compute the same value: no lock needed.
        mask = td_cpu_probe() | TD_CPU_PROBED;
        TD_ATOMIC_STORE(&cpu_mask, mask);
    }
    return mask & ~TD_CPU_PROBED;
}

static const struct {
    uint32_t bit;
    const char *name;
} feature_names[] = {
    { TD_CPU_SSE2, "sse2" },         { TD_CPU_SSSE3, "ssse3" },
    { TD_CPU_SSE41, "sse4.1" },      { TD_CPU_AVX, "avx" },
    { TD_CPU_AVX2, "avx2" },         { TD_CPU_BMI1, "bmi1" },
    { TD_CPU_BMI2, "bmi2" },         { TD_CPU_AVX512F, "avx512f" },
    { TD_CPU_AVX512VL, "avx512vl" }, { TD_CPU_AVX512BW, "avx512bw" },
    { TD_CPU_SHANI, "sha-ni" },      { TD_CPU_ARM_NEON, "neon" },
    { TD_CPU_ARM_SHA1, "sha1" },     { TD_CPU_ARM_SHA2, "sha2" },
    { TD_CPU_ARM_SHA512, "sha512" },
};

// Room for every name above with its separator.
static char features_text[160];
static TD_ATOMIC(int) features_state; // 0 not built, 1 building, 2 ready

const char *td_cpu_features(void)
{
    if (TD_ATOMIC_LOAD(&features_state) == 2)
        return features_text;
    if (TD_ATOMIC_CAS(&features_state, 0, 1)) {
        const uint32_t mask = td_cpu_features_mask();
        size_t n = 0;
        for (size_t i = 0; i < sizeof feature_names / sizeof feature_names[0]; i++) {
            if (!(mask & feature_names[i].bit))
                continue;
            const size_t len = strlen(feature_names[i].name);
            if (n != 0)
                features_text[n++] = ' ';
            memcpy(features_text + n, feature_names[i].name, len);
            n += len;
        }
        features_text[n] = '\0';
        TD_ATOMIC_STORE(&features_state, 2);
        return features_text;
    }
    // Another thread is writing the text: it takes well under a microsecond.
    while (TD_ATOMIC_LOAD(&features_state) != 2)
        ;
    return features_text;
}

#if !(defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86) || \
      defined(__aarch64__) || defined(_M_ARM64))
uint32_t td_cpu_probe(void)
{
    return 0; // no backend here needs more than portable C
}
#endif
