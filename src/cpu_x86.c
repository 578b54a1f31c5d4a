// SPDX-License-Identifier: Apache-2.0
// x86 and x86-64 feature probing: CPUID leaves 1 and 7, and XGETBV to confirm
// that the OS saves the AVX and AVX-512 registers; the vendor and family for
// the performance traits that instruction sets do not tell.

// Generic code must run on every CPU the library may meet: an instruction-set
// flag here is a mistake, unless the whole build targets CPUs that have it.
#if (defined(__AVX__) || defined(__AVX2__) || defined(__SHA__)) && !defined(TD_ALLOW_AVX_BASELINE)
#error "cpu_x86.c is generic code: compile it for the baseline instruction set (or -DTD_ALLOW_AVX_BASELINE=ON)"
#endif

#include "cpu.h"

#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86)

#if defined(_MSC_VER) && !defined(__clang__)
#include <immintrin.h>
#include <intrin.h>
static void cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
    int regs[4];
    __cpuidex(regs, (int)leaf, (int)subleaf);
    for (int i = 0; i < 4; i++)
        r[i] = (uint32_t)regs[i];
}
static uint64_t xgetbv0(void)
{
    return _xgetbv(0);
}
#else
#include <cpuid.h>
static void cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
    __cpuid_count(leaf, subleaf, r[0], r[1], r[2], r[3]);
}
static uint64_t xgetbv0(void)
{
    // The instruction, not _xgetbv(): that intrinsic needs -mxsave, and this
    // file stays at the baseline instruction set.
    uint32_t eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return (uint64_t)edx << 32 | eax;
}
#endif

enum { EAX, EBX, ECX, EDX };

// CPUID.1
#define LEAF1_EDX_SSE2     (1u << 26)
#define LEAF1_ECX_SSSE3    (1u << 9)
#define LEAF1_ECX_SSE41    (1u << 19)
#define LEAF1_ECX_OSXSAVE  (1u << 27)
#define LEAF1_ECX_AVX      (1u << 28)
// CPUID.(7,0)
#define LEAF7_EBX_BMI1     (1u << 3)
#define LEAF7_EBX_AVX2     (1u << 5)
#define LEAF7_EBX_BMI2     (1u << 8)
#define LEAF7_EBX_AVX512F  (1u << 16)
#define LEAF7_EBX_SHA      (1u << 29)
#define LEAF7_EBX_AVX512BW (1u << 30)
#define LEAF7_EBX_AVX512VL (1u << 31)
// XCR0: state components the OS saves on a context switch
#define XCR0_SSE           (1u << 1)
#define XCR0_AVX           (1u << 2)
#define XCR0_OPMASK        (1u << 5)
#define XCR0_ZMM_HI256     (1u << 6)
#define XCR0_HI16_ZMM      (1u << 7)

// "AuthenticAMD" as CPUID.0 returns it in EBX, EDX, ECX.
static int vendor_is_amd(const uint32_t r[4])
{
    return r[EBX] == 0x68747541u && r[EDX] == 0x69746e65u && r[ECX] == 0x444d4163u;
}

// The display family of CPUID.1 EAX: base family, plus the extended family
// when the base is 0xf.
static uint32_t display_family(uint32_t eax1)
{
    const uint32_t base = (eax1 >> 8) & 0xf;
    return base == 0xf ? base + ((eax1 >> 20) & 0xff) : base;
}

// The performance traits, by vendor and family: each was measured on the
// CPUs named in docs/performance-notes.md, "CPU traits".

// AMD's AVX-512 cores rotate vector elements slower than they add them;
// Intel's do not.
// Set only beside AVX-512F: older families have no such instruction.
static int rotate_is_slow(int amd, uint32_t family)
{
    return amd && family >= 0x19;
}

// On AMD's cores with SHA-NI from family 0x19 on, SHA-1's schedule is faster
// in SHA1MSG1/SHA1MSG2 throughout than on the vector ALUs beside them.
static int sha1msg_is_fast(int amd, uint32_t family)
{
    return amd && family >= 0x19;
}

// From family 0x1a on every simple vector integer operation (VPADDQ, VPXOR,
// the shifts, shuffles, VPTERNLOGQ) is slower than the scalar ADD: a chain
// through vector registers is longer than the same chain in scalar ones.
static int vector_int_is_slow(int amd, uint32_t family)
{
    return amd && family >= 0x1a;
}

// Family 0x19 runs each 512-bit operation as two 256-bit halves, so a 16-lane
// pass costs two 8-lane ones. Set only beside AVX-512F.
static int zmm_is_split(int amd, uint32_t family)
{
    return amd && family == 0x19;
}

uint32_t td_cpu_probe(void)
{
    uint32_t r[4];
    cpuid(0, 0, r);
    const uint32_t max_leaf = r[EAX];
    const int amd = vendor_is_amd(r);
    if (max_leaf < 1)
        return 0;

    uint32_t mask = 0;
    cpuid(1, 0, r);
    const uint32_t ecx1 = r[ECX];
    const uint32_t family = display_family(r[EAX]);
    if (vector_int_is_slow(amd, family))
        mask |= TD_CPU_SLOW_VECTOR_INT;
    if (r[EDX] & LEAF1_EDX_SSE2)
        mask |= TD_CPU_SSE2;
    if (ecx1 & LEAF1_ECX_SSSE3)
        mask |= TD_CPU_SSSE3;
    if (ecx1 & LEAF1_ECX_SSE41)
        mask |= TD_CPU_SSE41;

    uint64_t xcr0 = 0;
    if (ecx1 & LEAF1_ECX_OSXSAVE)
        xcr0 = xgetbv0();
    const int os_avx = (xcr0 & (XCR0_SSE | XCR0_AVX)) == (XCR0_SSE | XCR0_AVX);
    const uint64_t zmm_state = XCR0_OPMASK | XCR0_ZMM_HI256 | XCR0_HI16_ZMM;
    const int os_avx512 = os_avx && (xcr0 & zmm_state) == zmm_state;
    if (os_avx && (ecx1 & LEAF1_ECX_AVX))
        mask |= TD_CPU_AVX;

    if (max_leaf >= 7) {
        cpuid(7, 0, r);
        const uint32_t ebx7 = r[EBX];
        if (ebx7 & LEAF7_EBX_BMI1)
            mask |= TD_CPU_BMI1;
        if (ebx7 & LEAF7_EBX_BMI2)
            mask |= TD_CPU_BMI2;
        if (ebx7 & LEAF7_EBX_SHA) {
            mask |= TD_CPU_SHANI;
            if (sha1msg_is_fast(amd, family))
                mask |= TD_CPU_FAST_SHA1MSG;
        }
        if ((mask & TD_CPU_AVX) && (ebx7 & LEAF7_EBX_AVX2))
            mask |= TD_CPU_AVX2;
        if (os_avx512 && (ebx7 & LEAF7_EBX_AVX512F)) {
            mask |= TD_CPU_AVX512F;
            if (ebx7 & LEAF7_EBX_AVX512VL)
                mask |= TD_CPU_AVX512VL;
            if (ebx7 & LEAF7_EBX_AVX512BW)
                mask |= TD_CPU_AVX512BW;
            if (rotate_is_slow(amd, family))
                mask |= TD_CPU_SLOW_ROTATE;
            if (zmm_is_split(amd, family))
                mask |= TD_CPU_SLOW_ZMM;
        }
    }
    return mask;
}

#endif

// ISO C wants at least one declaration in a translation unit.
typedef int td_cpu_x86_translation_unit;
