/* SPDX-License-Identifier: Apache-2.0
 * What the fuzz targets share: reading the input as a stream of choices,
 * checks that abort (so that a wrong digest is a finding, not only a crash),
 * and the reference of tests/ref.h (OpenSSL where the build has it, else the
 * portable backend pinned).
 *
 * Each target defines LLVMFuzzerTestOneInput. Built with -fsanitize=fuzzer
 * (clang, TD_FUZZ=ON) it is a libFuzzer program; built with replay_main.c
 * (any compiler) it replays the files and directories named on its command
 * line, which is how CTest runs the corpus in tests/fuzz/corpus/.
 *
 * Include first: testutil.h selects the POSIX feature level.
 */
#ifndef TD_FUZZ_H
#define TD_FUZZ_H

#include "testutil.h"
#include "ref.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

// ------------------------------------------------------------------ checks

// What the input is being used for, printed with a failed check.
static const char *fz_what = "";

// Prints the failed condition and where, then aborts: libFuzzer saves the
// input as a crash, and a CTest replay fails.
#define FZ_CHECK(cond, ...)                                                    \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s:%d: check failed: %s\n  ", __FILE__, __LINE__, \
                    #cond);                                                    \
            fprintf(stderr, __VA_ARGS__);                                      \
            fprintf(stderr, "\n  [%s]\n", fz_what);                             \
            abort();                                                           \
        }                                                                      \
    } while (0)

static inline void fz_print_hex(const char *label, const uint8_t *p, size_t n)
{
    fprintf(stderr, "  %s: ", label);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, "%02x", p[i]);
    fprintf(stderr, "\n");
}

// Whether buf[from .. to) still holds the 0xEE it was filled with.
static inline int fz_untouched(const uint8_t *buf, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (buf[i] != 0xEE)
            return 0;
    return 1;
}

// Two digests must be equal; both are printed when they are not.
#define FZ_EQ_MEM(got, want, n, ...)                                           \
    do {                                                                       \
        if (memcmp((got), (want), (n)) != 0) {                                 \
            fz_print_hex("got ", (const uint8_t *)(got), (n));                 \
            fz_print_hex("want", (const uint8_t *)(want), (n));                \
            FZ_CHECK(0, __VA_ARGS__);                                          \
        }                                                                      \
    } while (0)

// ------------------------------------------------------------------ input

// The input read front to back as choices; past its end every choice is 0.
typedef struct fz_in {
    const uint8_t *p;
    size_t         n;
} fz_in;

static inline uint8_t fz_u8(fz_in *in)
{
    if (in->n == 0)
        return 0;
    in->n--;
    return *in->p++;
}

static inline size_t fz_u16(fz_in *in)
{
    const size_t hi = fz_u8(in);
    return hi << 8 | fz_u8(in);
}

// Up to want bytes of the input; *got says how many.
static inline const uint8_t *fz_take(fz_in *in, size_t want, size_t *got)
{
    const uint8_t *p = in->p;
    *got = want < in->n ? want : in->n;
    in->p += *got;
    in->n -= *got;
    return p;
}

// A heap copy of n bytes at offset skew in a block of exactly skew + n bytes,
// so that an over-read hits the end of the allocation (ASan), and the data
// starts at any alignment. Never NULL.
static inline uint8_t *fz_copy_at(const uint8_t *data, size_t n, size_t skew, uint8_t **block)
{
    *block = (uint8_t *)malloc(skew + n + (skew + n == 0));
    if (*block == NULL) {
        fprintf(stderr, "fuzz: out of memory\n");
        abort();
    }
    memset(*block, 0xA5, skew);
    if (n)
        memcpy(*block + skew, data, n);
    return *block + skew;
}

// A length around the block size b, from one byte: short runs, whole blocks,
// and a block less one (the padding edge is in the lengths that follow).
static inline size_t fz_len_from(uint8_t c, size_t b)
{
    if (c < 0x80)
        return c;
    if (c < 0xc0)
        return (size_t)(c - 0x7f) * b;
    return (size_t)(c - 0xbf) * b - 1;
}

// Sets an environment variable, or removes it (value NULL). setenv copies
// every value and glibc never frees the old ones, which a long run would
// pile up into gigabytes: putenv of one buffer that stays ours, rewritten
// for each value. slot holds "NAME=" and up to FZ_MAX_ENV bytes of value.
enum { FZ_MAX_ENV = 1024 };
typedef struct fz_env {
    const char *name;
    char        slot[64 + FZ_MAX_ENV];
} fz_env;

static inline int fz_set_env(fz_env *e, const char *value)
{
#if defined(_WIN32)
    return _putenv_s(e->name, value ? value : "") == 0;
#else
    if (value == NULL)
        return unsetenv(e->name) == 0;
    snprintf(e->slot, sizeof e->slot, "%s=%.*s", e->name, (int)FZ_MAX_ENV, value);
    return putenv(e->slot) == 0;
#endif
}

// The names td_backends lists for alg on path; the count (at most
// TU_MAX_BACKENDS).
static inline size_t fz_backends(td_alg alg, td_path path, const char **names)
{
    size_t n = td_backends(alg, path, names, TU_MAX_BACKENDS);
    FZ_CHECK(n >= 1 && n <= TU_MAX_BACKENDS, "td_backends(%s) lists %zu backends",
             tu_alg_str(alg), n);
    return n;
}

// Pins name on path; it was listed, so it must be accepted.
static inline void fz_pin(td_alg alg, td_path path, const char *name)
{
    int rc = td_use_backend(alg, path, name);
    FZ_CHECK(rc == TD_OK, "td_use_backend(%s, %s, %s) = %d", tu_alg_str(alg),
             path == TD_MULTI ? "multi" : "single", name ? name : "NULL", rc);
}

#endif // TD_FUZZ_H
