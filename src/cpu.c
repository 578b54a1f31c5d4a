// SPDX-License-Identifier: Apache-2.0
// The CPU feature word, probed once, adjusted by TURBODIGEST_CPU and cached,
// and its text form.

#include <stdlib.h>
#include <string.h>

#include "turbodigest.h"

#include "cpu.h"
#include "td_atomic.h"

// Bit 31 says "probed", so that a CPU with no features is cached too.
#define TD_CPU_PROBED (1u << 31)

static TD_ATOMIC(uint32_t) cpu_mask;

// Every name that td_cpu_features() prints and TURBODIGEST_CPU takes, in the
// order printed: instruction sets, then performance traits. Hiding a feature
// hides with it those that no CPU reports without it (also): AVX2 and
// AVX-512 need the AVX state, AVX-512VL and BW extend AVX-512F, the Arm
// crypto instructions work on Advanced SIMD registers, ID_AA64ISAR0_EL1
// reports SHA512 only as a level of its SHA2 field, and its rules pair SHA3
// with SHA512 (its SHA2 field is 2 exactly when its SHA3 field is 1).
static const struct {
    uint32_t bit;
    uint32_t also;
    const char *name;
} feature_names[] = {
    { TD_CPU_SSE2, 0, "sse2" },
    { TD_CPU_SSSE3, 0, "ssse3" },
    { TD_CPU_SSE41, 0, "sse4.1" },
    { TD_CPU_AVX, TD_CPU_AVX2 | TD_CPU_AVX512F | TD_CPU_AVX512VL | TD_CPU_AVX512BW, "avx" },
    { TD_CPU_AVX2, 0, "avx2" },
    { TD_CPU_BMI1, 0, "bmi1" },
    { TD_CPU_BMI2, 0, "bmi2" },
    { TD_CPU_AVX512F, TD_CPU_AVX512VL | TD_CPU_AVX512BW, "avx512f" },
    { TD_CPU_AVX512VL, 0, "avx512vl" },
    { TD_CPU_AVX512BW, 0, "avx512bw" },
    { TD_CPU_SHANI, 0, "sha-ni" },
    { TD_CPU_ARM_NEON, TD_CPU_ARM_SHA1 | TD_CPU_ARM_SHA2 | TD_CPU_ARM_SHA512 | TD_CPU_ARM_SHA3,
      "neon" },
    { TD_CPU_ARM_SHA1, 0, "sha1" },
    { TD_CPU_ARM_SHA2, TD_CPU_ARM_SHA512 | TD_CPU_ARM_SHA3, "sha2" },
    { TD_CPU_ARM_SHA512, TD_CPU_ARM_SHA3, "sha512" },
    { TD_CPU_ARM_SHA3, TD_CPU_ARM_SHA512, "sha3" },
    { TD_CPU_SLOW_ROTATE, 0, "slow-rotate" },
    { TD_CPU_SLOW_VECTOR_INT, 0, "slow-vector-int" },
    { TD_CPU_SLOW_ZMM, 0, "slow-zmm" },
    { TD_CPU_FAST_SHA1MSG, 0, "fast-sha1msg" },
};

// Older names TURBODIGEST_CPU still takes, never printed: slow-vprold was
// the one trait for both of these.
static const struct {
    uint32_t bits;
    const char *name;
} feature_aliases[] = {
    { TD_CPU_SLOW_ROTATE | TD_CPU_FAST_SHA1MSG, "slow-vprold" },
};

// The bits an item's name stands for: a feature with those hidden beside it
// (*also), or an alias of traits; 0 for an unknown name.
static uint32_t named_bits(const char *name, size_t len, uint32_t *also)
{
    *also = 0;
    for (size_t i = 0; i < sizeof feature_names / sizeof feature_names[0]; i++) {
        if (strlen(feature_names[i].name) == len && memcmp(feature_names[i].name, name, len) == 0) {
            *also = feature_names[i].also;
            return feature_names[i].bit;
        }
    }
    for (size_t i = 0; i < sizeof feature_aliases / sizeof feature_aliases[0]; i++)
        if (strlen(feature_aliases[i].name) == len &&
            memcmp(feature_aliases[i].name, name, len) == 0)
            return feature_aliases[i].bits;
    return 0;
}

// TURBODIGEST_CPU, applied to what the probe found: a comma-separated list,
// left to right, of -NAME (hide a feature, or clear a trait) and +NAME (set a
// trait); spaces around an item are ignored. It can only take instruction
// sets away, so every row the tables may then choose runs on this CPU. Any
// other item (an unknown name, +NAME of an instruction set, a name without
// its sign) is skipped and the rest still applies: the library cannot report
// a mistake, and a list meant to take a faulty feature away must not be
// dropped whole for a typo elsewhere in it. td_cpu_features() shows the
// outcome.
static uint32_t apply_environment(uint32_t mask)
{
    const char *env = getenv("TURBODIGEST_CPU");
    if (env == NULL)
        return mask;
    for (const char *item = env;;) {
        const size_t len = strcspn(item, ",");
        const char *begin = item, *end = item + len;
        while (begin < end && (*begin == ' ' || *begin == '\t'))
            begin++;
        while (end > begin && (end[-1] == ' ' || end[-1] == '\t'))
            end--;
        uint32_t also = 0;
        const size_t name_len = end > begin ? (size_t)(end - begin) - 1 : 0;
        const uint32_t bits = name_len != 0 ? named_bits(begin + 1, name_len, &also) : 0;
        if (*begin == '-')
            mask &= ~(bits | also);
        else if (*begin == '+' && (bits & TD_CPU_TRAITS) == bits)
            mask |= bits;
        if (item[len] == '\0')
            break;
        item += len + 1;
    }
    return mask;
}

uint32_t td_cpu_features_mask(void)
{
    uint32_t mask = TD_ATOMIC_LOAD(&cpu_mask);
    if (mask == 0) {
        // Racing first callers compute the same value: no lock needed.
        mask = apply_environment(td_cpu_probe()) | TD_CPU_PROBED;
        TD_ATOMIC_STORE(&cpu_mask, mask);
    }
    return mask & ~TD_CPU_PROBED;
}

// Room for every name above with its separator (147 bytes with the NUL); a
// name that would not fit is left out (checked in every build).
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
            if (n + 1 + len >= sizeof features_text)
                break;
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
