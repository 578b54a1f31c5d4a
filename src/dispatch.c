// SPDX-License-Identifier: Apache-2.0
// Backend tables, the first-use choice, pinning and TURBODIGEST_BACKEND.
// Adding a backend: its file, a prototype in backends/backends.h, one row
// below, and one line in the CMake ISA list.

// Generic code must run on every CPU the library may meet: an instruction-set
// flag here is a mistake, unless the whole build targets CPUs that have it.
#if (defined(__AVX__) || defined(__AVX2__) || defined(__SHA__)) && !defined(TD_ALLOW_AVX_BASELINE)
#error "dispatch.c is generic code: compile it for the baseline instruction set (or -DTD_ALLOW_AVX_BASELINE=ON)"
#endif

#include <stdlib.h>
#include <string.h>

#include "backends/backends.h"
#include "cpu.h"
#include "td_atomic.h"
#include "td_internal.h"

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

// Each table is best first and ends with "portable", which needs nothing.
// A many-path row named like a single-path one takes one message after
// another through that backend (backends/many_loop.c), so it needs the same.

// A row the automatic choice takes wherever it is usable, and one it passes
// over on CPUs with any of the avoid bits (td_backend_row).
#define ROW(name, needs, blocks)              { (name), (needs), blocks, 0 }
#define ROW_AVOID(name, needs, blocks, avoid) { (name), (needs), blocks, (avoid) }

#define NEEDS_MD5_AVX512    (TD_CPU_AVX512F | TD_CPU_AVX512VL)
#define NEEDS_SHANI         TD_CPU_NEEDS_SHANI
#define NEEDS_SHA_AVX2      (TD_CPU_AVX2 | TD_CPU_BMI1 | TD_CPU_BMI2)
#define NEEDS_SHA512_AVX512 TD_CPU_NEEDS_SHA512_AVX512
#define NEEDS_SHA512_AVX2   (TD_CPU_AVX2 | TD_CPU_BMI2 | TD_CPU_BMI1)

static const td_backend_row md5_single[] = {
#if TD_HAVE_MD5_AVX512
    ROW_AVOID("avx512", NEEDS_MD5_AVX512, { .md5 = td_md5_blocks_avx512 }, TD_CPU_SLOW_VPROLD),
#endif
    ROW("portable", 0, { .md5 = td_md5_blocks_portable }),
};
static const td_backend_row md5_multi[] = {
#if TD_HAVE_MD5_AVX512_X16
    ROW("avx512-x16", NEEDS_MD5_AVX512, { .md5_many = td_md5_blocks_many_avx512_x16 }),
#endif
#if TD_HAVE_MD5_AVX512
    ROW_AVOID("avx512", NEEDS_MD5_AVX512, { .md5_many = td_md5_blocks_many_avx512 }, TD_CPU_SLOW_VPROLD),
#endif
#if TD_HAVE_MD5_AVX2_X8
    ROW("avx2-x8", TD_CPU_AVX2, { .md5_many = td_md5_blocks_many_avx2_x8 }),
#endif
    ROW("portable", 0, { .md5_many = td_md5_blocks_many_portable }),
};

static const td_backend_row sha1_single[] = {
#if TD_HAVE_SHA_NI
    // Two message schedules (sha1_shani.c): vector ALUs and the SHA unit
    // mixed, or the SHA unit alone where vector operations are slow.
    ROW_AVOID("shani", NEEDS_SHANI, { .sha1 = td_sha1_blocks_shani }, TD_CPU_SLOW_VECTOR_INT),
    ROW("shani-msg", NEEDS_SHANI, { .sha1 = td_sha1_blocks_shani_msg }),
#endif
#if TD_HAVE_SHA1_AVX2
    ROW("avx2", NEEDS_SHA_AVX2, { .sha1 = td_sha1_blocks_avx2 }),
#endif
#if TD_HAVE_SHA1_SSSE3
    ROW("ssse3", TD_CPU_SSSE3, { .sha1 = td_sha1_blocks_ssse3 }),
#endif
#if TD_HAVE_ARMV8
    ROW("armv8", TD_CPU_ARM_SHA1 | TD_CPU_ARM_SHA2, { .sha1 = td_sha1_blocks_armv8 }),
#endif
    ROW("portable", 0, { .sha1 = td_sha1_blocks_portable }),
};
static const td_backend_row sha1_multi[] = {
#if TD_HAVE_SHA1_AVX512_X16
    ROW("avx512-x16", TD_CPU_AVX512F | TD_CPU_AVX512BW, { .sha1_many = td_sha1_blocks_many_avx512_x16 }),
#endif
#if TD_HAVE_SHA_NI
    ROW_AVOID("shani", NEEDS_SHANI, { .sha1_many = td_sha1_blocks_many_shani }, TD_CPU_SLOW_VECTOR_INT),
    ROW("shani-msg", NEEDS_SHANI, { .sha1_many = td_sha1_blocks_many_shani_msg }),
#endif
#if TD_HAVE_SHA1_AVX2
    ROW("avx2", NEEDS_SHA_AVX2, { .sha1_many = td_sha1_blocks_many_avx2 }),
#endif
#if TD_HAVE_ARMV8
    ROW("armv8", TD_CPU_ARM_SHA1 | TD_CPU_ARM_SHA2, { .sha1_many = td_sha1_blocks_many_armv8 }),
#endif
    ROW("portable", 0, { .sha1_many = td_sha1_blocks_many_portable }),
};

static const td_backend_row sha256_single[] = {
#if TD_HAVE_SHA_NI
    ROW("shani", NEEDS_SHANI, { .sha256 = td_sha256_blocks_shani }),
#endif
#if TD_HAVE_SHA256_AVX2
    ROW("avx2", NEEDS_SHA_AVX2, { .sha256 = td_sha256_blocks_avx2 }),
#endif
#if TD_HAVE_SHA256_SSSE3
    ROW("ssse3", TD_CPU_SSSE3, { .sha256 = td_sha256_blocks_ssse3 }),
#endif
#if TD_HAVE_ARMV8
    ROW("armv8", TD_CPU_ARM_SHA2, { .sha256 = td_sha256_blocks_armv8 }),
#endif
    ROW("portable", 0, { .sha256 = td_sha256_blocks_portable }),
};
static const td_backend_row sha256_multi[] = {
#if TD_HAVE_SHA256_AVX512_X16
    ROW("avx512-x16", TD_CPU_AVX512F | TD_CPU_AVX512BW | TD_CPU_AVX512VL, { .sha256_many = td_sha256_blocks_many_avx512_x16 }),
#endif
#if TD_HAVE_SHA_NI
    ROW("shani", NEEDS_SHANI, { .sha256_many = td_sha256_blocks_many_shani }),
#endif
#if TD_HAVE_SHA256_AVX2_X8
    ROW("avx2-x8", NEEDS_SHA_AVX2, { .sha256_many = td_sha256_blocks_many_avx2_x8 }),
#endif
#if TD_HAVE_SHA256_AVX2
    ROW("avx2", NEEDS_SHA_AVX2, { .sha256_many = td_sha256_blocks_many_avx2 }),
#endif
#if TD_HAVE_ARMV8
    ROW("armv8", TD_CPU_ARM_SHA2, { .sha256_many = td_sha256_blocks_many_armv8 }),
#endif
    ROW("portable", 0, { .sha256_many = td_sha256_blocks_many_portable }),
};

static const td_backend_row sha512_single[] = {
#if TD_HAVE_SHA512_AVX512
    // Rounds split between vector and scalar registers: ahead where vector
    // operations take one cycle (Zen 4, 16 KiB: 1.07x OpenSSL, all-scalar
    // rounds 0.91x), behind where they take two (Zen 5: 0.70x, 1.08x).
    ROW_AVOID("avx512", NEEDS_SHA512_AVX512, { .sha512 = td_sha512_blocks_avx512 }, TD_CPU_SLOW_VECTOR_INT),
    ROW("avx512-scalar", NEEDS_SHA512_AVX512, { .sha512 = td_sha512_blocks_avx512_scalar }),
#endif
#if TD_HAVE_SHA512_AVX2
    ROW("avx2", NEEDS_SHA512_AVX2, { .sha512 = td_sha512_blocks_avx2 }),
#endif
#if TD_HAVE_ARMV8_SHA512
    ROW("armv8-sha512", TD_CPU_ARM_SHA512, { .sha512 = td_sha512_blocks_armv8_sha512 }),
#endif
    ROW("portable", 0, { .sha512 = td_sha512_blocks_portable }),
};
static const td_backend_row sha512_multi[] = {
#if TD_HAVE_SHA512_AVX512_X8
    ROW("avx512-x8", TD_CPU_AVX512F | TD_CPU_AVX512BW | TD_CPU_AVX512VL, { .sha512_many = td_sha512_blocks_many_avx512_x8 }),
#endif
#if TD_HAVE_SHA512_AVX2_X4
    // Ahead of one at a time with AVX-512: 1.55x it on 64 messages of 1 KiB
    // or 16 KiB (Sapphire Rapids).
    ROW("avx2-x4", NEEDS_SHA512_AVX2, { .sha512_many = td_sha512_blocks_many_avx2_x4 }),
#endif
#if TD_HAVE_SHA512_AVX512
    ROW_AVOID("avx512", NEEDS_SHA512_AVX512, { .sha512_many = td_sha512_blocks_many_avx512 }, TD_CPU_SLOW_VECTOR_INT),
    ROW("avx512-scalar", NEEDS_SHA512_AVX512, { .sha512_many = td_sha512_blocks_many_avx512_scalar }),
#endif
#if TD_HAVE_SHA512_AVX2
    ROW("avx2", NEEDS_SHA512_AVX2, { .sha512_many = td_sha512_blocks_many_avx2 }),
#endif
#if TD_HAVE_ARMV8_SHA512
    ROW("armv8-sha512", TD_CPU_ARM_SHA512, { .sha512_many = td_sha512_blocks_many_armv8_sha512 }),
#endif
    ROW("portable", 0, { .sha512_many = td_sha512_blocks_many_portable }),
};

static const td_backend_table tables[TD_FAMILY_COUNT][2] = {
    [TD_FAMILY_MD5]    = { { md5_single, COUNT_OF(md5_single) },
                           { md5_multi, COUNT_OF(md5_multi) } },
    [TD_FAMILY_SHA1]   = { { sha1_single, COUNT_OF(sha1_single) },
                           { sha1_multi, COUNT_OF(sha1_multi) } },
    [TD_FAMILY_SHA256] = { { sha256_single, COUNT_OF(sha256_single) },
                           { sha256_multi, COUNT_OF(sha256_multi) } },
    [TD_FAMILY_SHA512] = { { sha512_single, COUNT_OF(sha512_single) },
                           { sha512_multi, COUNT_OF(sha512_multi) } },
};

td_backend_table td_backend_table_of(td_family family, td_path path)
{
    return tables[family][path];
}

int td_backend_row_usable(const td_backend_row *row)
{
    return td_cpu_has(row->cpu_needs);
}

// Usable, and not passed over by the automatic choice on this CPU.
static int row_preferred(const td_backend_row *row)
{
    return td_backend_row_usable(row) && (td_cpu_features_mask() & row->cpu_avoid) == 0;
}

static const td_backend_row *find_usable(td_alg alg, td_path path, const char *name, size_t len)
{
    const td_backend_table t = tables[td_alg_info_of(alg)->family][path];
    for (size_t i = 0; i < t.count; i++) {
        if (strlen(t.rows[i].name) == len && memcmp(t.rows[i].name, name, len) == 0)
            return td_backend_row_usable(&t.rows[i]) ? &t.rows[i] : NULL;
    }
    return NULL;
}

static const td_backend_row *first_preferred(td_family family, td_path path)
{
    const td_backend_table t = tables[family][path];
    for (size_t i = 0; i < t.count; i++) {
        if (row_preferred(&t.rows[i]))
            return &t.rows[i];
    }
    return &t.rows[t.count - 1]; // portable: unreachable unless a table is wrong
}

// NULL until first use; then the family's first preferred single-path row.
static TD_ATOMIC(const td_backend_row *) preferred_single[TD_FAMILY_COUNT];

td_blocks_fn td_preferred_single_blocks(td_family family)
{
    const td_backend_row *row = TD_ATOMIC_LOAD(&preferred_single[family]);
    if (row == NULL) {
        row = first_preferred(family, TD_SINGLE);
        TD_ATOMIC_STORE(&preferred_single[family], row);
    }
    return row->blocks;
}

// TURBODIGEST_BACKEND is a comma-separated list of items, each either a
// backend name for every algorithm ("portable") or ALG=NAME
// ("sha256=portable"). An item for this very algorithm beats a general one;
// among equals the last wins. Items whose name has no usable backend on this
// path are skipped, so "avx2-x8" pins the many path and leaves the single
// path to the automatic choice.
// Narrows [*begin, *end) to leave out spaces and tabs at either end.
static void trim(const char **begin, const char **end)
{
    while (*begin < *end && (**begin == ' ' || **begin == '\t'))
        (*begin)++;
    while (*end > *begin && ((*end)[-1] == ' ' || (*end)[-1] == '\t'))
        (*end)--;
}

static const td_backend_row *from_environment(td_alg alg, td_path path)
{
    const char *env = getenv("TURBODIGEST_BACKEND");
    if (env == NULL)
        return NULL;
    const td_backend_row *general = NULL, *specific = NULL;
    for (const char *item = env;;) {
        const char *comma = strchr(item, ',');
        const char *item_end = comma ? comma : item + strlen(item);
        const char *eq = memchr(item, '=', (size_t)(item_end - item));
        const char *name = eq ? eq + 1 : item, *name_end = item_end;
        trim(&name, &name_end);
        const td_backend_row *row = find_usable(alg, path, name, (size_t)(name_end - name));
        if (eq == NULL) {
            if (row)
                general = row;
        } else {
            const char *alg_begin = item, *alg_end = eq;
            trim(&alg_begin, &alg_end);
            char alg_name[32];
            const size_t alg_len = (size_t)(alg_end - alg_begin);
            td_alg named;
            if (row && alg_len < sizeof alg_name) {
                memcpy(alg_name, alg_begin, alg_len);
                alg_name[alg_len] = '\0';
                if (td_alg_from_name(alg_name, &named) == TD_OK && named == alg)
                    specific = row;
            }
        }
        if (comma == NULL)
            break;
        item = comma + 1;
    }
    return specific ? specific : general;
}

// NULL until first use; then the row in use. Racing first callers compute the
// same row and store the same pointer, so no lock is needed.
static TD_ATOMIC(const td_backend_row *) chosen[TD_ALG_COUNT][2];

static const td_backend_row *choose_and_publish(td_alg alg, td_path path)
{
    const td_backend_row *row = from_environment(alg, path);
    if (row == NULL)
        row = first_preferred(td_alg_info_of(alg)->family, path);
    TD_ATOMIC_STORE(&chosen[alg][path], row);
    return row;
}

const td_backend_row *td_backend_row_for(td_alg alg, td_path path)
{
    const td_backend_row *row = TD_ATOMIC_LOAD(&chosen[alg][path]);
    return row ? row : choose_and_publish(alg, path);
}

static int args_valid(td_alg alg, td_path path)
{
    return (unsigned)alg < (unsigned)TD_ALG_COUNT && (path == TD_SINGLE || path == TD_MULTI);
}

size_t td_backends(td_alg alg, td_path path, const char **names, size_t cap)
{
    if (!args_valid(alg, path))
        return 0;
    // In the order of preference on this CPU: the rows the automatic choice
    // would take first, then those it passes over here, so that the first
    // name is the default.
    const td_backend_table t = tables[td_alg_info_of(alg)->family][path];
    size_t count = 0;
    for (int avoided = 0; avoided <= 1; avoided++) {
        for (size_t i = 0; i < t.count; i++) {
            const td_backend_row *row = &t.rows[i];
            if (!td_backend_row_usable(row) || row_preferred(row) == avoided)
                continue;
            if (names != NULL && count < cap)
                names[count] = row->name;
            count++;
        }
    }
    return count;
}

const char *td_backend(td_alg alg, td_path path)
{
    return args_valid(alg, path) ? td_backend_row_for(alg, path)->name : NULL;
}

int td_use_backend(td_alg alg, td_path path, const char *name)
{
    if (!args_valid(alg, path))
        return TD_ERR_ARG;
    if (name == NULL) {
        TD_ATOMIC_STORE(&chosen[alg][path], (const td_backend_row *)NULL);
        return TD_OK;
    }
    const td_backend_row *row = find_usable(alg, path, name, strlen(name));
    if (row == NULL)
        return TD_ERR_UNSUPPORTED;
    TD_ATOMIC_STORE(&chosen[alg][path], row);
    return TD_OK;
}
