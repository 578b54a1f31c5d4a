// SPDX-License-Identifier: Apache-2.0
// AArch64 feature probing: the SHA1, SHA2, SHA512 and SHA3 crypto
// extensions, from the OS on Linux/Android (getauxval), macOS
// (sysctlbyname), FreeBSD/OpenBSD (elf_aux_info) and Windows
// (IsProcessorFeaturePresent). Nothing else.

#include "cpu.h"

#if defined(__aarch64__) || defined(_M_ARM64)

#if defined(__linux__)
#include <sys/auxv.h>
#elif defined(__APPLE__)
#include <sys/sysctl.h>
#elif defined(__FreeBSD__) || defined(__OpenBSD__)
#include <sys/auxv.h>
#elif defined(_WIN32)
#include <windows.h>
// Windows SDK 10.0.26100 and later; older headers (MinGW-w64 10) lack them,
// and older Windows answers FALSE for a number it does not know.
#if !defined(PF_ARM_SHA512_INSTRUCTIONS_AVAILABLE)
#define PF_ARM_SHA512_INSTRUCTIONS_AVAILABLE 65
#endif
#if !defined(PF_ARM_SHA3_INSTRUCTIONS_AVAILABLE)
#define PF_ARM_SHA3_INSTRUCTIONS_AVAILABLE 64
#endif
#endif

#if defined(__linux__) || defined(__FreeBSD__) || defined(__OpenBSD__)
// AT_HWCAP bits of the Linux arm64 ABI (arch/arm64/include/uapi/asm/hwcap.h);
// FreeBSD and OpenBSD use the same values.
#define HWCAP_BIT_ASIMD  (1ul << 1)
#define HWCAP_BIT_SHA1   (1ul << 5)
#define HWCAP_BIT_SHA2   (1ul << 6)
#define HWCAP_BIT_SHA3   (1ul << 17)
#define HWCAP_BIT_SHA512 (1ul << 21)

static uint32_t from_hwcap(unsigned long hwcap)
{
    uint32_t mask = 0;
    if (hwcap & HWCAP_BIT_ASIMD)
        mask |= TD_CPU_ARM_NEON;
    if (hwcap & HWCAP_BIT_SHA1)
        mask |= TD_CPU_ARM_SHA1;
    if (hwcap & HWCAP_BIT_SHA2)
        mask |= TD_CPU_ARM_SHA2;
    if (hwcap & HWCAP_BIT_SHA512)
        mask |= TD_CPU_ARM_SHA512;
    if (hwcap & HWCAP_BIT_SHA3)
        mask |= TD_CPU_ARM_SHA3;
    return mask;
}
#endif

#if defined(__APPLE__)
static int sysctl_flag(const char *name)
{
    int value = 0;
    size_t size = sizeof value;
    return sysctlbyname(name, &value, &size, NULL, 0) == 0 && value != 0;
}
#endif

// What the compiler already targets needs no run-time check.
static uint32_t compile_time_features(void)
{
    uint32_t mask = TD_CPU_ARM_NEON; // Advanced SIMD is mandatory in AArch64
#if defined(__ARM_FEATURE_SHA2) || defined(__ARM_FEATURE_CRYPTO)
    mask |= TD_CPU_ARM_SHA1 | TD_CPU_ARM_SHA2;
#endif
#if defined(__ARM_FEATURE_SHA512)
    mask |= TD_CPU_ARM_SHA512;
#endif
#if defined(__ARM_FEATURE_SHA3)
    mask |= TD_CPU_ARM_SHA3;
#endif
    return mask;
}

uint32_t td_cpu_probe(void)
{
    uint32_t mask = compile_time_features();
#if defined(__linux__)
    mask |= from_hwcap(getauxval(AT_HWCAP));
#elif defined(__APPLE__)
    mask |= TD_CPU_ARM_SHA1 | TD_CPU_ARM_SHA2; // every Apple arm64 CPU has them
    if (sysctl_flag("hw.optional.arm.FEAT_SHA512") || sysctl_flag("hw.optional.armv8_2_sha512"))
        mask |= TD_CPU_ARM_SHA512;
    if (sysctl_flag("hw.optional.arm.FEAT_SHA3") || sysctl_flag("hw.optional.armv8_2_sha3"))
        mask |= TD_CPU_ARM_SHA3;
#elif defined(__FreeBSD__) || defined(__OpenBSD__)
    unsigned long hwcap = 0;
    if (elf_aux_info(AT_HWCAP, &hwcap, (int)sizeof hwcap) == 0) // its size is an int
        mask |= from_hwcap(hwcap);
#elif defined(_WIN32)
    if (IsProcessorFeaturePresent(PF_ARM_V8_CRYPTO_INSTRUCTIONS_AVAILABLE))
        mask |= TD_CPU_ARM_SHA1 | TD_CPU_ARM_SHA2;
    if (IsProcessorFeaturePresent(PF_ARM_SHA512_INSTRUCTIONS_AVAILABLE))
        mask |= TD_CPU_ARM_SHA512;
    if (IsProcessorFeaturePresent(PF_ARM_SHA3_INSTRUCTIONS_AVAILABLE))
        mask |= TD_CPU_ARM_SHA3;
#endif
    return mask;
}

#endif

// ISO C wants at least one declaration in a translation unit.
typedef int td_cpu_arm_translation_unit;
