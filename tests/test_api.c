/* SPDX-License-Identifier: Apache-2.0
 * The API contract (API.md) outside the digest values themselves: sizes and
 * names, misuse and its status codes, state tracking, the wipe in td_final,
 * the length limit, backend listing and pinning, TURBODIGEST_BACKEND (in
 * child processes), HMAC and HKDF against a reference, td_equal, td_hash_many.
 *
 * The reference (ref.h) is OpenSSL where the build has it, else the portable
 * backend pinned, with HMAC built on it (RFC 2104) and HKDF on that (RFC
 * 5869). Either way it is first checked against the vendored RFC 2202, 4231
 * and 5869 vectors (mac_vectors.h), which without OpenSSL are required.
 *
 * usage: test_api [VECTORS_DIR] [SEED]
 *        test_api --child-env      (internal: checks TURBODIGEST_BACKEND, and
 *                                  with TD_TEST_WANT_CPU set, that
 *                                  td_cpu_features() is that text under the
 *                                  TURBODIGEST_CPU it was given)
 */
#include "testutil.h"
#include "ref.h"
#include "mac_vectors.h"
#include "cpu_model.h"

#include <limits.h>

#if defined(__unix__) || defined(__APPLE__)
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#define HAVE_FORK 1
#endif

static const size_t want_digest[TD_ALG_COUNT] = { 16, 20, 28, 32, 48, 64, 28, 32, 28, 32, 48, 64 };
static const size_t want_block[TD_ALG_COUNT] = { 64,  64,  64,  64,  128, 128,
                                                 128, 128, 144, 136, 104, 72 };
static const char *const want_name[TD_ALG_COUNT] = {
    "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha512-224", "sha512-256",
    "sha3-224", "sha3-256", "sha3-384", "sha3-512",
};

static uint8_t pool[8192];

// ------------------------------------------------------------------ sizes, names

static void test_sizes_names(void)
{
    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        td_alg alg = tu_all_algs[a];
        tu_set_alg(alg);
        TU_EQ_INT(td_digest_size(alg), want_digest[a], "td_digest_size");
        TU_EQ_INT(td_block_size(alg), want_block[a], "td_block_size");
        TU_EQ_STR(td_alg_name(alg), want_name[a], "td_alg_name");
        TU_CHECK(td_digest_size(alg) <= TD_MAX_DIGEST_SIZE, "digest above TD_MAX_DIGEST_SIZE");
        TU_CHECK(td_block_size(alg) <= TD_MAX_BLOCK_SIZE, "block above TD_MAX_BLOCK_SIZE");
    }
    tu.alg_set = 0;
    // SHAKE: a block (the rate), no digest size.
    TU_EQ_INT(td_digest_size(TD_SHAKE128), 0, "td_digest_size(SHAKE128)");
    TU_EQ_INT(td_digest_size(TD_SHAKE256), 0, "td_digest_size(SHAKE256)");
    TU_EQ_INT(td_block_size(TD_SHAKE128), 168, "td_block_size(SHAKE128)");
    TU_EQ_INT(td_block_size(TD_SHAKE256), 136, "td_block_size(SHAKE256)");
    TU_EQ_STR(td_alg_name(TD_SHAKE128), "shake128", "td_alg_name(SHAKE128)");
    TU_EQ_STR(td_alg_name(TD_SHAKE256), "shake256", "td_alg_name(SHAKE256)");
    TU_EQ_INT(TD_SHAKE128, 64, "TD_SHAKE128's value");
    TU_EQ_INT(TD_SHAKE256, 65, "TD_SHAKE256's value");
    TU_CHECK(TD_MAX_BLOCK_SIZE >= 168, "TD_MAX_BLOCK_SIZE below SHAKE128's rate");
    static const int bad[] = { 99, TD_ALG_COUNT, -1, INT_MAX, 63, 66, TD_ALG_COUNT + 1 };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        td_alg alg = (td_alg)bad[i];
        TU_EQ_INT(td_digest_size(alg), 0, "td_digest_size of an unknown alg");
        TU_EQ_INT(td_block_size(alg), 0, "td_block_size of an unknown alg");
        TU_CHECK(td_alg_name(alg) == NULL, "td_alg_name(%d) must be NULL", bad[i]);
    }
}

static void test_alg_from_name(void)
{
    static const struct { const char *name; td_alg alg; } good[] = {
        { "md5", TD_MD5 }, { "sha1", TD_SHA1 }, { "sha224", TD_SHA224 }, { "sha256", TD_SHA256 },
        { "sha384", TD_SHA384 }, { "sha512", TD_SHA512 }, { "sha512-224", TD_SHA512_224 },
        { "sha512-256", TD_SHA512_256 },
        { "MD5", TD_MD5 }, { "SHA1", TD_SHA1 }, { "SHA-1", TD_SHA1 }, { "Sha-224", TD_SHA224 },
        { "SHA-256", TD_SHA256 }, { "SHA2-256", TD_SHA256 }, { "sha-384", TD_SHA384 },
        { "SHA-512", TD_SHA512 }, { "SHA512-256", TD_SHA512_256 },
        { "sha512/256", TD_SHA512_256 }, { "sha512_256", TD_SHA512_256 },
        { "Sha-512/224", TD_SHA512_224 }, { "SHA-512/256", TD_SHA512_256 },
        { "sha512_224", TD_SHA512_224 }, { "SHA512/224", TD_SHA512_224 },
        { "sha3-224", TD_SHA3_224 }, { "sha3-256", TD_SHA3_256 }, { "sha3-384", TD_SHA3_384 },
        { "sha3-512", TD_SHA3_512 }, { "SHA3-256", TD_SHA3_256 }, { "sha3_256", TD_SHA3_256 },
        { "SHA3_512", TD_SHA3_512 }, { "Sha3-224", TD_SHA3_224 }, { "SHA3-384", TD_SHA3_384 },
        { "shake128", TD_SHAKE128 }, { "shake256", TD_SHAKE256 }, { "SHAKE-128", TD_SHAKE128 },
        { "shake_256", TD_SHAKE256 }, { "SHAKE256", TD_SHAKE256 }, { "Shake_128", TD_SHAKE128 },
    };
    static const char *const bad[] = {
        "", "sha", "sha257", "md4", "md", "sha-", "sha2", "sha512/", "sha512-", "sha512/257",
        "sha512-2", "sha256sum", "s-h-a-256", "-sha256", " sha256", "sha256 ", "sha1x", "md5\n", "sha-1-",
        "sha3", "sha3-", "sha3-257", "sha3-1", "sha3_", "sha3--256", "sha3/256", "sha3-2560",
        "shake", "shake-", "shake512", "shake-12", "shake1288", "shake128 ", "sha3-256\n",
        "shake_", "sha-3-256", "sha3256x", "shake-256-",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        td_alg got = (td_alg)77;
        int rc = td_alg_from_name(good[i].name, &got);
        TU_CHECK(rc == TD_OK && got == good[i].alg, "td_alg_from_name(\"%s\"): rc %d alg %d, want %d",
                 good[i].name, rc, (int)got, (int)good[i].alg);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        td_alg got;
        TU_CHECK(td_alg_from_name(bad[i], &got) == TD_ERR_ARG, "td_alg_from_name(\"%s\") must fail",
                 bad[i]);
    }
    td_alg got;
    TU_EQ_INT(td_alg_from_name(NULL, &got), TD_ERR_ARG, "td_alg_from_name(NULL name)");
    TU_EQ_INT(td_alg_from_name("sha256", NULL), TD_ERR_ARG, "td_alg_from_name(NULL out)");
    // Every canonical name round-trips.
    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        const char *n = td_alg_name(tu_all_algs[a]);
        got = (td_alg)77;
        TU_CHECK(n && td_alg_from_name(n, &got) == TD_OK && got == tu_all_algs[a],
                 "canonical name \"%s\" does not round-trip", n ? n : "(null)");
    }
}

static void test_strerror(void)
{
    static const int known[] = { TD_OK, TD_ERR_ARG, TD_ERR_UNSUPPORTED, TD_ERR_STATE, TD_ERR_LENGTH };
    static const int unknown[] = { 1, -5, 100, -1000, INT_MIN, INT_MAX };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        const char *s = td_strerror(known[i]);
        TU_CHECK(s && *s, "td_strerror(%d) empty or NULL", known[i]);
        for (size_t j = 0; s && j < i; j++) {
            const char *t = td_strerror(known[j]);
            TU_CHECK(t && strcmp(s, t) != 0, "td_strerror(%d) == td_strerror(%d)", known[i], known[j]);
        }
    }
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        const char *s = td_strerror(unknown[i]);
        TU_CHECK(s && *s, "td_strerror(%d) empty or NULL", unknown[i]);
    }
}

// ------------------------------------------------------------------ contexts

static void test_ctx_misuse(td_alg alg)
{
    size_t d = td_digest_size(alg);
    uint8_t want[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE], empty[TD_MAX_DIGEST_SIZE];
    td_ctx ctx, other;

    tu_set_alg(alg);
    ref_hash(alg, pool, 100, want);
    ref_hash(alg, NULL, 0, empty);

    // NULL arguments.
    TU_EQ_INT(td_init(NULL, alg), TD_ERR_ARG, "td_init(NULL)");
    TU_EQ_INT(td_update(NULL, pool, 1), TD_ERR_ARG, "td_update(NULL ctx)");
    TU_EQ_INT(td_update(NULL, NULL, 0), TD_ERR_ARG, "td_update(NULL ctx, len 0)");
    TU_EQ_INT(td_final(NULL, got), TD_ERR_ARG, "td_final(NULL ctx)");
    TU_OK(td_init(&ctx, alg), "td_init");
    TU_EQ_INT(td_copy(NULL, &ctx), TD_ERR_ARG, "td_copy(NULL dst)");
    TU_EQ_INT(td_copy(&other, NULL), TD_ERR_ARG, "td_copy(NULL src)");
    TU_EQ_INT(td_hash(alg, pool, 10, NULL), TD_ERR_ARG, "td_hash(NULL out)");
    TU_EQ_INT(td_hash(alg, NULL, 10, got), TD_ERR_ARG, "td_hash(NULL data, len 10)");
    TU_EQ_INT(td_hash((td_alg)99, pool, 10, got), TD_ERR_ARG, "td_hash(unknown alg)");
    TU_EQ_INT(td_hash(TD_ALG_COUNT, pool, 10, got), TD_ERR_ARG, "td_hash(TD_ALG_COUNT)");
    TU_EQ_INT(td_init(&other, (td_alg)99), TD_ERR_ARG, "td_init(unknown alg)");
    TU_EQ_INT(td_init(&other, TD_ALG_COUNT), TD_ERR_ARG, "td_init(TD_ALG_COUNT)");
    TU_EQ_INT(td_init(&other, (td_alg)-1), TD_ERR_ARG, "td_init(-1)");

    // NULL data: fine with 0, an error otherwise, and the context survives.
    TU_OK(td_update(&ctx, NULL, 0), "td_update(NULL, 0)");
    TU_OK(td_update(&ctx, pool, 60), "td_update");
    TU_EQ_INT(td_update(&ctx, NULL, 5), TD_ERR_ARG, "td_update(NULL data, len 5)");
    TU_OK(td_update(&ctx, NULL, 0), "td_update(NULL, 0)");
    TU_EQ_INT(td_final(&ctx, NULL), TD_ERR_ARG, "td_final(NULL out)");
    TU_OK(td_update(&ctx, pool + 60, 40), "td_update after rejected calls");
    memset(got, 0xEE, sizeof got);
    if (TU_OK(td_final(&ctx, got), "td_final"))
        TU_EQ_MEM(got, want, d, "digest after rejected calls");
    memset(got, 0xEE, sizeof got);
    TU_OK(td_hash(alg, NULL, 0, got), "td_hash(NULL, 0)");
    TU_EQ_MEM(got, empty, d, "td_hash(NULL, 0)");
    memset(got, 0xEE, sizeof got);
    tu_typed(alg)(NULL, 0, got);
    TU_EQ_MEM(got, empty, d, "typed one-shot (NULL, 0)");

    // After final: update, final and copy fail; td_init starts afresh.
    TU_EQ_INT(td_update(&ctx, pool, 1), TD_ERR_STATE, "td_update after td_final");
    TU_EQ_INT(td_update(&ctx, NULL, 0), TD_ERR_STATE, "td_update(NULL, 0) after td_final");
    TU_EQ_INT(td_final(&ctx, got), TD_ERR_STATE, "td_final twice");
    TU_EQ_INT(td_copy(&other, &ctx), TD_ERR_STATE, "td_copy from a finished context");
    TU_OK(td_init(&ctx, alg), "td_init of a finished context");
    TU_OK(td_update(&ctx, pool, 100), "td_update");
    if (TU_OK(td_final(&ctx, got), "td_final"))
        TU_EQ_MEM(got, want, d, "reinitialised context");

    // td_init restarts a running context.
    TU_OK(td_init(&ctx, alg), "td_init");
    TU_OK(td_update(&ctx, pool + 1000, 77), "td_update");
    TU_OK(td_init(&ctx, alg), "td_init of a running context");
    TU_OK(td_update(&ctx, pool, 100), "td_update");
    if (TU_OK(td_final(&ctx, got), "td_final"))
        TU_EQ_MEM(got, want, d, "restarted context");

    // Never initialised: all zero, or garbage.
    static const int fills[] = { 0x00, 0xA5 };
    for (size_t f = 0; f < sizeof fills / sizeof fills[0]; f++) {
        memset(&ctx, fills[f], sizeof ctx);
        TU_EQ_INT(td_update(&ctx, pool, 1), TD_ERR_STATE, "td_update on an uninitialised context");
        TU_EQ_INT(td_update(&ctx, NULL, 0), TD_ERR_STATE, "td_update(NULL, 0) on an uninitialised context");
        TU_EQ_INT(td_final(&ctx, got), TD_ERR_STATE, "td_final on an uninitialised context");
        TU_EQ_INT(td_copy(&other, &ctx), TD_ERR_STATE, "td_copy from an uninitialised context");
        // and td_init makes any memory a context
        TU_OK(td_init(&ctx, alg), "td_init on garbage");
        TU_OK(td_update(&ctx, pool, 100), "td_update");
        if (TU_OK(td_final(&ctx, got), "td_final"))
            TU_EQ_MEM(got, want, d, "context initialised over garbage");
    }

    // td_copy gives an independent context: the source goes on unaffected.
    TU_OK(td_init(&ctx, alg), "td_init");
    TU_OK(td_update(&ctx, pool, 50), "td_update");
    memset(&other, 0, sizeof other);
    TU_OK(td_copy(&other, &ctx), "td_copy into a zeroed context");
    TU_OK(td_update(&other, pool + 2000, 300), "td_update on the copy");
    TU_OK(td_final(&other, got), "td_final on the copy");
    TU_OK(td_update(&ctx, pool + 50, 50), "td_update on the source");
    if (TU_OK(td_final(&ctx, got), "td_final on the source"))
        TU_EQ_MEM(got, want, d, "source after the copy went its own way");
    tu.alg_set = 0;
}

// Looks for any run of w bytes of needle (len n) inside hay (len h).
static int has_window(const uint8_t *hay, size_t h, const uint8_t *needle, size_t n, size_t w)
{
    for (size_t i = 0; i + w <= n; i++)
        for (size_t j = 0; j + w <= h; j++)
            if (memcmp(hay + j, needle + i, w) == 0)
                return 1;
    return 0;
}

// td_final wipes: nothing of the buffered message, the chaining state or the
// digest remains in the context (the kernel's zeroization test).
static void test_final_wipes(td_alg alg)
{
    size_t d = td_digest_size(alg), b = td_block_size(alg);
    uint8_t msg[300], got[TD_MAX_DIGEST_SIZE];
    td_ctx ctx, before;

    tu_set_alg(alg);
    tu_rand_fill(msg, sizeof msg);
    size_t len = b + b / 2 + 3; // leaves b/2 + 3 bytes buffered
    TU_OK(td_init(&ctx, alg), "td_init");
    TU_OK(td_update(&ctx, msg, len), "td_update");
    memcpy(&before, &ctx, sizeof ctx);
    TU_OK(td_final(&ctx, got), "td_final");

    const uint8_t *after = (const uint8_t *)&ctx;
    TU_CHECK(!has_window(after, sizeof ctx, msg + b, len - b, 8),
             "td_final left buffered message bytes in the context");
    // The digest as the state words held it, in either byte order.
    uint8_t sw32[TD_MAX_DIGEST_SIZE], sw64[TD_MAX_DIGEST_SIZE];
    for (size_t i = 0; i < d; i++) {
        sw32[i] = got[(i & ~(size_t)3) + 3 - (i & 3)];
        sw64[i] = (i | 7) < d ? got[(i & ~(size_t)7) + 7 - (i & 7)] : got[i];
    }
    TU_CHECK(!has_window(after, sizeof ctx, got, d, 8), "td_final left digest bytes in the context");
    TU_CHECK(!has_window(after, sizeof ctx, sw32, d, 8) && !has_window(after, sizeof ctx, sw64, d, 8),
             "td_final left the final state words in the context");
    TU_CHECK(memcmp(&ctx.td_state, &before.td_state, sizeof ctx.td_state) != 0,
             "td_final left the chaining state in place");
    int state_zero = 1;
    for (size_t i = 0; i < offsetof(td_ctx, td_magic); i++)
        state_zero &= after[i] == 0;
    if (!state_zero)
        printf("test_api: note: %s: context after td_final is not zeroed (state, length or buffer)\n",
               tu_alg_str(alg));

    // The same for HMAC: no key-derived state survives.
    td_hmac_ctx h, hbefore;
    uint8_t key[40];
    tu_rand_fill(key, sizeof key);
    TU_OK(td_hmac_init(&h, alg, key, sizeof key), "td_hmac_init");
    TU_OK(td_hmac_update(&h, msg, len), "td_hmac_update");
    memcpy(&hbefore, &h, sizeof h);
    TU_OK(td_hmac_final(&h, got), "td_hmac_final");
    TU_CHECK(!has_window((const uint8_t *)&h, sizeof h, msg + b, len - b, 8),
             "td_hmac_final left buffered message bytes");
    TU_CHECK(memcmp(&h.td_inner.td_state, &hbefore.td_inner.td_state, sizeof h.td_inner.td_state) != 0,
             "td_hmac_final left the inner state");
    TU_CHECK(memcmp(&h.td_outer.td_state, &hbefore.td_outer.td_state, sizeof h.td_outer.td_state) != 0,
             "td_hmac_final left the outer (key) state");
    TU_CHECK(!has_window((const uint8_t *)&h, sizeof h, got, d, 8), "td_hmac_final left the MAC");
    TU_EQ_INT(td_hmac_update(&h, msg, 1), TD_ERR_STATE, "td_hmac_update after final");
    TU_EQ_INT(td_hmac_final(&h, got), TD_ERR_STATE, "td_hmac_final twice");
    tu.alg_set = 0;
}

// ------------------------------------------------------------------ length limit

// Lengths are checked before data is read, so a tiny buffer with a huge
// length must come back TD_ERR_LENGTH untouched, where the limit is below
// SIZE_MAX bytes: SHA-1 and SHA-224/256 (2^61 - 1 bytes) on 64-bit.
static void test_length_limit(void)
{
#if SIZE_MAX > 0xffffffffu
    static const td_alg limited[] = { TD_SHA1, TD_SHA224, TD_SHA256 };
    const size_t two61 = (size_t)1 << 61;
    uint8_t small[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    for (size_t i = 0; i < sizeof limited / sizeof limited[0]; i++) {
        td_alg alg = limited[i];
        size_t d = td_digest_size(alg);
        uint8_t want[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE];
        td_ctx ctx, snap;
        tu_set_alg(alg);
        memset(&ctx, 0, sizeof ctx); // whole contexts are compared below, buffer included
        TU_OK(td_init(&ctx, alg), "td_init");
        TU_OK(td_update(&ctx, small, 5), "td_update");
        memcpy(&snap, &ctx, sizeof ctx);

        tu_set_len(SIZE_MAX);
        TU_EQ_INT(td_update(&ctx, small, SIZE_MAX), TD_ERR_LENGTH, "td_update(SIZE_MAX)");
        TU_CHECK(memcmp(&ctx, &snap, sizeof ctx) == 0, "a rejected update changed the context");
        // 5 + (2^61 - 5) = 2^61 bytes = 2^64 bits: one bit too many.
        tu_set_len(two61 - 5);
        TU_EQ_INT(td_update(&ctx, small, two61 - 5), TD_ERR_LENGTH, "td_update to exactly 2^64 bits");
        TU_CHECK(memcmp(&ctx, &snap, sizeof ctx) == 0, "a rejected update changed the context");
        tu_set_len(two61);
        TU_EQ_INT(td_hash(alg, small, two61, got), TD_ERR_LENGTH, "td_hash(2^61 bytes)");
        TU_EQ_INT(td_hash(alg, small, SIZE_MAX, got), TD_ERR_LENGTH, "td_hash(SIZE_MAX)");
        TU_EQ_INT(td_hash_many_fixed(alg, 1, small, two61, got), TD_ERR_LENGTH,
                  "td_hash_many_fixed(2^61 bytes)");
        TU_EQ_INT(td_hmac(alg, small, 3, small, SIZE_MAX, got), TD_ERR_LENGTH, "td_hmac(SIZE_MAX)");
        td_hmac_ctx h;
        TU_OK(td_hmac_init(&h, alg, small, 3), "td_hmac_init");
        TU_EQ_INT(td_hmac_update(&h, small, SIZE_MAX), TD_ERR_LENGTH, "td_hmac_update(SIZE_MAX)");
        TU_OK(td_hmac_update(&h, small, 8), "td_hmac_update after a rejected one");
        TU_OK(td_hmac_final(&h, got), "td_hmac_final");
        ref_hmac(alg, small, 3, small, 8, want);
        TU_EQ_MEM(got, want, d, "HMAC after a rejected update");
        tu_clear_len();

        // The context goes on as if the rejected calls never happened.
        TU_OK(td_update(&ctx, small + 5, 3), "td_update after TD_ERR_LENGTH");
        ref_hash(alg, small, 8, want);
        if (TU_OK(td_final(&ctx, got), "td_final after TD_ERR_LENGTH"))
            TU_EQ_MEM(got, want, d, "digest after a rejected update");
    }
    tu.alg_set = 0;

    // SHA-384/512 count 128 bits: a size_t cannot reach 2^125 bytes, so the
    // test sets the context's (public, if private) byte counter next to the
    // limit. White-box on purpose: the branch would otherwise never run.
    static const td_alg wide[] = { TD_SHA384, TD_SHA512, TD_SHA512_224, TD_SHA512_256 };
    for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) {
        td_alg alg = wide[i];
        td_ctx ctx, snap;
        tu_set_alg(alg);
        TU_OK(td_init(&ctx, alg), "td_init");
        ctx.td_bytes_hi = ((uint64_t)1 << 61) - 1; // 2^125 - 2^64 bytes so far
        ctx.td_bytes_lo = UINT64_MAX - 7;          // 8 bytes below 2^125
        memcpy(&snap, &ctx, sizeof ctx);
        tu_set_len(9);
        TU_EQ_INT(td_update(&ctx, small, 8), TD_ERR_LENGTH, "td_update to 2^125 bytes");
        TU_CHECK(memcmp(&ctx, &snap, sizeof ctx) == 0, "a rejected update changed the context");
        tu_set_len(7);
        TU_OK(td_update(&ctx, small, 7), "td_update to 2^125 - 1 bytes");
        tu_set_len(1);
        TU_EQ_INT(td_update(&ctx, small, 1), TD_ERR_LENGTH, "td_update one byte past the limit");
        tu_clear_len();
    }
    tu.alg_set = 0;

    // SHA-3's limit is 2^64 - 1 bytes (its counter's width): SIZE_MAX bytes
    // after a few pass it, and the counter is set next to it as above.
    static const td_alg sha3[] = { TD_SHA3_224, TD_SHA3_256, TD_SHA3_384, TD_SHA3_512 };
    for (size_t i = 0; i < sizeof sha3 / sizeof sha3[0]; i++) {
        td_alg alg = sha3[i];
        size_t d = td_digest_size(alg);
        uint8_t want[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE];
        td_ctx ctx, snap;
        td_hmac_ctx h;
        tu_set_alg(alg);
        memset(&ctx, 0, sizeof ctx);
        TU_OK(td_init(&ctx, alg), "td_init");
        TU_OK(td_update(&ctx, small, 5), "td_update");
        memcpy(&snap, &ctx, sizeof ctx);
        tu_set_len(SIZE_MAX);
        TU_EQ_INT(td_update(&ctx, small, SIZE_MAX), TD_ERR_LENGTH, "td_update(SIZE_MAX) after 5");
        TU_CHECK(memcmp(&ctx, &snap, sizeof ctx) == 0, "a rejected update changed the context");
        TU_EQ_INT(td_update(&ctx, small, SIZE_MAX - 3), TD_ERR_LENGTH,
                  "td_update to 2^64 + 1 bytes");
        TU_CHECK(memcmp(&ctx, &snap, sizeof ctx) == 0, "a rejected update changed the context");
        tu_clear_len();
        TU_OK(td_update(&ctx, small + 5, 3), "td_update after TD_ERR_LENGTH");
        ref_hash(alg, small, 8, want);
        if (TU_OK(td_final(&ctx, got), "td_final after TD_ERR_LENGTH"))
            TU_EQ_MEM(got, want, d, "digest after a rejected update");
        TU_OK(td_hmac_init(&h, alg, small, 3), "td_hmac_init");
        // The key block is in: SIZE_MAX more is past the limit.
        TU_EQ_INT(td_hmac_update(&h, small, SIZE_MAX), TD_ERR_LENGTH, "td_hmac_update(SIZE_MAX)");
        TU_OK(td_hmac_update(&h, small, 8), "td_hmac_update after a rejected one");
        TU_OK(td_hmac_final(&h, got), "td_hmac_final");
        ref_hmac(alg, small, 3, small, 8, want);
        TU_EQ_MEM(got, want, d, "HMAC after a rejected update");

        TU_OK(td_init(&ctx, alg), "td_init");
        ctx.td_bytes_lo = UINT64_MAX - 7; // 8 bytes below 2^64
        memcpy(&snap, &ctx, sizeof ctx);
        tu_set_len(8);
        TU_EQ_INT(td_update(&ctx, small, 8), TD_ERR_LENGTH, "td_update to 2^64 bytes");
        TU_CHECK(memcmp(&ctx, &snap, sizeof ctx) == 0, "a rejected update changed the context");
        tu_set_len(7);
        TU_OK(td_update(&ctx, small, 7), "td_update to 2^64 - 1 bytes");
        tu_set_len(1);
        TU_EQ_INT(td_update(&ctx, small, 1), TD_ERR_LENGTH, "td_update one byte past the limit");
        TU_OK(td_update(&ctx, small, 0), "td_update of nothing at the limit");
        tu_clear_len();
    }
    tu.alg_set = 0;
    printf("test_api: note: MD5 has no length limit (its count wraps): not tested\n");
#else
    printf("test_api: note: 32-bit size_t, the length limits cannot be reached: not tested\n");
#endif
}

// ------------------------------------------------------------------ backends

static int name_ok(const char *n)
{
    size_t len = n ? strlen(n) : 0;
    if (len == 0 || len > 31)
        return 0;
    for (size_t i = 0; i < len; i++) {
        char c = n[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
            return 0;
    }
    return 1;
}

static void test_backends(void)
{
    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        td_alg alg = tu_all_algs[a];
        tu_set_alg(alg);
        for (int p = 0; p < 2; p++) {
            td_path path = (td_path)p;
            const char *names[TU_MAX_BACKENDS + 1], *one[2] = { NULL, "sentinel" };
            size_t count = td_backends(alg, path, NULL, 0);
            TU_CHECK(count >= 1 && count <= TU_MAX_BACKENDS, "td_backends(cap 0) = %zu", count);
            if (count < 1 || count > TU_MAX_BACKENDS)
                continue;
            for (size_t i = 0; i <= TU_MAX_BACKENDS; i++)
                names[i] = "sentinel";
            TU_EQ_INT(td_backends(alg, path, names, TU_MAX_BACKENDS), count, "td_backends count");
            TU_CHECK(strcmp(names[count], "sentinel") == 0, "td_backends wrote past count");
            TU_EQ_INT(td_backends(alg, path, one, 1), count, "td_backends(cap 1) count");
            TU_CHECK(one[0] != NULL && strcmp(one[1], "sentinel") == 0, "td_backends(cap 1) fills one");
            TU_EQ_STR(one[0], names[0], "td_backends(cap 1) first name");
            TU_CHECK(tu_list_has(names, count, "portable"), "no \"portable\" on %s path",
                     p ? "multi" : "single");
            for (size_t i = 0; i < count; i++) {
                TU_CHECK(name_ok(names[i]), "backend name \"%s\" is not a short lowercase word",
                         names[i] ? names[i] : "(null)");
                for (size_t j = 0; j < i; j++)
                    TU_CHECK(strcmp(names[i], names[j]) != 0, "backend \"%s\" listed twice", names[i]);
            }
            TU_EQ_STR(td_backend(alg, path), names[0], "td_backend by default is the first listed");

            // Bogus names leave the choice as it was, pinned or not.
            TU_EQ_INT(td_use_backend(alg, path, "bogus"), TD_ERR_UNSUPPORTED, "td_use_backend(bogus)");
            TU_EQ_STR(td_backend(alg, path), names[0], "td_backend after a bogus pin");
            int rc = td_use_backend(alg, path, "");
            TU_CHECK(rc == TD_ERR_UNSUPPORTED || rc == TD_ERR_ARG, "td_use_backend(\"\") = %d", rc);
            TU_OK(td_use_backend(alg, path, "portable"), "td_use_backend(portable)");
            TU_EQ_STR(td_backend(alg, path), "portable", "td_backend after pinning portable");
            TU_EQ_INT(td_use_backend(alg, path, "bogus"), TD_ERR_UNSUPPORTED, "td_use_backend(bogus)");
            TU_EQ_STR(td_backend(alg, path), "portable", "a bogus pin must not unpin");
            TU_OK(td_use_backend(alg, path, NULL), "td_use_backend(NULL)");
            TU_EQ_STR(td_backend(alg, path), names[0], "td_use_backend(NULL) restores the first listed");

            // A name from the other path only is not usable on this one.
            const char *others[TU_MAX_BACKENDS];
            size_t nothers = td_backends(alg, (td_path)!p, others, TU_MAX_BACKENDS);
            for (size_t i = 0; i < nothers && i < TU_MAX_BACKENDS; i++)
                if (!tu_list_has(names, count, others[i]))
                    TU_CHECK(td_use_backend(alg, path, others[i]) == TD_ERR_UNSUPPORTED,
                             "backend \"%s\" of the other path pinned on this one", others[i]);
            TU_EQ_STR(td_backend(alg, path), names[0], "td_backend after cross-path pins");

            // Pins are per algorithm: the last listed on sha256 leaves sha224 alone.
            for (size_t i = 0; i < count; i++) {
                TU_OK(td_use_backend(alg, path, names[i]), "td_use_backend of a listed name");
                TU_EQ_STR(td_backend(alg, path), names[i], "td_backend after the pin");
                for (size_t b2 = 0; b2 < TD_ALG_COUNT; b2++) {
                    if (tu_all_algs[b2] == alg)
                        continue;
                    const char *first[1] = { NULL };
                    td_backends(tu_all_algs[b2], path, first, 1);
                    TU_EQ_STR(td_backend(tu_all_algs[b2], path), first[0],
                              "a pin on one algorithm changed another's backend");
                }
            }
            TU_OK(td_use_backend(alg, path, NULL), "td_use_backend(NULL)");
        }
    }
    tu.alg_set = 0;

    // Unknown algorithm or path.
    TU_EQ_INT(td_backends((td_alg)99, TD_SINGLE, NULL, 0), 0, "td_backends(unknown alg)");
    TU_EQ_INT(td_backends(TD_ALG_COUNT, TD_MULTI, NULL, 0), 0, "td_backends(TD_ALG_COUNT)");
    TU_EQ_INT(td_backends(TD_SHA256, (td_path)2, NULL, 0), 0, "td_backends(unknown path)");
    TU_CHECK(td_backend((td_alg)99, TD_SINGLE) == NULL, "td_backend(unknown alg) must be NULL");
    TU_CHECK(td_backend(TD_SHA256, (td_path)2) == NULL, "td_backend(unknown path) must be NULL");
    TU_EQ_INT(td_use_backend((td_alg)99, TD_SINGLE, "portable"), TD_ERR_ARG, "td_use_backend(unknown alg)");
    TU_EQ_INT(td_use_backend(TD_SHA256, (td_path)2, "portable"), TD_ERR_ARG, "td_use_backend(unknown path)");

    // Library facts.
    TU_CHECK(td_cpu_features() != NULL, "td_cpu_features() is NULL");
    TU_EQ_STR(td_version(), TD_VERSION_STRING, "td_version");
    TU_OK(td_selftest(), "td_selftest");
    // The self-test leaves pins alone.
    TU_OK(td_use_backend(TD_SHA256, TD_SINGLE, "portable"), "td_use_backend(portable)");
    TU_OK(td_selftest(), "td_selftest with a pin");
    TU_EQ_STR(td_backend(TD_SHA256, TD_SINGLE), "portable", "pin after td_selftest");
    td_use_backend(TD_SHA256, TD_SINGLE, NULL);
}

// ------------------------------------------------------------------ TURBODIGEST_BACKEND

// The model of the variable: one name for every algorithm, or a list of
// canonical-name=backend. Returns what td_backend(alg, path) should say.
static const char *expected_backend(const char *spec, td_alg alg, td_path path)
{
    const char *names[TU_MAX_BACKENDS];
    size_t n = td_backends(alg, path, names, TU_MAX_BACKENDS);
    char want[64] = "";
    if (n == 0)
        return NULL;
    if (spec && !strchr(spec, '=')) {
        snprintf(want, sizeof want, "%s", spec);
    } else if (spec) {
        const char *an = td_alg_name(alg);
        size_t al = strlen(an);
        for (const char *p = spec; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
            const char *end = strchr(p, ',');
            size_t len = end ? (size_t)(end - p) : strlen(p);
            if (len > al && strncmp(p, an, al) == 0 && p[al] == '=' && len - al - 1 < sizeof want) {
                memcpy(want, p + al + 1, len - al - 1);
                want[len - al - 1] = '\0';
            }
        }
    }
    for (size_t i = 0; i < n && i < TU_MAX_BACKENDS; i++)
        if (strcmp(names[i], want) == 0)
            return names[i];
    return names[0];
}

static int child_main(const char *want_cpu)
{
    const char *spec = getenv("TURBODIGEST_BACKEND");
    const char *cpu = getenv("TURBODIGEST_CPU");
    printf("test_api child: TURBODIGEST_BACKEND=\"%s\" TURBODIGEST_CPU=\"%s\"\n",
           spec ? spec : "(unset)", cpu ? cpu : "(unset)");
    if (want_cpu) {
        char what[300];
        snprintf(what, sizeof what, "td_cpu_features() with TURBODIGEST_CPU=\"%s\"", cpu ? cpu : "");
        TU_EQ_STR(td_cpu_features(), want_cpu, what);
    }
    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        td_alg alg = tu_all_algs[a];
        size_t d = td_digest_size(alg);
        uint8_t want[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE];
        tu_set_alg(alg);
        for (int p = 0; p < 2; p++) {
            const char *exp = expected_backend(spec, alg, (td_path)p);
            char what[128];
            snprintf(what, sizeof what, "td_backend(%s, %s) with TURBODIGEST_BACKEND=\"%s\"",
                     tu_alg_str(alg), p ? "multi" : "single", spec ? spec : "");
            TU_EQ_STR(td_backend(alg, (td_path)p), exp, what);
        }
        // And it still hashes correctly.
        ref_hash(alg, pool, 1000, want);
        if (TU_OK(td_hash(alg, pool, 1000, got), "td_hash"))
            TU_EQ_MEM(got, want, d, "td_hash under TURBODIGEST_BACKEND");
        const void *ptr = pool;
        size_t len = 1000;
        if (TU_OK(td_hash_many(alg, 1, &ptr, &len, got), "td_hash_many"))
            TU_EQ_MEM(got, want, d, "td_hash_many under TURBODIGEST_BACKEND");
        // NULL restores the automatic choice, which keeps the variable's.
        TU_OK(td_use_backend(alg, TD_SINGLE, "portable"), "td_use_backend");
        TU_OK(td_use_backend(alg, TD_SINGLE, NULL), "td_use_backend(NULL)");
    }
    tu.alg_set = 0;
    return tu_finish();
}

#ifdef HAVE_FORK
static const char *self_exe;

// A child that has not ended after this long is killed and fails the test:
// no wait here is unbounded (a child runs well under a second natively, a
// few seconds under emulation).
#define CHILD_SECONDS 120

// Waits for pid at most CHILD_SECONDS; 1 with *status set, 0 if it had to
// be killed.
static int wait_bounded(pid_t pid, int *status)
{
    long waited_us = 0, step_us = 500; // polls 0.5 ms apart at first, then up to 50 ms
    for (;;) {
        const pid_t r = waitpid(pid, status, WNOHANG);
        if (r == pid)
            return 1;
        // (No errno.h: a 32-bit multilib build may lack its asm/errno.h.
        // Nothing here installs a signal handler, so no EINTR either.)
        if (r < 0 || waited_us >= CHILD_SECONDS * 1000000L) {
            kill(pid, SIGKILL);
            waitpid(pid, status, 0);
            return 0;
        }
        const struct timespec tick = { 0, step_us * 1000 };
        nanosleep(&tick, NULL);
        waited_us += step_us;
        step_us = step_us < 50000 ? step_us * 2 : 50000;
    }
}

static int exec_failed; // once, say so and try no more

// td_cpu_features() in a child with this process's TURBODIGEST_CPU: what a
// child's TURBODIGEST_CPU applies to. It may differ from this process's own
// (under valgrind, which hides AVX-512 and SHA-NI, children run natively).
static char child_cpu[200];

// Runs this program again with TURBODIGEST_BACKEND set to backend (unset when
// NULL) and, when cpu is not NULL, ",cpu" added to TURBODIGEST_CPU: the
// child then checks that td_cpu_features() is child_cpu with cpu applied, as
// the model says. With cpu_out, the child writes td_cpu_features() there.
static void run_child_with(const char *backend, const char *cpu, const char *cpu_out)
{
    if (exec_failed)
        return;
    char seed[32], want[200] = "", cpu_env[1200] = "";
    const char *inherited = getenv("TURBODIGEST_CPU");
    snprintf(seed, sizeof seed, "0x%llx", (unsigned long long)tu.seed);
    if (cpu) {
        cm_text(cm_apply(cpu, cm_words(child_cpu)), want, sizeof want);
        if (inherited)
            snprintf(cpu_env, sizeof cpu_env, "%s,%s", inherited, cpu);
        else
            snprintf(cpu_env, sizeof cpu_env, "%s", cpu);
    }
    char *args[] = { (char *)self_exe, (char *)"--child-env", seed, NULL };
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        TU_CHECK(0, "fork failed");
        return;
    }
    if (pid == 0) {
        if (backend)
            setenv("TURBODIGEST_BACKEND", backend, 1);
        else
            unsetenv("TURBODIGEST_BACKEND");
        if (cpu) {
            setenv("TURBODIGEST_CPU", cpu_env, 1);
            setenv("TD_TEST_WANT_CPU", want, 1);
        } else {
            unsetenv("TD_TEST_WANT_CPU");
        }
        if (cpu_out)
            setenv("TD_TEST_CPU_OUT", cpu_out, 1);
        else
            unsetenv("TD_TEST_CPU_OUT");
        execv(self_exe, args);
        _exit(127);
    }
    int status = 0;
    if (!wait_bounded(pid, &status)) {
        TU_CHECK(0, "child with TURBODIGEST_BACKEND=\"%s\" TURBODIGEST_CPU=\"%s\" did not end "
                 "within %d s: killed", backend ? backend : "", cpu ? cpu_env : "", CHILD_SECONDS);
        return;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        // Under qemu-user without binfmt_misc, for one.
        printf("test_api: note: could not exec %s: the environment tests are skipped\n", self_exe);
        exec_failed = 1;
        return;
    }
    TU_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
             "child with TURBODIGEST_BACKEND=\"%s\" TURBODIGEST_CPU=\"%s\" failed (status 0x%x)",
             backend ? backend : "", cpu ? cpu_env : "", status);
}

static void run_child(const char *spec)
{
    run_child_with(spec, NULL, NULL);
}

// Fills child_cpu from a child; 0 where no child ran.
static int probe_child_cpu(void)
{
    const char *dir = getenv("TMPDIR");
    char path[512];
    snprintf(path, sizeof path, "%s/test_api_cpu_XXXXXX", dir && *dir ? dir : "/tmp");
    const int fd = mkstemp(path);
    if (!TU_CHECK(fd >= 0, "mkstemp(%s) failed", path))
        return 0;
    close(fd);
    run_child_with(NULL, NULL, path);
    size_t len = 0;
    char *text = exec_failed ? NULL : tu_read_file(path, &len);
    unlink(path);
    if (text == NULL)
        return 0;
    snprintf(child_cpu, sizeof child_cpu, "%s", text);
    free(text);
    if (strcmp(child_cpu, td_cpu_features()) != 0)
        printf("test_api: note: children see cpu features \"%s\"\n", child_cpu);
    return 1;
}

// TURBODIGEST_CPU: what it hides and forces, and what it skips (unknown
// names, instruction sets it would add, items without a sign, other cases):
// td_cpu_features() in the child must be the model's (cpu_model.h).
static void test_cpu_env(void)
{
    static const char *const specs[] = {
        "", "-sha-ni", "-sha-ni,-avx512f", " -sha-ni , -avx2\t", "-avx", "-avx512f",
        "-neon", "-sha2", "-sha1,-sha2", "-sha512", "-sha3",
        "-sse2,-ssse3,-sse4.1,-bmi1,-bmi2",
        "+slow-vprold", "+slow-vector-int,-slow-vprold", "+slow-vprold,-slow-vprold",
        "-slow-vector-int,+slow-vector-int", "+slow-zmm,-slow-vprold", "-slow-zmm",
        "+slow-rotate", "+fast-sha1msg,-slow-rotate", "+slow-vprold,-fast-sha1msg",
        "-slow-vprold,+slow-rotate",
        // Skipped items, alone and beside ones that apply.
        "-bogus", "+avx2", "+sha-ni,+sha512", "sha-ni", "-SHA-NI", "-", "+", ",,, ,",
        "-sha-ni=1", "--sha-ni", "-sha-ni-", "-bogus,-avx2,+avx512f", "+avx2,-avx2",
        "-avx512f,+avx512f", "slow-vprold,+slow-vector-int,-sha",
        "-sha-ni,-sha-ni,-sha-ni,-sha-ni,-sha-ni,-sha-ni,-sha-ni,-sha-ni,-sha-ni,-sha-ni,-sha-ni,"
        "-sha-ni,-sha-ni,-sha-ni,-sha-ni,-sha-ni,-sha-ni,-sha-ni,-sha-ni,-sha-ni,-sha-ni,-sha-ni,"
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx,-avx2",
    };
    if (!probe_child_cpu())
        return;
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
        run_child_with(NULL, specs[i], NULL);
    // A backend named in TURBODIGEST_BACKEND that the mask makes unusable is
    // ignored like any other unusable name.
    run_child_with("shani", "-sha-ni", NULL);
    run_child_with("sha256=avx2,sha512=avx512", "-avx", NULL);
    run_child_with("armv8", "-sha2", NULL);
}

static void test_env(const char *argv0)
{
    char buf[256];
    // The program by the path it was started with, where that is one (CTest
    // gives it whole): under valgrind /proc/self/exe is valgrind's own.
    self_exe = strchr(argv0, '/') != NULL && access(argv0, X_OK) == 0 ? argv0
               : access("/proc/self/exe", X_OK) == 0                  ? "/proc/self/exe"
                                                                      : argv0;
    run_child(NULL);
    run_child("portable");
    run_child("bogus");
    run_child("");
    run_child("sha256=portable,md5=portable");
    run_child("sha256=bogus,md5=portable");
    run_child("sha512-256=portable,sha1=bogus");

    // The last backend of sha256 for everyone; a many-path-only name.
    const char *names[TU_MAX_BACKENDS], *multi[TU_MAX_BACKENDS];
    size_t n = td_backends(TD_SHA256, TD_SINGLE, names, TU_MAX_BACKENDS);
    size_t m = td_backends(TD_SHA256, TD_MULTI, multi, TU_MAX_BACKENDS);
    if (n > 1 && n <= TU_MAX_BACKENDS) {
        run_child(names[n - 1]);
        run_child(names[0]);
    }
    for (size_t i = 0; i < m && i < TU_MAX_BACKENDS; i++)
        if (!tu_list_has(names, n < TU_MAX_BACKENDS ? n : TU_MAX_BACKENDS, multi[i])) {
            snprintf(buf, sizeof buf, "sha256=%s", multi[i]);
            run_child(buf);
            snprintf(buf, sizeof buf, "%s", multi[i]);
            run_child(buf);
            break;
        }
}
#else
static void test_env(const char *argv0)
{
    (void)argv0;
    printf("test_api: note: no fork/exec here, TURBODIGEST_BACKEND not tested\n");
}

static void test_cpu_env(void)
{
    printf("test_api: note: no fork/exec here, TURBODIGEST_CPU tested by test_dispatch only\n");
}
#endif

// ------------------------------------------------------------------ HMAC, HKDF

static void test_hmac(td_alg alg, size_t rounds)
{
    size_t d = td_digest_size(alg);
    uint8_t key[300], msg[1200], want[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE];
    td_hmac_ctx h, base;

    // The copies below hash up to all of msg, past what a round fills.
    tu_rand_fill(msg, sizeof msg);
    for (size_t r = 0; r < rounds; r++) {
        size_t kl = r < 4 ? (size_t[]){ 0, 1, td_block_size(alg), td_block_size(alg) + 1 }[r]
                          : tu_rand_range(0, sizeof key);
        size_t ml = tu_rand_range(0, sizeof msg);
        tu_rand_fill(key, kl);
        tu_rand_fill(msg, ml);
        tu_set_len(ml);
        ref_hmac(alg, key, kl, msg, ml, want);
        memset(got, 0xEE, sizeof got);
        if (TU_OK(td_hmac(alg, kl ? key : NULL, kl, ml ? msg : NULL, ml, got), "td_hmac"))
            if (!TU_EQ_MEM(got, want, d, "td_hmac vs the " REF_NAME " HMAC reference"))
                fprintf(stderr, "  key length %zu\n", kl);

        // Streaming in random pieces.
        TU_OK(td_hmac_init(&h, alg, key, kl), "td_hmac_init");
        for (size_t pos = 0; pos < ml;) {
            size_t n = tu_rand_range(0, ml - pos);
            TU_OK(td_hmac_update(&h, n ? msg + pos : NULL, n), "td_hmac_update");
            pos += n;
        }
        memset(got, 0xEE, sizeof got);
        if (TU_OK(td_hmac_final(&h, got), "td_hmac_final"))
            TU_EQ_MEM(got, want, d, "streaming HMAC vs the " REF_NAME " HMAC reference");

        // One key, several messages: copies of the initialised context.
        TU_OK(td_hmac_init(&base, alg, key, kl), "td_hmac_init");
        for (int k = 0; k < 3; k++) {
            size_t l2 = tu_rand_range(0, sizeof msg);
            uint8_t w2[TD_MAX_DIGEST_SIZE];
            ref_hmac(alg, key, kl, msg, l2, w2);
            h = base;
            TU_OK(td_hmac_update(&h, msg, l2), "td_hmac_update on a copy");
            if (TU_OK(td_hmac_final(&h, got), "td_hmac_final on a copy"))
                TU_EQ_MEM(got, w2, d, "HMAC from a copied context");
        }
    }
    tu_clear_len();
}

static void test_hmac_misuse(td_alg alg)
{
    uint8_t got[TD_MAX_DIGEST_SIZE], want[TD_MAX_DIGEST_SIZE];
    td_hmac_ctx h;
    TU_EQ_INT(td_hmac_init(NULL, alg, "k", 1), TD_ERR_ARG, "td_hmac_init(NULL ctx)");
    TU_EQ_INT(td_hmac_init(&h, (td_alg)99, "k", 1), TD_ERR_ARG, "td_hmac_init(unknown alg)");
    TU_EQ_INT(td_hmac_init(&h, alg, NULL, 3), TD_ERR_ARG, "td_hmac_init(NULL key, len 3)");
    TU_EQ_INT(td_hmac(alg, "k", 1, "m", 1, NULL), TD_ERR_ARG, "td_hmac(NULL out)");
    TU_EQ_INT(td_hmac(alg, "k", 1, NULL, 4, got), TD_ERR_ARG, "td_hmac(NULL msg, len 4)");
    TU_EQ_INT(td_hmac((td_alg)99, "k", 1, "m", 1, got), TD_ERR_ARG, "td_hmac(unknown alg)");
    TU_EQ_INT(td_hmac_update(NULL, "m", 1), TD_ERR_ARG, "td_hmac_update(NULL ctx)");
    TU_EQ_INT(td_hmac_final(NULL, got), TD_ERR_ARG, "td_hmac_final(NULL ctx)");
    memset(&h, 0, sizeof h);
    TU_EQ_INT(td_hmac_update(&h, "m", 1), TD_ERR_STATE, "td_hmac_update on a zeroed context");
    TU_EQ_INT(td_hmac_final(&h, got), TD_ERR_STATE, "td_hmac_final on a zeroed context");
    // NULL key with length 0 is the empty key.
    ref_hmac(alg, NULL, 0, "abc", 3, want);
    TU_OK(td_hmac_init(&h, alg, NULL, 0), "td_hmac_init(NULL, 0)");
    TU_OK(td_hmac_update(&h, NULL, 0), "td_hmac_update(NULL, 0)");
    TU_OK(td_hmac_update(&h, "abc", 3), "td_hmac_update");
    TU_EQ_INT(td_hmac_update(&h, NULL, 2), TD_ERR_ARG, "td_hmac_update(NULL, 2)");
    TU_EQ_INT(td_hmac_final(&h, NULL), TD_ERR_ARG, "td_hmac_final(NULL out)");
    if (TU_OK(td_hmac_final(&h, got), "td_hmac_final"))
        TU_EQ_MEM(got, want, td_digest_size(alg), "HMAC with the empty key");
    TU_EQ_INT(td_hmac_update(&h, "m", 1), TD_ERR_STATE, "td_hmac_update after final");
    TU_EQ_INT(td_hmac_final(&h, got), TD_ERR_STATE, "td_hmac_final twice");
}

// RFC 5869 over the reference HMAC: PRK = HMAC(salt or zeros, IKM);
// T(i) = HMAC(PRK, T(i-1) || info || i).
static void ref_hkdf(td_alg alg, const uint8_t *salt, size_t salt_len, const uint8_t *ikm,
                     size_t ikm_len, const uint8_t *info, size_t info_len, uint8_t *out, size_t out_len)
{
    size_t d = td_digest_size(alg);
    uint8_t zeros[TD_MAX_DIGEST_SIZE] = { 0 }, prk[TD_MAX_DIGEST_SIZE], t[TD_MAX_DIGEST_SIZE];
    uint8_t *in = malloc(d + info_len + 1);
    if (!in)
        exit(2);
    ref_hmac(alg, salt_len ? salt : zeros, salt_len ? salt_len : d, ikm, ikm_len, prk);
    size_t tlen = 0;
    for (size_t i = 1, done = 0; done < out_len; i++) {
        memcpy(in, t, tlen);
        if (info_len)
            memcpy(in + tlen, info, info_len);
        in[tlen + info_len] = (uint8_t)i;
        ref_hmac(alg, prk, d, in, tlen + info_len + 1, t);
        tlen = d;
        size_t n = out_len - done < d ? out_len - done : d;
        memcpy(out + done, t, n);
        done += n;
    }
    free(in);
}

static void test_hkdf(td_alg alg, size_t rounds)
{
    size_t d = td_digest_size(alg), max = 255 * d;
    uint8_t salt[200], ikm[200], info[200];
    uint8_t *want = malloc(max + 16), *got = malloc(max + 16);
    if (!want || !got)
        exit(2);
    for (size_t r = 0; r < rounds; r++) {
        size_t sl = tu_rand_range(0, sizeof salt), il = tu_rand_range(0, sizeof ikm);
        size_t nl = tu_rand_range(0, sizeof info);
        size_t ol;
        switch (r % 5) {
        case 0:  ol = max; break;
        case 1:  ol = tu_rand_range(1, 3 * d); break;
        case 2:  ol = d * tu_rand_range(1, 20) + tu_rand_below(3) - 1; break;
        default: ol = tu_rand_range(1, max); break;
        }
        if (r % 7 == 3)
            sl = 0;
        tu_rand_fill(salt, sl);
        tu_rand_fill(ikm, il);
        tu_rand_fill(info, nl);
        tu_set_len(ol);
        ref_hkdf(alg, salt, sl, ikm, il, info, nl, want, ol);
        memset(got, 0xEE, max + 16);
        int rc = td_hkdf(alg, sl ? salt : NULL, sl, il ? ikm : NULL, il, nl ? info : NULL, nl, got, ol);
        if (TU_OK(rc, "td_hkdf")) {
            if (!TU_EQ_MEM(got, want, ol, "td_hkdf vs RFC 5869 over the " REF_NAME " HMAC reference"))
                fprintf(stderr, "  salt %zu ikm %zu info %zu\n", sl, il, nl);
            TU_CHECK(got[ol] == 0xEE, "td_hkdf wrote past out_len");
        }
    }
    tu_clear_len();
    // Bounds and arguments.
    TU_EQ_INT(td_hkdf(alg, "s", 1, "k", 1, "i", 1, got, max + 1), TD_ERR_ARG, "td_hkdf(255 * d + 1)");
    TU_EQ_INT(td_hkdf(alg, "s", 1, "k", 1, "i", 1, got, SIZE_MAX), TD_ERR_ARG, "td_hkdf(SIZE_MAX)");
    TU_EQ_INT(td_hkdf(alg, "s", 1, "k", 1, "i", 1, NULL, 10), TD_ERR_ARG, "td_hkdf(NULL out)");
    TU_EQ_INT(td_hkdf(alg, "s", 1, NULL, 5, "i", 1, got, 10), TD_ERR_ARG, "td_hkdf(NULL ikm, len 5)");
    TU_EQ_INT(td_hkdf(alg, NULL, 5, "k", 1, "i", 1, got, 10), TD_ERR_ARG, "td_hkdf(NULL salt, len 5)");
    TU_EQ_INT(td_hkdf(alg, "s", 1, "k", 1, NULL, 5, got, 10), TD_ERR_ARG, "td_hkdf(NULL info, len 5)");
    TU_EQ_INT(td_hkdf((td_alg)99, "s", 1, "k", 1, "i", 1, got, 10), TD_ERR_ARG, "td_hkdf(unknown alg)");
    memset(got, 0xEE, 4);
    TU_OK(td_hkdf(alg, "s", 1, "k", 1, "i", 1, got, 0), "td_hkdf(out_len 0)");
    TU_CHECK(got[0] == 0xEE, "td_hkdf(out_len 0) wrote");
    TU_OK(td_hkdf(alg, NULL, 0, NULL, 0, NULL, 0, NULL, 0), "td_hkdf(all NULL, 0)");
    free(want);
    free(got);
}

// The reference against the RFC vectors, so that it is known good before
// the random comparisons rely on it; td_hmac and td_hkdf (default backend)
// too. test_mac_kat runs the vectors on every backend.
static void test_ref_vectors(void)
{
    if (tu.vectors == NULL) {
        TU_CHECK(TD_TEST_REF_IS_OPENSSL, "without OpenSSL, test_api needs the vectors directory "
                                         "(usage: test_api VECTORS_DIR [SEED])");
        if (TD_TEST_REF_IS_OPENSSL)
            printf("test_api: note: no vectors directory given, the " REF_NAME
                   " reference is not checked against the RFC vectors\n");
        return;
    }
    size_t total = 0;
    for (size_t k = 0; k < MV_NFILES; k++) {
        const mv_file *mf = &mv_files[k];
        size_t d = td_digest_size(mf->alg);
        mv_set s;
        mv_load(tu.vectors, k, &s);
        tu_set_alg(mf->alg);
        for (size_t i = 0; i < s.n; i++) {
            const mv_vec *v = &s.v[i];
            uint8_t mac[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE];
            int bad = 0;
            if (mf->kind == MV_HMAC) {
                const mv_bytes *key = &v->f[MV_KEY], *msg = &v->f[MV_MSG], *md = &v->f[MV_MD];
                tu_set_len(msg->n);
                ref_hmac(mf->alg, key->p, key->n, msg->p, msg->n, mac);
                bad |= !TU_EQ_MEM(mac, md->p, md->n, "the " REF_NAME " HMAC reference vs the RFC vector");
                if (TU_OK(td_hmac(mf->alg, key->p, key->n, msg->p, msg->n, got), "td_hmac"))
                    bad |= !TU_EQ_MEM(got, md->p, md->n, "td_hmac vs the RFC vector");
            } else {
                const mv_bytes *salt = &v->f[MV_SALT], *ikm = &v->f[MV_IKM], *info = &v->f[MV_INFO];
                const mv_bytes *okm = &v->f[MV_OKM];
                uint8_t *out = malloc(okm->n), *out2 = malloc(okm->n);
                if (!out || !out2)
                    exit(2);
                tu_set_len(okm->n);
                ref_hkdf(mf->alg, salt->p, salt->n, ikm->p, ikm->n, info->p, info->n, out, okm->n);
                bad |= !TU_EQ_MEM(out, okm->p, okm->n, "the RFC 5869 reference over the " REF_NAME
                                                       " HMAC vs the RFC vector");
                if (TU_OK(td_hkdf(mf->alg, salt->p, salt->n, ikm->p, ikm->n, info->p, info->n, out2,
                                  okm->n), "td_hkdf"))
                    bad |= !TU_EQ_MEM(out2, okm->p, okm->n, "td_hkdf vs the RFC vector");
                ref_hmac(mf->alg, salt->p, salt->n, ikm->p, ikm->n, mac); // empty key: zeros
                bad |= !TU_EQ_MEM(mac, v->f[MV_PRK].p, d, "the " REF_NAME " HMAC(salt, IKM) vs the RFC PRK");
                free(out);
                free(out2);
            }
            if (bad && tu.failures <= TU_MAX_PRINTED)
                fprintf(stderr, "  vector ending at %s/%s:%ld\n", tu.vectors, mf->path, v->line);
        }
        total += s.n;
        mv_free(&s);
    }
    tu.alg_set = 0;
    tu_clear_len();
    printf("test_api: the " REF_NAME " reference and td_hmac/td_hkdf agree with %zu RFC vectors\n", total);
}

// ------------------------------------------------------------------ td_equal

static void test_equal(void)
{
    uint8_t a[200], b[200];
    tu_rand_fill(a, sizeof a);
    for (size_t len = 0; len <= sizeof a; len += len < 70 ? 1 : 13) {
        memcpy(b, a, len);
        tu_set_len(len);
        TU_EQ_INT(td_equal(a, b, len), 1, "td_equal of equal buffers");
        TU_EQ_INT(td_equal(a, a, len), 1, "td_equal of a buffer with itself");
        if (len == 0)
            continue;
        b[0] ^= 1;
        TU_EQ_INT(td_equal(a, b, len), 0, "td_equal, first byte differs");
        b[0] ^= 1;
        b[len - 1] ^= 0x80;
        TU_EQ_INT(td_equal(a, b, len), 0, "td_equal, last byte differs");
        b[len - 1] ^= 0x80;
        for (size_t bit = 0; bit < 8 * len && len <= 64; bit++) {
            b[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            TU_EQ_INT(td_equal(a, b, len), 0, "td_equal, one bit differs");
            b[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
    }
    tu_clear_len();
    TU_EQ_INT(td_equal(NULL, NULL, 0), 1, "td_equal(NULL, NULL, 0)");
    TU_EQ_INT(td_equal(a, NULL, 0), 1, "td_equal(a, NULL, 0)");
}

// ------------------------------------------------------------------ td_hash_many

static void test_many_api(td_alg alg)
{
    size_t d = td_digest_size(alg);
    uint8_t out[4 * TD_MAX_DIGEST_SIZE];
    const void *ptrs[4] = { pool, NULL, pool, pool };
    size_t lens[4] = { 10, 0, 20, 30 };

    tu_set_alg(alg);
    memset(out, 0xEE, sizeof out);
    TU_OK(td_hash_many(alg, 0, NULL, NULL, NULL), "td_hash_many(n 0, all NULL)");
    TU_OK(td_hash_many(alg, 0, ptrs, lens, out), "td_hash_many(n 0)");
    TU_CHECK(out[0] == 0xEE, "td_hash_many(n 0) wrote");
    TU_EQ_INT(td_hash_many(alg, 2, NULL, lens, out), TD_ERR_ARG, "td_hash_many(NULL data)");
    TU_EQ_INT(td_hash_many(alg, 2, ptrs, NULL, out), TD_ERR_ARG, "td_hash_many(NULL lens)");
    TU_EQ_INT(td_hash_many(alg, 2, ptrs, lens, NULL), TD_ERR_ARG, "td_hash_many(NULL out)");
    TU_EQ_INT(td_hash_many((td_alg)99, 2, ptrs, lens, out), TD_ERR_ARG, "td_hash_many(unknown alg)");
    lens[1] = 5;
    TU_EQ_INT(td_hash_many(alg, 4, ptrs, lens, out), TD_ERR_ARG, "td_hash_many(NULL message, len 5)");
    lens[1] = 0;
    // Past SHA-1/256's limit (2^61 - 1 bytes, on a 64-bit size_t): refused
    // before a byte is read; the first fault in order is the one reported.
    if (SIZE_MAX > 0xffffffffu && (alg == TD_SHA1 || alg == TD_SHA224 || alg == TD_SHA256)) {
        const size_t too_long = (size_t)((uint64_t)1 << 61);
        lens[2] = too_long;
        memset(out, 0xEE, sizeof out);
        TU_EQ_INT(td_hash_many(alg, 4, ptrs, lens, out), TD_ERR_LENGTH, "td_hash_many(2^61 bytes)");
        TU_CHECK(out[0] == 0xEE, "td_hash_many(2^61 bytes) wrote");
        lens[3] = 5, ptrs[3] = NULL;
        TU_EQ_INT(td_hash_many(alg, 4, ptrs, lens, out), TD_ERR_LENGTH,
                  "td_hash_many(2^61 bytes, then a NULL message)");
        lens[1] = 5;
        TU_EQ_INT(td_hash_many(alg, 4, ptrs, lens, out), TD_ERR_ARG,
                  "td_hash_many(a NULL message, then 2^61 bytes)");
        lens[1] = 0, lens[2] = 20, lens[3] = 30, ptrs[3] = pool;
    }
    if (TU_OK(td_hash_many(alg, 4, ptrs, lens, out), "td_hash_many with a NULL empty message")) {
        uint8_t want[TD_MAX_DIGEST_SIZE];
        for (size_t i = 0; i < 4; i++) {
            td_hash(alg, ptrs[i], lens[i], want);
            TU_EQ_MEM(out + i * d, want, d, "td_hash_many vs td_hash");
        }
    }
    tu.alg_set = 0;
}

// Mixed lengths including 0, overlapping and repeated pointers, vs td_hash,
// for n from 1 to 40 and 100.
static void test_many_values(td_alg alg)
{
    enum { MAXN = 100 };
    size_t d = td_digest_size(alg);
    const void *ptrs[MAXN];
    size_t lens[MAXN];
    uint8_t *out = malloc(MAXN * TD_MAX_DIGEST_SIZE);
    uint8_t want[TD_MAX_DIGEST_SIZE];
    if (!out)
        exit(2);
    for (size_t n = 1; n <= MAXN; n = n < 40 ? n + 1 : MAXN + (n == MAXN)) {
        for (size_t i = 0; i < n; i++) {
            size_t r = tu_rand_below(8);
            lens[i] = r == 0 ? 0 : r < 5 ? tu_rand_range(0, 300) : tu_rand_range(0, 4000);
            ptrs[i] = r == 0 ? NULL : pool + tu_rand_below(sizeof pool - lens[i] + 1);
            if (i && r == 7) {
                ptrs[i] = ptrs[i - 1] ? ptrs[i - 1] : pool;
                lens[i] = lens[i - 1];
            }
        }
        if (!TU_OK(td_hash_many(alg, n, ptrs, lens, out), "td_hash_many"))
            continue;
        for (size_t i = 0; i < n; i++) {
            tu_set_len(lens[i]);
            td_hash(alg, ptrs[i], lens[i], want);
            if (!TU_EQ_MEM(out + i * d, want, d, "td_hash_many vs td_hash"))
                fprintf(stderr, "  message %zu of %zu\n", i, n);
        }
        tu_clear_len();
    }
    free(out);
}

// ------------------------------------------------------------ td_hash_many_fixed

static void test_fixed_api(td_alg alg)
{
    size_t d = td_digest_size(alg);
    uint8_t out[4 * TD_MAX_DIGEST_SIZE + 1], want[TD_MAX_DIGEST_SIZE];

    tu_set_alg(alg);
    memset(out, 0xEE, sizeof out);
    TU_OK(td_hash_many_fixed(alg, 0, NULL, 10, NULL), "td_hash_many_fixed(n 0, all NULL)");
    TU_CHECK(out[0] == 0xEE, "td_hash_many_fixed(n 0) wrote");
    TU_EQ_INT(td_hash_many_fixed(alg, 2, NULL, 10, out), TD_ERR_ARG, "td_hash_many_fixed(NULL data)");
    TU_EQ_INT(td_hash_many_fixed(alg, 2, pool, 10, NULL), TD_ERR_ARG, "td_hash_many_fixed(NULL out)");
    TU_EQ_INT(td_hash_many_fixed((td_alg)99, 2, pool, 10, out), TD_ERR_ARG,
              "td_hash_many_fixed(unknown alg)");
    TU_EQ_INT(td_hash_many_fixed(alg, SIZE_MAX / 2, pool, 3, out), TD_ERR_ARG,
              "td_hash_many_fixed(n * len past the address space)");
    TU_CHECK(out[0] == 0xEE, "td_hash_many_fixed wrote after an error");
    // n empty messages: data may be NULL.
    td_hash(alg, NULL, 0, want);
    if (TU_OK(td_hash_many_fixed(alg, 3, NULL, 0, out), "td_hash_many_fixed(NULL data, len 0)"))
        for (size_t i = 0; i < 3; i++)
            TU_EQ_MEM(out + i * d, want, d, "td_hash_many_fixed of empty messages");
    TU_CHECK(out[3 * d] == 0xEE, "td_hash_many_fixed wrote past n digests");
    tu.alg_set = 0;
}

// Every n from 1 to 40 and 100, lengths around the block and padding edges,
// against td_hash; then in place (out == data), as a Merkle level is hashed.
static void test_fixed_values(td_alg alg)
{
    enum { MAXN = 100 };
    const size_t d = td_digest_size(alg), b = td_block_size(alg);
    const size_t lens[] = { 0, 1, d, b - 9, b - 8, b - 1, b, b + 1, 2 * b - 16, 2 * b, 300, 1000 };
    uint8_t *out = malloc(MAXN * TD_MAX_DIGEST_SIZE + 1);
    uint8_t *msgs = malloc(2 * MAXN * 1000), *work = malloc(MAXN * 1000);
    uint8_t want[TD_MAX_DIGEST_SIZE];
    if (!out || !msgs || !work)
        exit(2);
    tu_rand_fill(msgs, 2 * MAXN * 1000);
    for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
        const size_t len = lens[l];
        tu_set_len(len);
        for (size_t n = 1; n <= MAXN; n = n < 40 ? n + 1 : MAXN + (n == MAXN)) {
            const uint8_t *data = msgs + tu_rand_below(MAXN * 1000 + 1);
            out[n * d] = 0x5C;
            if (!TU_OK(td_hash_many_fixed(alg, n, data, len, out), "td_hash_many_fixed"))
                continue;
            TU_CHECK(out[n * d] == 0x5C, "td_hash_many_fixed wrote past n digests (n=%zu)", n);
            for (size_t i = 0; i < n; i++) {
                td_hash(alg, data + i * len, len, want);
                if (!TU_EQ_MEM(out + i * d, want, d, "td_hash_many_fixed vs td_hash"))
                    fprintf(stderr, "  message %zu of %zu\n", i, n);
            }
        }
        if (len < d)
            continue;
        // In place: digest i lands on bytes already read.
        const size_t n = 37;
        memcpy(work, msgs, n * len);
        if (TU_OK(td_hash_many_fixed(alg, n, work, len, work), "td_hash_many_fixed in place"))
            for (size_t i = 0; i < n; i++) {
                td_hash(alg, msgs + i * len, len, want);
                TU_EQ_MEM(work + i * d, want, d, "td_hash_many_fixed in place vs td_hash");
            }
    }
    tu_clear_len();
    free(out);
    free(msgs);
    free(work);
}

// ------------------------------------------------------------------ SHAKE

// Every error of td_xof_* and td_shake, and SHAKE refused by every
// fixed-output call (TD_ERR_ARG); on the backend pinned for alg.
static void test_xof_api(td_alg alg)
{
    uint8_t want[600], got[600], out[64];
    td_xof x;
    const size_t rate = td_block_size(alg);

    tu_set_alg(alg);
    ref_shake(alg, pool, 300, want, sizeof want);

    // NULL arguments.
    TU_EQ_INT(td_xof_init(NULL, alg), TD_ERR_ARG, "td_xof_init(NULL)");
    TU_EQ_INT(td_xof_absorb(NULL, pool, 1), TD_ERR_ARG, "td_xof_absorb(NULL xof)");
    TU_EQ_INT(td_xof_squeeze(NULL, got, 1), TD_ERR_ARG, "td_xof_squeeze(NULL xof)");
    TU_EQ_INT(td_shake(alg, NULL, 1, got, 16), TD_ERR_ARG, "td_shake(NULL data, len 1)");
    TU_EQ_INT(td_shake(alg, pool, 1, NULL, 16), TD_ERR_ARG, "td_shake(NULL out, out_len 16)");
    TU_OK(td_xof_init(&x, alg), "td_xof_init");
    TU_EQ_INT(td_xof_absorb(&x, NULL, 1), TD_ERR_ARG, "td_xof_absorb(NULL data, len 1)");
    TU_EQ_INT(td_xof_squeeze(&x, NULL, 1), TD_ERR_ARG, "td_xof_squeeze(NULL out, len 1)");
    // NULL with length 0 is fine, and changes nothing.
    TU_OK(td_xof_absorb(&x, NULL, 0), "td_xof_absorb(NULL, 0)");
    TU_OK(td_xof_absorb(&x, pool, 300), "td_xof_absorb");
    TU_OK(td_xof_absorb(&x, NULL, 0), "td_xof_absorb(NULL, 0)");
    TU_OK(td_xof_squeeze(&x, NULL, 0), "td_xof_squeeze(NULL, 0) as the first squeeze");
    // A squeeze of 0 ends the absorbing too.
    TU_EQ_INT(td_xof_absorb(&x, pool, 1), TD_ERR_STATE, "td_xof_absorb after a squeeze of 0");
    TU_EQ_INT(td_xof_absorb(&x, NULL, 0), TD_ERR_STATE, "td_xof_absorb(NULL, 0) after a squeeze");
    TU_OK(td_xof_squeeze(&x, got, 7), "td_xof_squeeze");
    TU_OK(td_xof_squeeze(&x, NULL, 0), "td_xof_squeeze(NULL, 0)");
    TU_OK(td_xof_squeeze(&x, got + 7, sizeof got - 7), "td_xof_squeeze");
    TU_EQ_MEM(got, want, sizeof got, "squeezes around refused calls");
    TU_EQ_INT(td_xof_absorb(&x, pool, 5), TD_ERR_STATE, "td_xof_absorb after squeezing");
    // td_xof_init starts over, whatever the xof held (here: squeezing).
    TU_OK(td_xof_init(&x, alg), "td_xof_init of a squeezing xof");
    TU_OK(td_xof_absorb(&x, pool, 300), "td_xof_absorb after td_xof_init again");
    memset(got, 0, sizeof got);
    TU_OK(td_xof_squeeze(&x, got, sizeof got), "td_xof_squeeze");
    TU_EQ_MEM(got, want, sizeof got, "an xof started over");
    // The other SHAKE over a running one: its own output.
    const td_alg other_xof = alg == TD_SHAKE128 ? TD_SHAKE256 : TD_SHAKE128;
    uint8_t other_want[64];
    ref_shake(other_xof, pool, 10, other_want, sizeof other_want);
    TU_OK(td_xof_init(&x, alg), "td_xof_init");
    TU_OK(td_xof_absorb(&x, pool + 100, 50), "td_xof_absorb");
    TU_OK(td_xof_init(&x, other_xof), "td_xof_init of the other SHAKE over an absorbing xof");
    TU_OK(td_xof_absorb(&x, pool, 10), "td_xof_absorb");
    TU_OK(td_xof_squeeze(&x, got, sizeof other_want), "td_xof_squeeze");
    TU_EQ_MEM(got, other_want, sizeof other_want, "the other SHAKE, started over a running xof");

    // Never initialised: zeroed, or all ones (no magic by chance).
    memset(&x, 0, sizeof x);
    TU_EQ_INT(td_xof_absorb(&x, pool, 1), TD_ERR_STATE, "td_xof_absorb, never initialised");
    TU_EQ_INT(td_xof_squeeze(&x, got, 1), TD_ERR_STATE, "td_xof_squeeze, never initialised");
    memset(&x, 0xff, sizeof x);
    TU_EQ_INT(td_xof_absorb(&x, pool, 1), TD_ERR_STATE, "td_xof_absorb, garbage");
    TU_EQ_INT(td_xof_squeeze(&x, got, 1), TD_ERR_STATE, "td_xof_squeeze, garbage");

    // A fixed-output context is no xof, and an xof no td_ctx.
    td_xof as_ctx;
    TU_OK(td_init(&as_ctx.td_core, TD_SHA3_256), "td_init(SHA3-256)");
    TU_EQ_INT(td_xof_absorb(&as_ctx, pool, 1), TD_ERR_STATE, "td_xof_absorb on a SHA3-256 td_ctx");
    TU_EQ_INT(td_xof_squeeze(&as_ctx, got, 1), TD_ERR_STATE, "td_xof_squeeze on a SHA3-256 td_ctx");
    TU_OK(td_xof_init(&x, alg), "td_xof_init");
    TU_EQ_INT(td_update(&x.td_core, pool, 1), TD_ERR_STATE, "td_update on an xof");
    TU_EQ_INT(td_final(&x.td_core, out), TD_ERR_STATE, "td_final on an xof");
    td_ctx c;
    TU_EQ_INT(td_copy(&c, &x.td_core), TD_ERR_STATE, "td_copy of an xof");
    uint8_t blob[TD_CTX_EXPORT_MAX];
    TU_EQ_INT(td_ctx_export(&x.td_core, blob, sizeof blob), 0, "td_ctx_export of an xof");

    // Other algs: td_xof_init takes SHAKE only.
    static const int not_xof[] = { TD_MD5, TD_SHA256, TD_SHA3_224, TD_SHA3_256, TD_SHA3_512,
                                   TD_ALG_COUNT, 63, 66, 67, -1, 0x40000000 };
    for (size_t i = 0; i < sizeof not_xof / sizeof not_xof[0]; i++) {
        TU_EQ_INT(td_xof_init(&x, (td_alg)not_xof[i]), TD_ERR_ARG, "td_xof_init of no SHAKE");
        TU_EQ_INT(td_shake((td_alg)not_xof[i], pool, 3, got, 16), TD_ERR_ARG, "td_shake of no SHAKE");
    }

    // Empty inputs and outputs.
    ref_shake(alg, NULL, 0, want, 2 * rate + 3);
    TU_OK(td_shake(alg, NULL, 0, got, 2 * rate + 3), "td_shake(NULL, 0)");
    TU_EQ_MEM(got, want, 2 * rate + 3, "td_shake of the empty message");
    TU_OK(td_shake(alg, pool, 5, NULL, 0), "td_shake(out_len 0, out NULL)");
    TU_OK(td_shake(alg, NULL, 0, NULL, 0), "td_shake of nothing to nothing");
    // Output lengths around the rate, one squeeze and a squeeze per byte.
    for (size_t n = rate - 2; n <= rate + 2; n++) {
        ref_shake(alg, pool, n, want, 3 * rate);
        tu_set_len(n);
        memset(got, 0xee, sizeof got);
        TU_OK(td_shake(alg, pool, n, got, 3 * rate), "td_shake");
        TU_EQ_MEM(got, want, 3 * rate, "td_shake around the rate");
        TU_OK(td_xof_init(&x, alg), "td_xof_init");
        TU_OK(td_xof_absorb(&x, pool, n), "td_xof_absorb");
        for (size_t k = 0; k < 3 * rate; k++)
            TU_OK(td_xof_squeeze(&x, got + k, 1), "td_xof_squeeze, 1 byte");
        TU_EQ_MEM(got, want, 3 * rate, "squeezed byte by byte");
    }
    tu_clear_len();

    // Every fixed-output call refuses SHAKE.
    td_ctx ctx;
    td_hmac_ctx h;
    const void *ptrs[2] = { pool, pool + 10 };
    const size_t lens[2] = { 10, 20 };
    memset(out, 0xab, sizeof out);
    TU_EQ_INT(td_init(&ctx, alg), TD_ERR_ARG, "td_init(SHAKE)");
    TU_EQ_INT(td_hash(alg, pool, 10, out), TD_ERR_ARG, "td_hash(SHAKE)");
    TU_EQ_INT(td_hash(alg, NULL, 0, out), TD_ERR_ARG, "td_hash(SHAKE, empty)");
    TU_EQ_INT(td_hmac_init(&h, alg, pool, 10), TD_ERR_ARG, "td_hmac_init(SHAKE)");
    TU_EQ_INT(td_hmac(alg, pool, 10, pool, 10, out), TD_ERR_ARG, "td_hmac(SHAKE)");
    TU_EQ_INT(td_hash_many(alg, 2, ptrs, lens, out), TD_ERR_ARG, "td_hash_many(SHAKE)");
    TU_EQ_INT(td_hash_many_fixed(alg, 2, pool, 10, out), TD_ERR_ARG, "td_hash_many_fixed(SHAKE)");
    TU_EQ_INT(td_pbkdf2_hmac(alg, pool, 8, pool, 8, 2, out, 16), TD_ERR_ARG,
              "td_pbkdf2_hmac(SHAKE)");
    TU_EQ_INT(td_hkdf(alg, pool, 8, pool, 8, pool, 8, out, 16), TD_ERR_ARG, "td_hkdf(SHAKE)");
    uint8_t ab[sizeof out];
    memset(ab, 0xab, sizeof ab);
    TU_EQ_MEM(out, ab, sizeof out, "a refused call wrote its output");
    TU_EQ_INT(td_digest_size(alg), 0, "td_digest_size(SHAKE)");
    tu.alg_set = 0;
}

// ------------------------------------------------------------------ main

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--child-env") == 0) {
            tu_init(argc, argv, "test_api child");
            tu.no_flagship = 1;
            tu_rand_fill(pool, sizeof pool);
            const char *out = getenv("TD_TEST_CPU_OUT");
            FILE *f = out ? fopen(out, "w") : NULL;
            if (f) {
                fputs(td_cpu_features(), f);
                fclose(f);
            }
            return child_main(getenv("TD_TEST_WANT_CPU"));
        }
    // The defaults are under test: the variable is tested in children only.
#ifdef HAVE_FORK
    unsetenv("TURBODIGEST_BACKEND");
#endif
    tu_init(argc, argv, "test_api");
    tu_rand_fill(pool, sizeof pool);

    test_ref_vectors();
    test_sizes_names();
    test_alg_from_name();
    test_strerror();
    test_backends();
    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        td_alg alg = tu_all_algs[a];
        const char *be;
        TU_FOR_EACH_BACKEND(alg, TD_SINGLE, be) {
            test_ctx_misuse(alg);
            test_final_wipes(alg);
            test_hmac(alg, 40);
            test_hmac_misuse(alg);
            test_hkdf(alg, 10);
        }
        TU_FOR_EACH_BACKEND(alg, TD_MULTI, be) {
            test_many_api(alg);
            test_many_values(alg);
            test_fixed_api(alg);
            test_fixed_values(alg);
        }
    }
    for (size_t x = 0; x < 2; x++) {
        const char *be;
        TU_FOR_EACH_BACKEND(tu_xofs[x], TD_SINGLE, be)
            test_xof_api(tu_xofs[x]);
    }
    test_length_limit();
    test_equal();
    test_env(argv[0]);
    test_cpu_env();
    return tu_finish();
}
