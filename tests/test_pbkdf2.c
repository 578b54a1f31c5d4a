/* SPDX-License-Identifier: Apache-2.0
 * PBKDF2 (td_pbkdf2_hmac, RFC 8018 section 5.2):
 *   - the RFC 6070 (HMAC-SHA-1) and RFC 7914 section 11 (HMAC-SHA-256)
 *     vectors of tests/vectors/pbkdf2, on every single-path backend pinned
 *     and, for outputs longer than a digest, every many-path backend pinned
 *     and the automatic choice; shorter outputs are their prefixes;
 *   - against OpenSSL's PKCS5_PBKDF2_HMAC (without OpenSSL: RFC 8018 over
 *     the reference HMAC of ref.h) for every algorithm, on every backend of
 *     each path pinned: random passwords of 0 to 300 bytes (longer than a
 *     block is hashed first), salts of 0 to 200, iteration counts 1, 2, a
 *     few and a few thousand, outputs from one byte to several digests (and
 *     past 32 blocks, beyond one call of any many-path backend), not
 *     multiples of the digest size;
 *   - refused arguments leave out untouched (a canary); out may overlap the
 *     password and the salt.
 * RFC 6070's 2^24 iterations run once, with the automatic choice.
 *
 * usage: test_pbkdf2 VECTORS_DIR [SEED]   (TD_TEST_SHORT=1: fewer random
 * cases, no 2^24 iterations, and RFC 7914's 80000 once)
 */
#include "testutil.h"
#include "ref.h"
#include "vector_lines.h"

#if TD_TEST_REF_IS_OPENSSL
#include <openssl/evp.h>
#endif

enum { CANARY = 16, MAX_OUT = 48 * TD_MAX_DIGEST_SIZE, MAX_PASSWORD = 300, MAX_SALT = 200 };

// A vector needing more iterations than this runs once, on the automatic
// choice.
#define LONG_VECTOR 1000000u

static int short_run;

// ---------------------------------------------------------------- reference

#if TD_TEST_REF_IS_OPENSSL
static void ref_pbkdf2(td_alg alg, const uint8_t *pw, size_t pw_len, const uint8_t *salt,
                       size_t salt_len, uint64_t iterations, uint8_t *out, size_t out_len)
{
    static const uint8_t empty[1];
    if (!PKCS5_PBKDF2_HMAC(pw_len ? (const char *)pw : (const char *)empty, (int)pw_len,
                           salt_len ? salt : empty, (int)salt_len, (int)iterations, ref_md(alg),
                           (int)out_len, out)) {
        fprintf(stderr, "OpenSSL PKCS5_PBKDF2_HMAC failed for %s\n", tu_alg_str(alg));
        exit(2);
    }
}
#define PBKDF2_REF "OpenSSL's PKCS5_PBKDF2_HMAC"
#else
// RFC 8018 section 5.2 over the reference HMAC, block by block.
static void ref_pbkdf2(td_alg alg, const uint8_t *pw, size_t pw_len, const uint8_t *salt,
                       size_t salt_len, uint64_t iterations, uint8_t *out, size_t out_len)
{
    const size_t d = td_digest_size(alg);
    uint8_t *msg = (uint8_t *)malloc(salt_len + 4);
    if (msg == NULL)
        exit(2);
    if (salt_len)
        memcpy(msg, salt, salt_len);
    for (uint32_t i = 1; (size_t)(i - 1) * d < out_len; i++) {
        uint8_t u[TD_MAX_DIGEST_SIZE], t[TD_MAX_DIGEST_SIZE];
        msg[salt_len] = (uint8_t)(i >> 24);
        msg[salt_len + 1] = (uint8_t)(i >> 16);
        msg[salt_len + 2] = (uint8_t)(i >> 8);
        msg[salt_len + 3] = (uint8_t)i;
        ref_hmac(alg, pw, pw_len, msg, salt_len + 4, u);
        memcpy(t, u, d);
        for (uint64_t j = 1; j < iterations; j++) {
            ref_hmac(alg, pw, pw_len, u, d, u);
            for (size_t b = 0; b < d; b++)
                t[b] ^= u[b];
        }
        const size_t at = (size_t)(i - 1) * d;
        memcpy(out + at, t, out_len - at < d ? out_len - at : d);
    }
    free(msg);
}
#define PBKDF2_REF "RFC 8018 over the " REF_NAME " HMAC"
#endif

// td_pbkdf2_hmac into a buffer with a canary after out_len; 1 when it
// returned TD_OK, matched want and wrote nothing past out_len.
static int check_derive(td_alg alg, const uint8_t *pw, size_t pw_len, const uint8_t *salt,
                        size_t salt_len, uint64_t iterations, const uint8_t *want, size_t out_len,
                        const char *what)
{
    static uint8_t got[MAX_OUT + CANARY];
    memset(got, 0xEE, out_len + CANARY);
    tu_set_len(out_len);
    const int rc = td_pbkdf2_hmac(alg, pw_len ? pw : NULL, pw_len, salt_len ? salt : NULL,
                                  salt_len, iterations, got, out_len);
    int ok = TU_OK(rc, what);
    ok = ok && TU_EQ_MEM(got, want, out_len, what);
    int intact = 1;
    for (size_t i = 0; i < CANARY; i++)
        intact &= got[out_len + i] == 0xEE;
    ok = TU_CHECK(intact, "%s: wrote past out_len %zu", what, out_len) && ok;
    if (!ok && tu.failures <= TU_MAX_PRINTED)
        fprintf(stderr, "  password %zu bytes, salt %zu, %llu iterations\n", pw_len, salt_len,
                (unsigned long long)iterations);
    return ok;
}

// ------------------------------------------------------------------ vectors

typedef struct vector {
    long     line;
    uint8_t  password[64], salt[64], dk[128];
    size_t   password_len, salt_len, dk_len;
    uint64_t iterations, length;
} vector;

static const struct {
    td_alg      alg;
    const char *path; // under the vectors directory
} vector_files[] = {
    { TD_SHA1, "pbkdf2/rfc-6070-PBKDF2-SHA1.txt" },
    { TD_SHA256, "pbkdf2/rfc-7914-PBKDF2-SHA256.txt" },
};

// Text with "\0" for a NUL byte, as the files write it; 0 on anything else
// after a backslash or on overflow.
static int text_bytes(const char *s, uint8_t *out, size_t cap, size_t *len)
{
    size_t n = 0;
    for (; *s; s++) {
        if (n == cap)
            return 0;
        if (*s == '\\') {
            if (s[1] != '0')
                return 0;
            s++;
            out[n++] = 0;
        } else {
            out[n++] = (uint8_t)*s;
        }
    }
    *len = n;
    return 1;
}

// One field of a record; 0 (and a failure) when it cannot be read.
static int read_field(vector *v, const char *key, const char *val, int *seen)
{
    static const char *const keys[] = { "COUNT", "PASSWORD", "SALT", "ITERATIONS", "LENGTH",
                                        "DERIVED_KEY" };
    size_t k = 0;
    while (k < 6 && strcmp(key, keys[k]) != 0)
        k++;
    if (!TU_CHECK(k < 6 && val != NULL, "unknown line \"%s\"", key))
        return 0;
    if (!TU_CHECK(!(*seen & (1 << k)), "%s given twice", key))
        return 0;
    *seen |= 1 << k;
    uint64_t n = 0;
    long got;
    switch (k) {
    case 1:
        return TU_CHECK(text_bytes(val, v->password, sizeof v->password, &v->password_len),
                        "bad PASSWORD");
    case 2:
        return TU_CHECK(text_bytes(val, v->salt, sizeof v->salt, &v->salt_len), "bad SALT");
    case 5:
        got = strlen(val) / 2 <= sizeof v->dk ? tu_hex_decode(val, strlen(val), v->dk) : -1;
        v->dk_len = got < 0 ? 0 : (size_t)got;
        return TU_CHECK(got > 0, "bad DERIVED_KEY");
    default:
        if (!TU_CHECK(tu_parse_u64(val, &n), "bad %s \"%s\"", key, val))
            return 0;
        if (k == 3)
            v->iterations = n;
        else if (k == 4)
            v->length = n;
        return 1;
    }
}

// The records of one file; returns how many, 0 after a failure.
static size_t load_vectors(const char *path, vector *out, size_t cap)
{
    vl_reader r;
    if (!vl_open(&r, path))
        return 0;
    size_t n = 0;
    int seen = 0, ok = 1;
    vector v;
    memset(&v, 0, sizeof v);
    char *key, *val;
    while (ok && vl_next(&r, &key, &val)) {
        ok = read_field(&v, key, val, &seen);
        if (ok && strcmp(key, "DERIVED_KEY") == 0) {
            ok = TU_CHECK(seen == 0x3f, "%s:%ld: incomplete record", path, r.lineno) &&
                 TU_EQ_INT(v.dk_len, v.length, "DERIVED_KEY's length against LENGTH") &&
                 TU_CHECK(v.iterations > 0, "ITERATIONS 0") &&
                 TU_CHECK(n < cap, "too many records");
            v.line = r.lineno;
            if (ok)
                out[n++] = v;
            memset(&v, 0, sizeof v);
            seen = 0;
        }
    }
    ok = ok && TU_CHECK(seen == 0, "%s: a record left incomplete", path);
    vl_close(&r);
    return ok ? n : 0;
}

// One vector on the backends pinned now: whole, then (where it is quick)
// shorter outputs, which are its prefixes.
static void check_vector(td_alg alg, const vector *v, const char *path)
{
    const size_t d = td_digest_size(alg);
    if (!check_derive(alg, v->password, v->password_len, v->salt, v->salt_len, v->iterations,
                      v->dk, v->dk_len, "td_pbkdf2_hmac against the RFC's DK")
        && tu.failures <= TU_MAX_PRINTED)
        fprintf(stderr, "  vector ending at %s:%ld\n", path, v->line);
    const size_t shorter[] = { 1, d - 1, d, d + 1, v->dk_len - 1 };
    for (size_t k = 0; v->iterations <= 4096 && k < sizeof shorter / sizeof shorter[0]; k++)
        if (shorter[k] < v->dk_len)
            check_derive(alg, v->password, v->password_len, v->salt, v->salt_len, v->iterations,
                         v->dk, shorter[k], "a shorter output against the RFC's DK");
}

static void run_vectors(void)
{
    for (size_t f = 0; f < sizeof vector_files / sizeof vector_files[0]; f++) {
        const td_alg alg = vector_files[f].alg;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", tu.vectors, vector_files[f].path);
        vector v[16];
        const size_t n = load_vectors(path, v, 16);
        TU_CHECK(n > 0, "%s: no vectors", path);
        printf("test_pbkdf2: %s: %zu vectors\n", vector_files[f].path, n);
        fflush(stdout);
        tu_set_alg(alg);
        for (size_t i = 0; i < n; i++) {
            // Short runs (emulators, valgrind) take RFC 7914's 80000
            // iterations once too.
            if (v[i].iterations > LONG_VECTOR || (short_run && v[i].iterations > 10000)) {
                if (short_run && v[i].iterations > LONG_VECTOR)
                    printf("test_pbkdf2: TD_TEST_SHORT: %llu iterations left out\n",
                           (unsigned long long)v[i].iterations);
                else
                    check_vector(alg, &v[i], path);
                continue;
            }
            const char *be;
            TU_FOR_EACH_BACKEND(alg, TD_SINGLE, be)
                check_vector(alg, &v[i], path);
            if (v[i].dk_len > td_digest_size(alg)) {
                TU_FOR_EACH_BACKEND(alg, TD_MULTI, be)
                    check_vector(alg, &v[i], path);
            }
        }
    }
}

// ------------------------------------------------------------------- random

// 1, 2, a few, or a few thousand.
static uint64_t random_iterations(int allow_thousands)
{
    const size_t r = tu_rand_below(10);
    if (r < 2)
        return 1 + r;
    if (r == 9 && allow_thousands)
        return tu_rand_range(1000, 3000);
    return tu_rand_range(3, 40);
}

// An output length: up to a digest, or more (past 32 blocks now and then);
// rarely a multiple of the digest size.
static size_t random_out_len(size_t d, int several)
{
    if (!several)
        return tu_rand_range(1, d);
    if (tu_rand_below(8) == 0)
        return tu_rand_range(32 * d + 1, 40 * d);
    return tu_rand_range(d + 1, 5 * d);
}

// count random derivations on the backend pinned now, against the reference;
// several: outputs longer than a digest.
static void check_random(td_alg alg, size_t count, int several)
{
    static uint8_t pw[MAX_PASSWORD], salt[MAX_SALT], want[MAX_OUT];
    const size_t d = td_digest_size(alg);
    for (size_t c = 0; c < count; c++) {
        const size_t pw_len = tu_rand_below(MAX_PASSWORD + 1);
        const size_t salt_len = tu_rand_below(4) == 0 ? tu_rand_below(MAX_SALT + 1)
                                                      : tu_rand_below(33);
        const size_t out_len = random_out_len(d, several);
        // Thousands of iterations only where the output is short.
        const uint64_t iterations = random_iterations(out_len <= 5 * d);
        tu_rand_fill(pw, pw_len);
        tu_rand_fill(salt, salt_len);
        ref_pbkdf2(alg, pw, pw_len, salt, salt_len, iterations, want, out_len);
        check_derive(alg, pw, pw_len, salt, salt_len, iterations, want, out_len,
                     "td_pbkdf2_hmac against " PBKDF2_REF);
    }
}

static void run_random(void)
{
    const size_t per_single = short_run ? 6 : 24, per_many = short_run ? 2 : 8;
    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        const td_alg alg = tu_all_algs[a];
        const char *be;
        // Single-block outputs run on the single path, longer ones mostly on
        // the many path (the first inner hash on the single path).
        TU_FOR_EACH_BACKEND(alg, TD_SINGLE, be) {
            check_random(alg, per_single, 0);
            check_random(alg, 2, 1);
        }
        TU_FOR_EACH_BACKEND(alg, TD_MULTI, be)
            check_random(alg, per_many, 1);
    }
    tu_clear_len();
}

// ------------------------------------------------------------------- errors

// A refused call: TD_ERR_ARG and out (OUT_ROOM bytes, or NULL) as it was.
enum { OUT_ROOM = 2 * TD_MAX_DIGEST_SIZE };
static void check_refused(td_alg alg, const void *pw, size_t pw_len, const void *salt,
                          size_t salt_len, uint64_t iterations, uint8_t *out, size_t out_len,
                          const char *what)
{
    if (out != NULL)
        memset(out, 0xEE, OUT_ROOM);
    TU_EQ_INT(td_pbkdf2_hmac(alg, pw, pw_len, salt, salt_len, iterations, out, out_len),
              TD_ERR_ARG, what);
    int intact = 1;
    for (size_t i = 0; out != NULL && i < OUT_ROOM; i++)
        intact &= out[i] == 0xEE;
    TU_CHECK(intact, "%s: out written", what);
}

static void run_errors(void)
{
    uint8_t out[OUT_ROOM], want[TD_MAX_DIGEST_SIZE];
    const uint8_t pw[8] = { 'p', 'a', 's', 's', 'w', 'o', 'r', 'd' };
    const uint8_t salt[4] = { 's', 'a', 'l', 't' };
    tu.alg_set = 0;
    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        const td_alg alg = tu_all_algs[a];
        const size_t d = td_digest_size(alg);
        tu_set_alg(alg);
        check_refused(alg, pw, 8, salt, 4, 0, out, d, "0 iterations");
        check_refused(alg, pw, 8, salt, 4, 1, out, 0, "out_len 0");
        check_refused(alg, pw, 8, salt, 4, 1, NULL, d, "NULL out");
        check_refused(alg, NULL, 8, salt, 4, 1, out, d, "NULL password of 8 bytes");
        check_refused(alg, pw, 8, NULL, 4, 1, out, d, "NULL salt of 4 bytes");
        // Above (2^32 - 1) blocks: refused before anything is written, so a
        // small buffer is enough to see it.
        // (Only where size_t can say it: not on 32-bit builds.)
#if SIZE_MAX > UINT32_MAX
        {
            const size_t too_long = (size_t)((uint64_t)UINT32_MAX * d + 1);
            check_refused(alg, pw, 8, salt, 4, 1, out, too_long, "out_len above (2^32 - 1) blocks");
            check_refused(alg, pw, 8, salt, 4, 1, out, SIZE_MAX, "out_len SIZE_MAX");
        }
#endif
        // NULL with length 0 is an empty password or salt.
        ref_pbkdf2(alg, pw, 0, salt, 0, 3, want, d);
        check_derive(alg, NULL, 0, NULL, 0, 3, want, d, "NULL password and salt of 0 bytes");
    }
    check_refused(TD_ALG_COUNT, pw, 8, salt, 4, 1, out, 16, "alg TD_ALG_COUNT");
    check_refused((td_alg)-1, pw, 8, salt, 4, 1, out, 16, "alg -1");
    tu.alg_set = 0;
}

// out overlapping the password and the salt: they are read before any
// byte is written.
static void run_overlap(void)
{
    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        const td_alg alg = tu_all_algs[a];
        const size_t d = td_digest_size(alg), out_len = 3 * d - 1;
        uint8_t buf[3 * TD_MAX_DIGEST_SIZE + 40], want[3 * TD_MAX_DIGEST_SIZE];
        tu_set_alg(alg);
        tu_rand_fill(buf, sizeof buf);
        // Password at buf, salt at buf + 20, out over both.
        ref_pbkdf2(alg, buf, 20, buf + 20, 20, 5, want, out_len);
        TU_OK(td_pbkdf2_hmac(alg, buf, 20, buf + 20, 20, 5, buf + 10, out_len), "overlapping out");
        TU_EQ_MEM(buf + 10, want, out_len, "out over the password and the salt");
    }
    tu.alg_set = 0;
}

int main(int argc, char **argv)
{
    tu_init(argc, argv, "test_pbkdf2");
    short_run = getenv("TD_TEST_SHORT") != NULL;
    if (!TU_CHECK(tu.vectors != NULL, "usage: test_pbkdf2 VECTORS_DIR [SEED]"))
        return tu_finish();
    printf("test_pbkdf2: reference: %s\n", PBKDF2_REF);
    run_errors();
    run_overlap();
    run_vectors();
    run_random();
    return tu_finish();
}
