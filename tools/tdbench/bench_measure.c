// SPDX-License-Identifier: Apache-2.0
// Clocks for tdbench: the time source of each round, the cycle counter (x86
// TSC, AArch64 cntvct_el0) and its frequency, and an estimate of the core
// clock. Baseline ISA; the counter reads are single instructions.

#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdlib.h>
#include <time.h>

#include "tdbench.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <x86intrin.h>
#define TB_HAVE_TSC 1
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <intrin.h>
#define TB_HAVE_TSC 1
#elif defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
#define TB_HAVE_CNTVCT 1
#endif

uint64_t tb_now_ns(tb_clock clock)
{
#if defined(CLOCK_MONOTONIC)
    struct timespec ts;
    clockid_t id = CLOCK_MONOTONIC;
#if defined(CLOCK_THREAD_CPUTIME_ID)
    if (clock == TB_CLOCK_CPU)
        id = CLOCK_THREAD_CPUTIME_ID;
#endif
    clock_gettime(id, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#else
    (void)clock;
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

uint64_t tb_counter(void)
{
#if defined(TB_HAVE_TSC)
    return (uint64_t)__rdtsc();
#elif defined(TB_HAVE_CNTVCT)
    uint64_t v;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(v) : : "memory");
    return v;
#else
    return 0;
#endif
}

const char *tb_counter_name(void)
{
#if defined(TB_HAVE_TSC)
    return "TSC cycles";
#elif defined(TB_HAVE_CNTVCT)
    return "cntvct ticks";
#else
    return NULL;
#endif
}

double tb_counter_ghz(double ms)
{
#if defined(TB_HAVE_CNTVCT)
    (void)ms;
    uint64_t f;
    __asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(f));
    return (double)f / 1e9;
#elif defined(TB_HAVE_TSC)
    // Best of three short windows: an interruption only makes a window
    // longer in both clocks, which the ratio mostly absorbs.
    double best = 0.0;
    const uint64_t window = (uint64_t)(ms * 1e6 / 3.0);
    for (int k = 0; k < 3; k++) {
        const uint64_t t0 = tb_now_ns(TB_CLOCK_WALL);
        const uint64_t c0 = tb_counter();
        uint64_t t1;
        do {
            t1 = tb_now_ns(TB_CLOCK_WALL);
        } while (t1 - t0 < window);
        const uint64_t c1 = tb_counter();
        const double ghz = (double)(c1 - c0) / (double)(t1 - t0);
        if (k == 0 || ghz > best)
            best = ghz;
    }
    return best;
#else
    (void)ms;
    return 0.0;
#endif
}

// A chain of 16 dependent adds per iteration: 16 core cycles on any core
// whose integer add has a latency of one cycle (every x86-64 and Armv8 core
// in use). The loop counter runs beside it. Register + register, x += x:
// Golden Cove and later fold chains of add-immediate at rename, which made
// "add $1" read a clock several times too high (docs/performance-notes.md,
// "tdbench").
#if (defined(__x86_64__) || defined(__aarch64__)) && (defined(__GNUC__) || defined(__clang__))
#define TB_HAVE_ADD_CHAIN 1
static uint64_t add_chain(uint64_t n)
{
    if (n == 0)
        return 0;
    uint64_t x = 1;
#if defined(__x86_64__)
#define TB_ADD4 "add %0, %0\n\tadd %0, %0\n\tadd %0, %0\n\tadd %0, %0\n\t"
    __asm__ __volatile__("1:\n\t" TB_ADD4 TB_ADD4 TB_ADD4 TB_ADD4
                         "sub $1, %1\n\t"
                         "jnz 1b\n\t"
                         : "+r"(x), "+r"(n)
                         :
                         : "cc");
#else
#define TB_ADD4 "add %0, %0, %0\n\tadd %0, %0, %0\n\tadd %0, %0, %0\n\tadd %0, %0, %0\n\t"
    __asm__ __volatile__("1:\n\t" TB_ADD4 TB_ADD4 TB_ADD4 TB_ADD4
                         "subs %1, %1, #1\n\t"
                         "b.ne 1b\n\t"
                         : "+r"(x), "+r"(n)
                         :
                         : "cc");
#endif
#undef TB_ADD4
    return x;
}
#endif

double tb_core_ghz_once(tb_clock clock, uint64_t n)
{
#if defined(TB_HAVE_ADD_CHAIN)
    static volatile uint64_t sink;
    const uint64_t t0 = tb_now_ns(clock);
    sink = add_chain(n);
    const uint64_t t1 = tb_now_ns(clock);
    (void)sink; // a volatile read: the chain's result is used
    return t1 > t0 ? 16.0 * (double)n / (double)(t1 - t0) : 0.0;
#else
    (void)clock, (void)n;
    return 0.0;
#endif
}

double tb_core_ghz(tb_clock clock)
{
    // Warm up (lets the core reach its clock under load), then the best of
    // five runs of about 5 ms each: preemption only lowers an estimate.
    double best = tb_core_ghz_once(clock, 20u * 1000u * 1000u);
    for (int k = 0; k < 5; k++) {
        const double ghz = tb_core_ghz_once(clock, 1000u * 1000u);
        best = ghz > best ? ghz : best;
    }
    return best;
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double tb_median(double *v, size_t n)
{
    if (n == 0)
        return 0.0;
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
