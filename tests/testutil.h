/* SPDX-License-Identifier: Apache-2.0
 * Shared helpers for the turbodigest tests: checks that say where and with
 * what they failed, hex, a seeded PRNG, and a loop that pins every backend of
 * an algorithm in turn.
 *
 * Include this header first: it selects the POSIX feature level before any
 * system header is seen.
 *
 * Every test program takes the same arguments, in any order:
 *   a number (decimal or 0x-hex)  the PRNG seed (also env TD_TEST_SEED;
 *                                 TD_TEST_SEED=random picks one from the clock)
 *   anything else not "--..."     the directory tests/vectors
 * Options starting with "--" are left to the program.
 */
#ifndef TD_TESTUTIL_H
#define TD_TESTUTIL_H

#if !defined(_WIN32)
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1 // MAP_ANONYMOUS on glibc
#endif
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "turbodigest.h"

#if defined(__MINGW32__)
// The build's __USE_MINGW_ANSI_STDIO printf, not msvcrt's: C99 formats.
#define TU_PRINTF(f, a) __attribute__((format(gnu_printf, f, a)))
#elif defined(__GNUC__) || defined(__clang__)
#define TU_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TU_PRINTF(f, a)
#endif

#define TU_MAX_BACKENDS 32
#define TU_MAX_PRINTED  40 // failures printed in full; the rest are counted

// ------------------------------------------------------------------ state

// What the test is doing right now, printed with every failure.
typedef struct tu_state {
    const char   *test;
    const char   *vectors;     // tests/vectors, or NULL if not given
    uint64_t      seed;
    int           alg_set;
    td_alg        alg;
    const char   *backend;     // pinned backend, NULL when automatic
    td_path       path;
    int           len_set;
    size_t        len;
    unsigned long checks;
    unsigned long failures;
    int           no_flagship; // child processes leave the note to the parent
    char          tested[TD_ALG_COUNT + 2][2][256]; // backends pinned, per alg (SHAKE
                                                    // last, tu_alg_slot) and path
} tu_state;

// tu.tested's row of alg: the fixed-output algorithms by value, then
// SHAKE128 and SHAKE256.
static inline size_t tu_alg_slot(td_alg alg)
{
    if (alg == TD_SHAKE128)
        return TD_ALG_COUNT;
    if (alg == TD_SHAKE256)
        return TD_ALG_COUNT + 1;
    return (size_t)alg < TD_ALG_COUNT ? (size_t)alg : 0;
}

// The SHA-3 family: fixed-output SHA-3 and SHAKE.
static inline int tu_is_sha3(td_alg alg)
{
    return (alg >= TD_SHA3_224 && alg <= TD_SHA3_512) || alg == TD_SHAKE128 || alg == TD_SHAKE256;
}

// The SHA-512 family (128-byte blocks, a 128-bit length field).
static inline int tu_is_sha512_family(td_alg alg)
{
    return alg == TD_SHA384 || alg == TD_SHA512 || alg == TD_SHA512_224 || alg == TD_SHA512_256;
}

static tu_state tu;

static inline void tu_set_alg(td_alg alg) { tu.alg = alg; tu.alg_set = 1; }
static inline void tu_set_len(size_t len) { tu.len = len; tu.len_set = 1; }
static inline void tu_clear_len(void) { tu.len_set = 0; }

static inline const char *tu_alg_str(td_alg alg)
{
    const char *n = td_alg_name(alg);
    return n ? n : "?";
}

static inline void tu_print_where(void)
{
    fprintf(stderr, "  [");
    if (tu.alg_set)
        fprintf(stderr, "alg=%s ", tu_alg_str(tu.alg));
    if (tu.backend)
        fprintf(stderr, "backend=%s path=%s ", tu.backend,
                tu.path == TD_MULTI ? "multi" : "single");
    else
        fprintf(stderr, "backend=auto ");
    if (tu.len_set)
        fprintf(stderr, "len=%zu ", tu.len);
    fprintf(stderr, "seed=0x%llx]\n", (unsigned long long)tu.seed);
}

static TU_PRINTF(5, 6) int tu_check_(int ok, const char *file, int line,
                                     const char *expr, const char *fmt, ...)
{
    tu.checks++;
    if (ok)
        return 1;
    tu.failures++;
    if (tu.failures <= TU_MAX_PRINTED) {
        va_list ap;
        fprintf(stderr, "FAIL %s:%d: ", file, line);
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fprintf(stderr, " (%s)\n", expr);
        tu_print_where();
    } else if (tu.failures == TU_MAX_PRINTED + 1) {
        fprintf(stderr, "... further failures are counted, not printed\n");
    }
    return 0;
}

static inline void tu_hex_print(FILE *f, const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    size_t shown = n > 160 ? 160 : n;
    for (size_t i = 0; i < shown; i++)
        fprintf(f, "%02x", b[i]);
    if (shown < n)
        fprintf(f, "... (%zu bytes)", n);
}

static inline int tu_check_mem_(const void *got, const void *want, size_t n,
                                const char *file, int line, const char *what)
{
    int ok = n == 0 || memcmp(got, want, n) == 0;
    if (!tu_check_(ok, file, line, "memcmp", "%s: bytes differ", what)
        && tu.failures <= TU_MAX_PRINTED) {
        fprintf(stderr, "  got:  ");
        tu_hex_print(stderr, got, n);
        fprintf(stderr, "\n  want: ");
        tu_hex_print(stderr, want, n);
        fprintf(stderr, "\n");
    }
    return ok;
}

static inline int tu_check_int_(long long got, long long want, const char *file,
                                int line, const char *expr, const char *what)
{
    return tu_check_(got == want, file, line, expr, "%s: got %lld, want %lld",
                     what, got, want);
}

static inline int tu_check_str_(const char *got, const char *want,
                                const char *file, int line, const char *what)
{
    int ok = (got == NULL && want == NULL)
             || (got != NULL && want != NULL && strcmp(got, want) == 0);
    return tu_check_(ok, file, line, "strcmp", "%s: got \"%s\", want \"%s\"",
                     what, got ? got : "(null)", want ? want : "(null)");
}

// TU_CHECK(cond, fmt, ...): the message is required (C11 wants one argument
// for the "...").
#define TU_CHECK(cond, ...) tu_check_((cond) ? 1 : 0, __FILE__, __LINE__, #cond, __VA_ARGS__)
#define TU_EQ_INT(got, want, what) \
    tu_check_int_((long long)(got), (long long)(want), __FILE__, __LINE__, #got " == " #want, (what))
#define TU_EQ_MEM(got, want, n, what) tu_check_mem_((got), (want), (n), __FILE__, __LINE__, (what))
#define TU_EQ_STR(got, want, what) tu_check_str_((got), (want), __FILE__, __LINE__, (what))
#define TU_OK(expr, what) TU_EQ_INT((expr), TD_OK, (what))

// ------------------------------------------------------------------ hex

static inline int tu_hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Decodes nchars hex digits (must be even) into out; -1 on a bad digit.
static inline long tu_hex_decode(const char *hex, size_t nchars, uint8_t *out)
{
    if (nchars % 2 != 0)
        return -1;
    for (size_t i = 0; i < nchars / 2; i++) {
        int hi = tu_hexval((unsigned char)hex[2 * i]);
        int lo = tu_hexval((unsigned char)hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (uint8_t)(hi * 16 + lo);
    }
    return (long)(nchars / 2);
}

// Writes 2n hex digits and a NUL to out.
static inline void tu_hex_encode(const void *p, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    const uint8_t *b = (const uint8_t *)p;
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[b[i] >> 4];
        out[2 * i + 1] = digits[b[i] & 15];
    }
    out[2 * n] = '\0';
}

// ------------------------------------------------------------------ PRNG

// xoshiro256** seeded through splitmix64: fast, and the same stream on every
// platform for a given seed.
static uint64_t tu_rng_s[4];

static inline uint64_t tu_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static inline void tu_rng_seed(uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        tu_rng_s[i] = tu_splitmix64(&x);
}

static inline uint64_t tu_rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t tu_rand64(void)
{
    uint64_t *s = tu_rng_s;
    uint64_t result = tu_rotl64(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = tu_rotl64(s[3], 45);
    return result;
}

// Uniform in [0, n); n > 0. The modulo bias is irrelevant here.
static inline size_t tu_rand_below(size_t n) { return (size_t)(tu_rand64() % (uint64_t)n); }

// Uniform in [lo, hi].
static inline size_t tu_rand_range(size_t lo, size_t hi) { return lo + tu_rand_below(hi - lo + 1); }

static inline void tu_rand_fill(void *p, size_t n)
{
    uint8_t *b = (uint8_t *)p;
    while (n >= 8) {
        uint64_t r = tu_rand64();
        memcpy(b, &r, 8);
        b += 8;
        n -= 8;
    }
    if (n) {
        uint64_t r = tu_rand64();
        memcpy(b, &r, n);
    }
}

// ------------------------------------------------------------------ setup

static inline int tu_parse_u64(const char *s, uint64_t *out)
{
    char *end = NULL;
    if (s == NULL || *s == '\0' || *s == '-')
        return 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (end == NULL || *end != '\0')
        return 0;
    *out = (uint64_t)v;
    return 1;
}

static inline void tu_init(int argc, char **argv, const char *name)
{
    int have_seed = 0;
    memset(&tu, 0, sizeof tu);
    tu.test = name;
    tu.seed = 0x7d5eedu; // fixed by default so that a CI failure reproduces
    for (int i = 1; i < argc; i++) {
        uint64_t v;
        if (strncmp(argv[i], "--", 2) == 0)
            continue;
        if (tu_parse_u64(argv[i], &v)) {
            tu.seed = v;
            have_seed = 1;
        } else {
            tu.vectors = argv[i];
        }
    }
    if (!have_seed) {
        const char *env = getenv("TD_TEST_SEED");
        uint64_t v;
        if (env && strcmp(env, "random") == 0) {
            uint64_t x = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
            tu.seed = tu_splitmix64(&x);
        } else if (env && tu_parse_u64(env, &v)) {
            tu.seed = v;
        }
    }
    tu_rng_seed(tu.seed);
    printf("%s: seed=0x%llx (rerun with TD_TEST_SEED=0x%llx or the seed as an argument)\n",
           name, (unsigned long long)tu.seed, (unsigned long long)tu.seed);
    printf("%s: version %s, cpu features: %s\n", name, td_version() ? td_version() : "(null)",
           td_cpu_features() ? td_cpu_features() : "(null)");
    fflush(stdout);
}

// ------------------------------------------------------------------ backends

static inline int tu_list_has(const char *const *names, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (names[i] && strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

static inline void tu_note_tested(td_alg alg, td_path path, const char *name)
{
    char *list = tu.tested[tu_alg_slot(alg)][path];
    size_t used = strlen(list), n = strlen(name);
    const char *p = list;
    while ((p = strstr(p, name)) != NULL) { // already noted?
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return;
        p += n;
    }
    if (used + n + 2 < sizeof tu.tested[0][path]) {
        if (used)
            list[used++] = ' ';
        memcpy(list + used, name, n + 1);
    }
}

// The loop state of TU_FOR_EACH_BACKEND.
typedef struct tu_biter {
    td_alg      alg;
    td_path     path;
    const char *names[TU_MAX_BACKENDS];
    size_t      n, next;
} tu_biter;

static inline tu_biter tu_biter_begin(td_alg alg, td_path path)
{
    tu_biter it;
    memset(&it, 0, sizeof it);
    it.alg = alg;
    it.path = path;
    tu_set_alg(alg);
    size_t count = td_backends(alg, path, it.names, TU_MAX_BACKENDS);
    TU_CHECK(count >= 1, "td_backends(%s, %s) lists no backend", tu_alg_str(alg),
             path == TD_MULTI ? "multi" : "single");
    TU_CHECK(count <= TU_MAX_BACKENDS, "td_backends lists %zu backends", count);
    it.n = count < TU_MAX_BACKENDS ? count : TU_MAX_BACKENDS;
    TU_CHECK(tu_list_has(it.names, it.n, "portable"), "no \"portable\" backend for %s on the %s path",
             tu_alg_str(alg), path == TD_MULTI ? "multi" : "single");
    return it;
}

// Pins the next backend; returns 0 (and restores the automatic choice) when
// all have been done. A listed backend that cannot be pinned is a failure.
static inline int tu_biter_next(tu_biter *it, const char **name)
{
    while (it->next < it->n) {
        const char *n = it->names[it->next++];
        if (n == NULL) {
            TU_CHECK(0, "td_backends filled a NULL name");
            continue;
        }
        tu_set_alg(it->alg);
        tu.path = it->path;
        tu.backend = n;
        int rc = td_use_backend(it->alg, it->path, n);
        if (!TU_EQ_INT(rc, TD_OK, "td_use_backend of a listed backend"))
            continue;
        TU_EQ_STR(td_backend(it->alg, it->path), n, "td_backend after td_use_backend");
        tu_note_tested(it->alg, it->path, n);
        *name = n;
        return 1;
    }
    // On the many path the automatic choice mixes backends by the number of
    // messages: one more round with nothing pinned.
    if (it->path == TD_MULTI && it->next == it->n) {
        it->next++;
        td_use_backend(it->alg, it->path, NULL);
        tu_set_alg(it->alg);
        tu.path = it->path;
        tu.backend = "auto";
        tu_note_tested(it->alg, it->path, "auto");
        *name = "auto";
        return 1;
    }
    td_use_backend(it->alg, it->path, NULL);
    tu.backend = NULL;
    return 0;
}

#define TU_CAT2(a, b) a##b
#define TU_CAT(a, b)  TU_CAT2(a, b)
// for each backend of alg on path, pinned in turn (name: a const char *),
// then on the many path "auto", nothing pinned. Do not break out of the
// loop: the pin is released when it ends.
#define TU_FOR_EACH_BACKEND(alg, path, name)                                    \
    for (tu_biter TU_CAT(tu_it_, __LINE__) = tu_biter_begin((alg), (path));   \
         tu_biter_next(&TU_CAT(tu_it_, __LINE__), &(name));)

// ------------------------------------------------------------------ flagship

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
static inline int tu_cpu_has_shani(void)
{
    unsigned a, b, c, d;
    if (__get_cpuid_max(0, NULL) < 7)
        return 0;
    __cpuid_count(7, 0, a, b, c, d);
    (void)a; (void)c; (void)d;
    return (int)((b >> 29) & 1u);
}
#else
static inline int tu_cpu_has_shani(void) { return 0; }
#endif

// Whether td_cpu_features() lists every word of need (space-separated).
static inline int tu_cpu_lists(const char *need)
{
    const char *have = td_cpu_features();
    char word[32];
    for (const char *p = need; *p;) {
        size_t n = strcspn(p, " ");
        if (n == 0 || n >= sizeof word)
            return 0;
        memcpy(word, p, n);
        word[n] = '\0';
        int found = 0;
        for (const char *q = have; *q;) {
            size_t m = strcspn(q, " ");
            if (m == n && memcmp(q, word, n) == 0)
                found = 1;
            q += m;
            q += *q == ' ';
        }
        if (!found)
            return 0;
        p += n;
        p += *p == ' ';
    }
    return 1;
}

// The "flagship" rule: on a CPU with a feature, a build without the backend
// for it would pass quietly, on either path. SHA-NI is also checked with CPUID directly, so a
// detection bug cannot hide it. By default this prints a note (an old
// compiler may lack the intrinsics); TD_FLAGSHIP=1 makes it a failure, and
// CI sets it.
static inline void tu_flagship(void)
{
    static const struct {
        td_alg alg;
        td_path path;
        const char *backend;
        const char *features;
    } want[] = {
        { TD_SHA256, TD_SINGLE, "shani", "sha-ni" },
        { TD_SHA224, TD_SINGLE, "shani", "sha-ni" },
        { TD_SHA1, TD_SINGLE, "shani", "sha-ni" },
        { TD_SHA1, TD_SINGLE, "shani-msg", "sha-ni" },
        { TD_SHA256, TD_SINGLE, "avx2", "avx2 bmi1 bmi2" },
        { TD_SHA1, TD_SINGLE, "avx2", "avx2 bmi1 bmi2" },
        { TD_SHA512, TD_SINGLE, "avx2", "avx2 bmi1 bmi2" },
        { TD_SHA512, TD_SINGLE, "avx512", "avx512f avx512vl avx2 bmi1 bmi2" },
        { TD_SHA512, TD_SINGLE, "avx512-scalar", "avx512f avx512vl avx2 bmi1 bmi2" },
        { TD_MD5, TD_SINGLE, "avx512", "avx512f avx512vl" },
        { TD_SHA256, TD_SINGLE, "armv8", "sha2" },
        { TD_SHA1, TD_SINGLE, "armv8", "sha1 sha2" },
        { TD_SHA512, TD_SINGLE, "armv8-sha512", "sha512" },
        { TD_SHA3_256, TD_SINGLE, "avx2", "avx2" },
        { TD_SHA3_256, TD_SINGLE, "avx512", "avx512f avx512vl" },
#if defined(__x86_64__) && defined(__GNUC__) // as backends.def
        { TD_SHA3_256, TD_SINGLE, "avx512-regs", "avx512f avx512vl" },
#endif
        { TD_SHA3_256, TD_SINGLE, "armv8-sha3", "sha3" },
        // The many path: lanes for every ISA the CPU has, and SHA-NI streams.
        { TD_SHA256, TD_MULTI, "shani-x32", "sha-ni" },
        { TD_SHA256, TD_MULTI, "shani-x4", "sha-ni" },
        { TD_SHA256, TD_MULTI, "shani-avx512-x4", "sha-ni avx512f avx512vl" },
        { TD_SHA256, TD_MULTI, "shani-avx512-x32", "sha-ni avx512f avx512vl" },
        { TD_SHA1, TD_MULTI, "shani-x4", "sha-ni" },
        { TD_MD5, TD_MULTI, "avx2-x16", "avx2" },
        { TD_MD5, TD_MULTI, "avx2-x8", "avx2" },
        { TD_SHA256, TD_MULTI, "avx2-x8", "avx2" },
        { TD_SHA512, TD_MULTI, "avx2-x4", "avx2" },
        { TD_MD5, TD_MULTI, "avx512-x16", "avx512f" },
        { TD_SHA1, TD_MULTI, "avx512-x16", "avx512f avx512bw" },
        { TD_SHA256, TD_MULTI, "avx512-x16", "avx512f avx512bw avx512vl" },
        { TD_SHA256, TD_MULTI, "avx512-x8", "avx512f avx512bw avx512vl" },
        { TD_SHA512, TD_MULTI, "avx512-x8", "avx512f avx512bw avx512vl" },
        { TD_SHA512, TD_MULTI, "avx512-x4", "avx512f avx512bw avx512vl" },
        { TD_SHA3_256, TD_MULTI, "avx2-x4", "avx2" },
        { TD_SHA3_256, TD_MULTI, "avx512-x8", "avx512f avx512vl" },
        { TD_SHA3_256, TD_MULTI, "avx512-x4", "avx512f avx512vl" },
    };
    const char *strict = getenv("TD_FLAGSHIP");
    int is_strict = strict && strcmp(strict, "1") == 0;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        int has = tu_cpu_lists(want[i].features);
        // Unless TURBODIGEST_CPU hides features on purpose.
        if (strcmp(want[i].features, "sha-ni") == 0 && getenv("TURBODIGEST_CPU") == NULL)
            has = has || tu_cpu_has_shani();
        if (!has)
            continue;
        const char *names[TU_MAX_BACKENDS];
        size_t n = td_backends(want[i].alg, want[i].path, names, TU_MAX_BACKENDS);
        if (n > TU_MAX_BACKENDS)
            n = TU_MAX_BACKENDS;
        if (tu_list_has(names, n, want[i].backend))
            continue;
        const char *path = want[i].path == TD_MULTI ? "many" : "single";
        if (is_strict)
            TU_CHECK(0, "flagship: CPU has %s but %s lists no \"%s\" backend on the %s path",
                     want[i].features, tu_alg_str(want[i].alg), want[i].backend, path);
        else
            printf("%s: NOTE flagship: CPU has %s but %s lists no \"%s\" backend on the %s path "
                   "(TD_FLAGSHIP=1 makes this a failure)\n",
                   tu.test, want[i].features, tu_alg_str(want[i].alg), want[i].backend, path);
    }
}

// Prints the backends exercised and the totals; returns the exit status.
static inline int tu_finish(void)
{
    if (!tu.no_flagship)
        tu_flagship();
    for (int a = 0; a < TD_ALG_COUNT + 2; a++)
        for (int p = 0; p < 2; p++)
            if (tu.tested[a][p][0])
                printf("%s: backends tested %-10s %-6s: %s\n", tu.test,
                       tu_alg_str(a == TD_ALG_COUNT ? TD_SHAKE128
                                  : a == TD_ALG_COUNT + 1 ? TD_SHAKE256 : (td_alg)a),
                       p ? "multi" : "single", tu.tested[a][p]);
    printf("%s: %lu checks, %lu failed (seed=0x%llx)\n", tu.test, tu.checks, tu.failures,
           (unsigned long long)tu.seed);
    fflush(stdout);
    return tu.failures ? 1 : 0;
}

// ------------------------------------------------------------------ misc

// Every fixed-output algorithm, for loops (SHAKE stands apart: tu_xofs).
static const td_alg tu_all_algs[TD_ALG_COUNT] = {
    TD_MD5, TD_SHA1, TD_SHA224, TD_SHA256, TD_SHA384, TD_SHA512, TD_SHA512_224, TD_SHA512_256,
    TD_SHA3_224, TD_SHA3_256, TD_SHA3_384, TD_SHA3_512,
};
// A compile-time check that the list above has every algorithm.
typedef char tu_all_algs_complete[TD_ALG_COUNT == 12 ? 1 : -1];

// The extendable-output functions.
static const td_alg tu_xofs[2] = { TD_SHAKE128, TD_SHAKE256 };

typedef void tu_typed_fn(const void *data, size_t len, uint8_t *out);

// SHA-3 has no typed one-shot: where a test runs "the typed one-shot", these
// run td_hash. On an error they say so and write zeros, which no comparison
// takes for the digest; they touch no test state (test_threads calls them
// from its threads).
#define TU_SHA3_ONESHOT(name, alg)                                              \
    static inline void name(const void *data, size_t len, uint8_t *out)         \
    {                                                                           \
        int rc_ = td_hash((alg), data, len, out);                               \
        if (rc_ != TD_OK) {                                                     \
            fprintf(stderr, "td_hash(%s) returned %d\n", tu_alg_str(alg), rc_); \
            memset(out, 0, td_digest_size(alg));                                \
        }                                                                       \
    }
TU_SHA3_ONESHOT(tu_sha3_224, TD_SHA3_224)
TU_SHA3_ONESHOT(tu_sha3_256, TD_SHA3_256)
TU_SHA3_ONESHOT(tu_sha3_384, TD_SHA3_384)
TU_SHA3_ONESHOT(tu_sha3_512, TD_SHA3_512)

// The typed one-shot for alg (td_hash for SHA-3, which has none).
static inline tu_typed_fn *tu_typed(td_alg alg)
{
    switch (alg) {
    case TD_MD5:        return td_md5;
    case TD_SHA1:       return td_sha1;
    case TD_SHA224:     return td_sha224;
    case TD_SHA256:     return td_sha256;
    case TD_SHA384:     return td_sha384;
    case TD_SHA512:     return td_sha512;
    case TD_SHA512_224: return td_sha512_224;
    case TD_SHA512_256: return td_sha512_256;
    case TD_SHA3_224:   return tu_sha3_224;
    case TD_SHA3_256:   return tu_sha3_256;
    case TD_SHA3_384:   return tu_sha3_384;
    case TD_SHA3_512:   return tu_sha3_512;
    default:            return NULL;
    }
}

// Reads a whole file into a NUL-terminated heap buffer; NULL on error.
static inline char *tu_read_file(const char *path, size_t *len_out)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, len = 0;
    if (!f)
        return NULL;
    for (;;) {
        if (cap - len < 65536) {
            size_t ncap = cap ? cap * 2 : 1u << 20;
            char *nb = (char *)realloc(buf, ncap + 1);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    if (len_out)
        *len_out = len;
    return buf;
}

#endif // TD_TESTUTIL_H
