/* SPDX-License-Identifier: Apache-2.0
 * Known-answer tests: the NIST CAVP SHAVS ShortMsg, LongMsg and Monte files,
 * the SHA3VS files of SHA-3 and SHAKE (ShortMsg, LongMsg, Monte,
 * VariableOut) and the RFC 1321 suite, parsed at run time from tests/vectors.
 * Every vector runs on every backend of its algorithm, pinned in turn,
 * through td_hash, streaming (one update, then byte by byte or in odd
 * chunks), the typed one-shot (td_hash for SHA-3, which has none), and
 * td_hash_many on each many-message backend. SHAKE vectors run through
 * td_shake and through td_xof_* with random absorb and squeeze splits.
 *
 * usage: test_kat VECTORS_DIR [SEED]   (TD_TEST_SHORT=1: the first 10 rounds
 *                                      of SHA3VS's Monte Carlo files)
 */
#include "testutil.h"
#include "vector_lines.h"

// KAT_MONTE: SHAVS 6.4's loop (MDi = SHA(MDi-3 || MDi-2 || MDi-1));
// KAT_MONTE3: SHA3VS's (MDi = SHA3(MDi-1)); the SHAKE files are read by
// their own parser (xof_* below).
typedef enum kat_kind { KAT_MSG, KAT_MONTE, KAT_MONTE3 } kat_kind;

typedef struct kat_file {
    td_alg      alg;
    const char *path;   // under the vectors directory
    kat_kind    kind;
} kat_file;

static const kat_file kat_files[] = {
    { TD_MD5,        "md5/rfc-1321.txt",              KAT_MSG },
    { TD_SHA1,       "sha1/SHA1ShortMsg.rsp",         KAT_MSG },
    { TD_SHA1,       "sha1/SHA1LongMsg.rsp",          KAT_MSG },
    { TD_SHA1,       "sha1/SHA1Monte.rsp",            KAT_MONTE },
    { TD_SHA224,     "sha2/SHA224ShortMsg.rsp",       KAT_MSG },
    { TD_SHA224,     "sha2/SHA224LongMsg.rsp",        KAT_MSG },
    { TD_SHA224,     "sha2/SHA224Monte.rsp",          KAT_MONTE },
    { TD_SHA256,     "sha2/SHA256ShortMsg.rsp",       KAT_MSG },
    { TD_SHA256,     "sha2/SHA256LongMsg.rsp",        KAT_MSG },
    { TD_SHA256,     "sha2/SHA256Monte.rsp",          KAT_MONTE },
    { TD_SHA384,     "sha2/SHA384ShortMsg.rsp",       KAT_MSG },
    { TD_SHA384,     "sha2/SHA384LongMsg.rsp",        KAT_MSG },
    { TD_SHA384,     "sha2/SHA384Monte.rsp",          KAT_MONTE },
    { TD_SHA512,     "sha2/SHA512ShortMsg.rsp",       KAT_MSG },
    { TD_SHA512,     "sha2/SHA512LongMsg.rsp",        KAT_MSG },
    { TD_SHA512,     "sha2/SHA512Monte.rsp",          KAT_MONTE },
    { TD_SHA512_224, "sha2/SHA512_224ShortMsg.rsp",   KAT_MSG },
    { TD_SHA512_224, "sha2/SHA512_224LongMsg.rsp",    KAT_MSG },
    { TD_SHA512_224, "sha2/SHA512_224Monte.rsp",      KAT_MONTE },
    { TD_SHA512_256, "sha2/SHA512_256ShortMsg.rsp",   KAT_MSG },
    { TD_SHA512_256, "sha2/SHA512_256LongMsg.rsp",    KAT_MSG },
    { TD_SHA512_256, "sha2/SHA512_256Monte.rsp",      KAT_MONTE },
    { TD_SHA3_224,   "sha3/SHA3_224ShortMsg.rsp",     KAT_MSG },
    { TD_SHA3_224,   "sha3/SHA3_224LongMsg.rsp",      KAT_MSG },
    { TD_SHA3_224,   "sha3/SHA3_224Monte.rsp",        KAT_MONTE3 },
    { TD_SHA3_256,   "sha3/SHA3_256ShortMsg.rsp",     KAT_MSG },
    { TD_SHA3_256,   "sha3/SHA3_256LongMsg.rsp",      KAT_MSG },
    { TD_SHA3_256,   "sha3/SHA3_256Monte.rsp",        KAT_MONTE3 },
    { TD_SHA3_384,   "sha3/SHA3_384ShortMsg.rsp",     KAT_MSG },
    { TD_SHA3_384,   "sha3/SHA3_384LongMsg.rsp",      KAT_MSG },
    { TD_SHA3_384,   "sha3/SHA3_384Monte.rsp",        KAT_MONTE3 },
    { TD_SHA3_512,   "sha3/SHA3_512ShortMsg.rsp",     KAT_MSG },
    { TD_SHA3_512,   "sha3/SHA3_512LongMsg.rsp",      KAT_MSG },
    { TD_SHA3_512,   "sha3/SHA3_512Monte.rsp",        KAT_MONTE3 },
};

// SHAVS 6.4: every Monte file gives the digest after each of 100 outer rounds.
enum { MONTE_ROUNDS = 100, MONTE_INNER = 1000 };

// The rounds of SHA3VS's Monte Carlo files run (TD_TEST_SHORT: 10).
static size_t sha3_monte_rounds = MONTE_ROUNDS;

typedef struct kat_vec {
    size_t   len;
    uint8_t *msg;     // NULL when len is 0
    uint8_t  md[TD_MAX_DIGEST_SIZE];
} kat_vec;

typedef struct kat_set {
    kat_vec *v;
    size_t   n, cap;
    uint8_t  seed[TD_MAX_DIGEST_SIZE];
    size_t   seed_len;
    uint8_t (*monte)[TD_MAX_DIGEST_SIZE];
    size_t   nmonte;
} kat_set;

static void set_free(kat_set *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i].msg);
    free(s->v);
    free(s->monte);
    memset(s, 0, sizeof *s);
}

// Parses one file into s. Returns 0 and reports a failure on any line it does
// not understand: a parser that skips what it cannot read would pass quietly.
static int parse_file(const char *path, const kat_file *kf, kat_set *s)
{
    vl_reader r;
    size_t dsize = td_digest_size(kf->alg);
    int ok = 1;
    int have_len = 0, have_msg = 0;
    unsigned long long len_bits = 0;
    uint8_t *msg = NULL;
    size_t msg_len = 0;
    long expect_count = -1;
    char *key, *val;

    memset(s, 0, sizeof s[0]);
    if (!vl_open(&r, path))
        return 0;
    s->monte = calloc(MONTE_ROUNDS * 2, sizeof s->monte[0]);
    if (!s->monte) {
        vl_close(&r);
        return 0;
    }
    while (ok && vl_next(&r, &key, &val)) {
        const long lineno = r.lineno;
        if (*key == '[') {
            // SHAVS gives the digest size in bytes, SHA3VS in bits.
            unsigned long l = 0;
            ok = TU_CHECK(sscanf(key, "[L = %lu]", &l) == 1
                              && l == (tu_is_sha3(kf->alg) ? 8 * dsize : dsize),
                          "%s:%ld: bad header \"%s\"", path, lineno, key);
            continue;
        }
        if (!TU_CHECK(val != NULL, "%s:%ld: unparsed line \"%.40s\"", path, lineno, key)) {
            ok = 0;
            break;
        }
        size_t vlen = strlen(val);
        if (strcmp(key, "Len") == 0 && kf->kind == KAT_MSG) {
            char *end = NULL;
            len_bits = strtoull(val, &end, 10);
            ok = TU_CHECK(*val && end && *end == '\0' && len_bits % 8 == 0,
                          "%s:%ld: bad Len \"%s\" (byte-oriented files only)", path, lineno, val);
            have_len = 1;
            have_msg = 0;
        } else if (strcmp(key, "Msg") == 0 && kf->kind == KAT_MSG) {
            ok = TU_CHECK(have_len, "%s:%ld: Msg without Len", path, lineno);
            if (!ok)
                break;
            msg_len = (size_t)(len_bits / 8);
            if (msg_len == 0) {
                ok = TU_CHECK(strcmp(val, "00") == 0, "%s:%ld: Len = 0 wants Msg = 00", path, lineno);
                msg = NULL;
            } else {
                ok = TU_CHECK(vlen == 2 * msg_len, "%s:%ld: Msg has %zu hex digits, Len says %zu",
                              path, lineno, vlen, 2 * msg_len);
                if (!ok)
                    break;
                msg = malloc(msg_len);
                if (!msg || tu_hex_decode(val, vlen, msg) < 0) {
                    ok = TU_CHECK(0, "%s:%ld: bad Msg hex", path, lineno);
                    free(msg);
                    msg = NULL;
                    break;
                }
            }
            have_msg = 1;
        } else if (strcmp(key, "Seed") == 0 && kf->kind != KAT_MSG) {
            ok = TU_CHECK(vlen == 2 * dsize && s->seed_len == 0
                              && tu_hex_decode(val, vlen, s->seed) == (long)dsize,
                          "%s:%ld: Seed must be one digest long (%zu bytes), once", path, lineno, dsize);
            s->seed_len = vlen / 2;
        } else if (strcmp(key, "COUNT") == 0 && kf->kind != KAT_MSG) {
            char *end = NULL;
            expect_count = strtol(val, &end, 10);
            ok = TU_CHECK(*val && end && *end == '\0' && expect_count == (long)s->nmonte
                              && s->nmonte < MONTE_ROUNDS * 2,
                          "%s:%ld: COUNT %s out of sequence", path, lineno, val);
        } else if (strcmp(key, "MD") == 0) {
            uint8_t md[TD_MAX_DIGEST_SIZE];
            ok = TU_CHECK(vlen == 2 * dsize && tu_hex_decode(val, vlen, md) == (long)dsize,
                          "%s:%ld: MD must be %zu hex digits", path, lineno, 2 * dsize);
            if (!ok)
                break;
            if (kf->kind == KAT_MSG) {
                ok = TU_CHECK(have_len && have_msg, "%s:%ld: MD without Len and Msg", path, lineno);
                if (!ok)
                    break;
                if (s->n == s->cap) {
                    size_t ncap = s->cap ? 2 * s->cap : 64;
                    kat_vec *nv = realloc(s->v, ncap * sizeof *nv);
                    if (!nv) {
                        ok = 0;
                        break;
                    }
                    s->v = nv;
                    s->cap = ncap;
                }
                s->v[s->n].len = msg_len;
                s->v[s->n].msg = msg;
                memcpy(s->v[s->n].md, md, dsize);
                s->n++;
                msg = NULL;
                have_len = have_msg = 0;
            } else {
                ok = TU_CHECK(s->seed_len == dsize && expect_count == (long)s->nmonte,
                              "%s:%ld: MD without Seed and COUNT", path, lineno);
                if (!ok)
                    break;
                memcpy(s->monte[s->nmonte++], md, dsize);
                expect_count = -1;
            }
        } else {
            ok = TU_CHECK(0, "%s:%ld: unexpected key \"%s\"", path, lineno, key);
        }
    }
    free(msg);
    vl_close(&r);
    if (ok && kf->kind == KAT_MSG)
        ok = TU_CHECK(!have_len, "%s: vector without MD at the end", path);
    if (ok && kf->kind != KAT_MSG)
        ok = TU_CHECK(s->nmonte == MONTE_ROUNDS, "%s: %zu Monte rounds, want %d", path,
                      s->nmonte, MONTE_ROUNDS);
    // A file that yields nothing is a failure, whatever the reason.
    size_t found = kf->kind == KAT_MSG ? s->n : s->nmonte;
    TU_CHECK(found > 0, "%s: no vectors found", path);
    return ok && found > 0;
}

// ------------------------------------------------------------------ messages

static void check_msg_single(td_alg alg, const kat_vec *v, const char *what)
{
    size_t d = td_digest_size(alg), b = td_block_size(alg);
    uint8_t out[TD_MAX_DIGEST_SIZE];
    td_ctx ctx;

    tu_set_len(v->len);
    memset(out, 0xEE, sizeof out);
    if (TU_OK(td_hash(alg, v->msg, v->len, out), "td_hash"))
        TU_EQ_MEM(out, v->md, d, what);

    memset(out, 0xEE, sizeof out);
    tu_typed(alg)(v->msg, v->len, out);
    TU_EQ_MEM(out, v->md, d, "typed one-shot");

    memset(out, 0xEE, sizeof out);
    TU_OK(td_init(&ctx, alg), "td_init");
    TU_OK(td_update(&ctx, v->msg, v->len), "td_update");
    if (TU_OK(td_final(&ctx, out), "td_final"))
        TU_EQ_MEM(out, v->md, d, "streaming, one update");

    // Byte by byte for short messages; chunks of 1 .. 3 blocks + 1 otherwise,
    // so that every buffer fill level is crossed.
    memset(out, 0xEE, sizeof out);
    TU_OK(td_init(&ctx, alg), "td_init");
    size_t pos = 0, step = 1;
    int rc = TD_OK;
    while (pos < v->len && rc == TD_OK) {
        size_t n = v->len <= 1024 ? 1 : step;
        if (n > v->len - pos)
            n = v->len - pos;
        rc = td_update(&ctx, v->msg + pos, n);
        pos += n;
        step = step % (3 * b + 1) + 7;
    }
    TU_OK(rc, "td_update in pieces");
    if (TU_OK(td_final(&ctx, out), "td_final"))
        TU_EQ_MEM(out, v->md, d, v->len <= 1024 ? "streaming, byte by byte" : "streaming, chunks");
    tu_clear_len();
}

// All vectors of a file in one td_hash_many call, then in groups of varied
// sizes so that each lane count sees full and partial batches.
static void check_msgs_many(td_alg alg, const kat_set *s)
{
    static const size_t groups[] = { 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 32 };
    size_t d = td_digest_size(alg);
    const void **ptrs = malloc((s->n + 1) * sizeof *ptrs);
    size_t *lens = malloc((s->n + 1) * sizeof *lens);
    uint8_t *out = malloc((s->n + 1) * d);
    if (!ptrs || !lens || !out) {
        TU_CHECK(0, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < s->n; i++) {
        ptrs[i] = s->v[i].msg;
        lens[i] = s->v[i].len;
    }
    memset(out, 0xEE, s->n * d);
    if (TU_OK(td_hash_many(alg, s->n, ptrs, lens, out), "td_hash_many, whole file"))
        for (size_t i = 0; i < s->n; i++) {
            tu_set_len(s->v[i].len);
            TU_EQ_MEM(out + i * d, s->v[i].md, d, "td_hash_many, whole file");
        }
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        for (size_t start = 0; start < s->n; start += groups[g]) {
            size_t n = groups[g] < s->n - start ? groups[g] : s->n - start;
            memset(out, 0xEE, n * d);
            if (!TU_OK(td_hash_many(alg, n, ptrs + start, lens + start, out), "td_hash_many, group"))
                continue;
            for (size_t i = 0; i < n; i++) {
                tu_set_len(s->v[start + i].len);
                TU_EQ_MEM(out + i * d, s->v[start + i].md, d, "td_hash_many, group");
            }
        }
    }
done:
    tu_clear_len();
    free(ptrs);
    free(lens);
    free(out);
}

// Each vector through td_hash_many_fixed: alone, and as copies laid end to
// end (3, and 9 and 16, where lanes backends take the shared last block by
// its precomputed schedule); every digest must be the vector's. LongMsg
// vectors only alone: their copies would take too long under emulation.
static void check_msgs_fixed(td_alg alg, const kat_set *s)
{
    static const size_t copies[] = { 1, 3, 9, 16 };
    const size_t d = td_digest_size(alg);
    uint8_t out[16 * TD_MAX_DIGEST_SIZE];
    for (size_t i = 0; i < s->n; i++) {
        const kat_vec *v = &s->v[i];
        tu_set_len(v->len);
        for (size_t c = 0; c < sizeof copies / sizeof copies[0]; c++) {
            const size_t n = copies[c];
            if (n > 1 && v->len > 1024)
                break;
            uint8_t *buf = n == 1 ? NULL : malloc(n * v->len + 1);
            if (n > 1 && buf == NULL) {
                TU_CHECK(0, "out of memory");
                break;
            }
            for (size_t k = 0; buf != NULL && v->len != 0 && k < n; k++)
                memcpy(buf + k * v->len, v->msg, v->len);
            memset(out, 0xEE, sizeof out);
            if (TU_OK(td_hash_many_fixed(alg, n, n == 1 ? v->msg : buf, v->len, out),
                      "td_hash_many_fixed"))
                for (size_t k = 0; k < n; k++)
                    if (!TU_EQ_MEM(out + k * d, v->md, d, "td_hash_many_fixed"))
                        fprintf(stderr, "  copy %zu of %zu\n", k, n);
            free(buf);
        }
    }
    tu_clear_len();
}

// ------------------------------------------------------------------ Monte

// One SHAVS 6.4 inner step on m = MD[i-3] || MD[i-2] || MD[i-1]: hashes it
// by the given method and shifts the new digest in.
static int monte_step(td_alg alg, uint8_t *m, size_t d, int method)
{
    uint8_t md[TD_MAX_DIGEST_SIZE];
    int rc = TD_OK;
    td_ctx ctx;
    const void *p = m;
    size_t len3 = 3 * d;

    switch (method) {
    case 0:
        rc = td_hash(alg, m, len3, md);
        break;
    case 1:
        tu_typed(alg)(m, len3, md);
        break;
    case 2:
        rc = td_init(&ctx, alg);
        for (int k = 0; k < 3 && rc == TD_OK; k++)
            rc = td_update(&ctx, m + (size_t)k * d, d);
        if (rc == TD_OK)
            rc = td_final(&ctx, md);
        break;
    default:
        rc = td_hash_many(alg, 1, &p, &len3, md);
        break;
    }
    memmove(m, m + d, 2 * d);
    memcpy(m + 2 * d, md, d);
    return rc;
}

// Runs rounds outer rounds of the Monte Carlo test. method < 0 rotates
// through td_hash, typed and streaming by round.
static void check_monte(td_alg alg, const kat_set *s, size_t rounds, int method)
{
    size_t d = td_digest_size(alg);
    uint8_t seed[TD_MAX_DIGEST_SIZE], m[3 * TD_MAX_DIGEST_SIZE];
    memcpy(seed, s->seed, d);
    tu_set_len(3 * d);
    for (size_t j = 0; j < rounds && j < s->nmonte; j++) {
        int how = method >= 0 ? method : (int)(j % 3);
        int rc = TD_OK;
        for (int k = 0; k < 3; k++)
            memcpy(m + (size_t)k * d, seed, d);   // MD0 = MD1 = MD2 = Seed
        for (int i = 3; i < MONTE_INNER + 3 && rc == TD_OK; i++)
            rc = monte_step(alg, m, d, how);     // MDi = SHA(MDi-3 || MDi-2 || MDi-1)
        TU_OK(rc, "Monte hash call");
        memcpy(seed, m + 2 * d, d);              // MDj = Seed = MD1002
        static const char *const names[] = { "Monte via td_hash", "Monte via typed one-shot",
                                             "Monte via streaming", "Monte via td_hash_many" };
        if (!TU_EQ_MEM(seed, s->monte[j], d, names[how]))
            break; // every later round would fail too
    }
    tu_clear_len();
}

// SHA3VS's Monte Carlo test (its section 6.2.3; the files' loop): MD0 =
// Seed; MDi = SHA3(MDi-1) for i = 1 .. 1000; MD1000 is checkpoint j and the
// next round's MD0. method: 0 td_hash, 1 streaming in random pieces, 2
// td_hash_many with n = 1, 3 td_hash_many_fixed with n = 1; < 0 rotates
// through 0 and 1 by round.
static void check_monte3(td_alg alg, const kat_set *s, size_t rounds, int method)
{
    static const char *const names[] = { "SHA-3 Monte via td_hash", "SHA-3 Monte via streaming",
                                         "SHA-3 Monte via td_hash_many",
                                         "SHA-3 Monte via td_hash_many_fixed" };
    const size_t d = td_digest_size(alg);
    uint8_t md[TD_MAX_DIGEST_SIZE], next[TD_MAX_DIGEST_SIZE];
    memcpy(md, s->seed, d);
    tu_set_len(d);
    for (size_t j = 0; j < rounds && j < s->nmonte; j++) {
        const int how = method >= 0 ? method : (int)(j % 2);
        int rc = TD_OK;
        for (int i = 1; i <= MONTE_INNER && rc == TD_OK; i++) {
            const void *p = md;
            size_t len = d;
            td_ctx ctx;
            switch (how) {
            case 0:
                rc = td_hash(alg, md, d, next);
                break;
            case 1: {
                size_t cut = tu_rand_below(d + 1);
                rc = td_init(&ctx, alg);
                if (rc == TD_OK) rc = td_update(&ctx, md, cut);
                if (rc == TD_OK) rc = td_update(&ctx, md + cut, d - cut);
                if (rc == TD_OK) rc = td_final(&ctx, next);
                break;
            }
            case 2:
                rc = td_hash_many(alg, 1, &p, &len, next);
                break;
            default:
                rc = td_hash_many_fixed(alg, 1, md, d, next);
                break;
            }
            memcpy(md, next, d);
        }
        TU_OK(rc, "SHA-3 Monte hash call");
        if (!TU_EQ_MEM(md, s->monte[j], d, names[how]))
            break; // every later round would fail too
    }
    tu_clear_len();
}

// ------------------------------------------------------------------ SHAKE

typedef enum xof_kind { XOF_MSG, XOF_VAROUT, XOF_MONTE } xof_kind;

typedef struct xof_file {
    td_alg      alg;
    const char *path;
    xof_kind    kind;
} xof_file;

static const xof_file xof_files[] = {
    { TD_SHAKE128, "shake/SHAKE128ShortMsg.rsp",    XOF_MSG },
    { TD_SHAKE128, "shake/SHAKE128LongMsg.rsp",     XOF_MSG },
    { TD_SHAKE128, "shake/SHAKE128VariableOut.rsp", XOF_VAROUT },
    { TD_SHAKE128, "shake/SHAKE128Monte.rsp",       XOF_MONTE },
    { TD_SHAKE256, "shake/SHAKE256ShortMsg.rsp",    XOF_MSG },
    { TD_SHAKE256, "shake/SHAKE256LongMsg.rsp",     XOF_MSG },
    { TD_SHAKE256, "shake/SHAKE256VariableOut.rsp", XOF_VAROUT },
    { TD_SHAKE256, "shake/SHAKE256Monte.rsp",       XOF_MONTE },
};

typedef struct xof_vec {
    size_t   len, out_len;     // bytes
    uint8_t *msg, *out;        // msg NULL when len is 0
} xof_vec;

typedef struct xof_set {
    xof_vec *v;                // messages, or the Monte checkpoints (msg NULL)
    size_t   n, cap;
    uint8_t  seed[16];         // Monte: the first message, 128 bits
    int      have_seed;
    unsigned long min_bits, max_bits; // Monte and VariableOut: output length range
} xof_set;

static void xof_set_free(xof_set *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->v[i].msg);
        free(s->v[i].out);
    }
    free(s->v);
    memset(s, 0, sizeof *s);
}

// A whole number of bits as bytes: 0 (after a failure) unless a multiple of 8.
static int xof_bits(const char *path, long lineno, const char *val, unsigned long *bytes)
{
    char *end = NULL;
    unsigned long long bits = strtoull(val, &end, 10);
    if (!TU_CHECK(*val && end && *end == '\0' && bits % 8 == 0 && bits / 8 < (1u << 24),
                  "%s:%ld: bad bit length \"%s\" (byte-oriented files only)", path, lineno, val))
        return 0;
    *bytes = (unsigned long)(bits / 8);
    return 1;
}

// Hex of exactly n bytes into a new buffer (NULL for n = 0 and "00" when
// zero_is_00); 0 after a failure.
static int xof_hex(const char *path, long lineno, const char *what, const char *val, size_t n,
                   int zero_is_00, uint8_t **out)
{
    size_t vlen = strlen(val);
    *out = NULL;
    if (n == 0 && zero_is_00)
        return TU_CHECK(strcmp(val, "00") == 0, "%s:%ld: %s of length 0 wants 00", path, lineno,
                        what);
    if (!TU_CHECK(vlen == 2 * n, "%s:%ld: %s has %zu hex digits, want %zu", path, lineno, what,
                  vlen, 2 * n))
        return 0;
    *out = malloc(n ? n : 1);
    if (!*out || tu_hex_decode(val, vlen, *out) != (long)n) {
        free(*out);
        *out = NULL;
        return TU_CHECK(0, "%s:%ld: bad %s hex", path, lineno, what);
    }
    return 1;
}

// Parses a SHAKE file as strictly as parse_file: every line known or a
// failure. ShortMsg/LongMsg: "[Outputlen = N]", then Len, Msg, Output.
// VariableOut: the range in headers, then COUNT, Outputlen, Msg, Output.
// Monte: the range in headers, Msg (the seed), then COUNT, Outputlen, Output.
static int xof_parse(const char *path, const xof_file *xf, xof_set *s)
{
    vl_reader r;
    int ok = 1, have_len = 0;
    unsigned long head_out = 0, out_len = 0, len = 0, input_len = 0;
    int have_head_out = 0, have_out_len = 0, have_input_len = 0;
    long count = -1;
    uint8_t *msg = NULL;
    int have_msg = 0;
    char *key, *val;

    memset(s, 0, sizeof *s);
    if (!vl_open(&r, path))
        return 0;
    while (ok && vl_next(&r, &key, &val)) {
        const long lineno = r.lineno;
        if (*key == '[') {
            unsigned long v = 0;
            if (xf->kind == XOF_MSG && sscanf(key, "[Outputlen = %lu]", &v) == 1 && v % 8 == 0) {
                head_out = v / 8;
                have_head_out = 1;
            } else if (xf->kind != XOF_MSG
                       && sscanf(key, "[Minimum Output Length (bits) = %lu]", &v) == 1) {
                s->min_bits = v;
            } else if (xf->kind != XOF_MSG
                       && sscanf(key, "[Maximum Output Length (bits) = %lu]", &v) == 1) {
                s->max_bits = v;
            } else if (xf->kind == XOF_VAROUT
                       && sscanf(key, "[Input Length = %lu]", &v) == 1 && v % 8 == 0) {
                input_len = v / 8;
                have_input_len = 1;
            } else if (xf->kind == XOF_VAROUT
                       && strcmp(key, "[Tested for Output of byte-oriented messages]") == 0) {
            } else {
                ok = TU_CHECK(0, "%s:%ld: bad header \"%s\"", path, lineno, key);
            }
            continue;
        }
        if (!TU_CHECK(val != NULL, "%s:%ld: unparsed line \"%.40s\"", path, lineno, key)) {
            ok = 0;
            break;
        }
        if (strcmp(key, "Len") == 0 && xf->kind == XOF_MSG) {
            ok = xof_bits(path, lineno, val, &len);
            have_len = 1;
        } else if (strcmp(key, "COUNT") == 0 && xf->kind != XOF_MSG) {
            char *end = NULL;
            count = strtol(val, &end, 10);
            ok = TU_CHECK(*val && end && *end == '\0' && count == (long)s->n,
                          "%s:%ld: COUNT %s out of sequence", path, lineno, val);
            have_out_len = 0;
        } else if (strcmp(key, "Outputlen") == 0 && xf->kind != XOF_MSG) {
            ok = TU_CHECK(count == (long)s->n, "%s:%ld: Outputlen without COUNT", path, lineno)
                 && xof_bits(path, lineno, val, &out_len)
                 && TU_CHECK(out_len * 8 >= s->min_bits && out_len * 8 <= s->max_bits,
                             "%s:%ld: Outputlen outside the file's range", path, lineno);
            have_out_len = 1;
        } else if (strcmp(key, "Msg") == 0 && xf->kind == XOF_MONTE) {
            ok = TU_CHECK(!s->have_seed && s->n == 0, "%s:%ld: a second seed", path, lineno);
            uint8_t *seed = NULL;
            ok = ok && xof_hex(path, lineno, "Msg", val, sizeof s->seed, 0, &seed);
            if (ok)
                memcpy(s->seed, seed, sizeof s->seed);
            free(seed);
            s->have_seed = ok;
        } else if (strcmp(key, "Msg") == 0) {
            free(msg);
            if (xf->kind == XOF_MSG)
                ok = TU_CHECK(have_len, "%s:%ld: Msg without Len", path, lineno)
                     && xof_hex(path, lineno, "Msg", val, len, 1, &msg);
            else
                ok = TU_CHECK(have_input_len && have_out_len,
                              "%s:%ld: Msg without Input Length and Outputlen", path, lineno)
                     && xof_hex(path, lineno, "Msg", val, len = input_len, 0, &msg);
            have_msg = ok;
        } else if (strcmp(key, "Output") == 0) {
            size_t n = xf->kind == XOF_MSG ? head_out : out_len;
            uint8_t *out = NULL;
            if (xf->kind == XOF_MSG)
                ok = TU_CHECK(have_head_out && have_len && have_msg,
                              "%s:%ld: Output without Outputlen, Len and Msg", path, lineno);
            else if (xf->kind == XOF_VAROUT)
                ok = TU_CHECK(have_out_len && have_msg, "%s:%ld: Output without Outputlen and Msg",
                              path, lineno);
            else
                ok = TU_CHECK(have_out_len && s->have_seed,
                              "%s:%ld: Output without Outputlen and the seed", path, lineno);
            ok = ok && TU_CHECK(n > 0, "%s:%ld: an empty Output", path, lineno)
                 && xof_hex(path, lineno, "Output", val, n, 0, &out);
            if (ok && s->n == s->cap) {
                size_t ncap = s->cap ? 2 * s->cap : 64;
                xof_vec *nv = realloc(s->v, ncap * sizeof *nv);
                ok = TU_CHECK(nv != NULL, "out of memory");
                if (ok) {
                    s->v = nv;
                    s->cap = ncap;
                }
            }
            if (!ok) {
                free(out);
                break;
            }
            s->v[s->n].len = xf->kind == XOF_MONTE ? 0 : len;
            s->v[s->n].msg = xf->kind == XOF_MONTE ? NULL : msg;
            s->v[s->n].out = out;
            s->v[s->n].out_len = n;
            s->n++;
            msg = NULL;
            have_msg = have_len = have_out_len = 0;
        } else {
            ok = TU_CHECK(0, "%s:%ld: unexpected key \"%s\"", path, lineno, key);
        }
    }
    free(msg);
    vl_close(&r);
    if (ok)
        ok = TU_CHECK(!have_len && !have_msg, "%s: vector without Output at the end", path);
    if (ok && xf->kind != XOF_MSG)
        ok = TU_CHECK(s->min_bits > 0 && s->min_bits <= s->max_bits,
                      "%s: no output length range", path);
    if (ok && xf->kind == XOF_MONTE)
        ok = TU_CHECK(s->n == MONTE_ROUNDS && s->have_seed, "%s: %zu Monte rounds, want %d",
                      path, s->n, MONTE_ROUNDS);
    TU_CHECK(s->n > 0, "%s: no vectors found", path);
    return ok && s->n > 0;
}

// out_len bytes of SHAKE of msg through td_xof_*: absorbed in random pieces
// (0 included; bytes one by one for short messages now and then), squeezed
// in random pieces (0 included, some longer than a block).
static int xof_split(td_alg alg, const uint8_t *msg, size_t len, uint8_t *out, size_t out_len)
{
    const size_t rate = td_block_size(alg);
    td_xof x;
    int rc = td_xof_init(&x, alg);
    const int bytewise = len <= 300 && tu_rand_below(4) == 0;
    for (size_t pos = 0; pos < len && rc == TD_OK;) {
        size_t n = bytewise ? 1 : tu_rand_below(3 * rate + 2);
        if (n > len - pos)
            n = len - pos;
        rc = td_xof_absorb(&x, msg + pos, n);
        pos += n;
    }
    if (rc == TD_OK && tu_rand_below(3) == 0)
        rc = td_xof_absorb(&x, NULL, 0);
    for (size_t pos = 0; pos < out_len && rc == TD_OK;) {
        size_t n = tu_rand_below(4) == 0 ? tu_rand_below(3) : tu_rand_below(rate + 34);
        if (n > out_len - pos)
            n = out_len - pos;
        rc = td_xof_squeeze(&x, out + pos, n);
        pos += n;
    }
    if (rc == TD_OK && tu_rand_below(3) == 0)
        rc = td_xof_squeeze(&x, out, 0);
    return rc;
}

static void check_xof_vec(td_alg alg, const xof_vec *v)
{
    uint8_t *out = malloc(v->out_len + 1);
    if (!TU_CHECK(out != NULL, "out of memory"))
        return;
    tu_set_len(v->len);
    memset(out, 0xEE, v->out_len);
    if (TU_OK(td_shake(alg, v->msg, v->len, out, v->out_len), "td_shake"))
        TU_EQ_MEM(out, v->out, v->out_len, "td_shake");
    memset(out, 0xEE, v->out_len);
    if (TU_OK(xof_split(alg, v->msg, v->len, out, v->out_len), "td_xof_* in pieces"))
        TU_EQ_MEM(out, v->out, v->out_len, "td_xof_* in random pieces");
    tu_clear_len();
    free(out);
}

// SHA3VS 6.3.3, the SHAKE Monte Carlo test in bytes: Output0 = the seed;
// Msg_i = the leftmost 128 bits of Output_i-1 (zeros after a shorter one);
// Output_i = SHAKE(Msg_i, OutputLen) with OutputLen the maximum at first,
// then minimum + (the rightmost 16 bits of Output_i mod the range's size)
// after each; Output_1000 is checkpoint j and the next round's Output0.
// method: 0 td_shake, 1 td_xof_* in random pieces, < 0 both by round.
static void check_xof_monte(td_alg alg, const xof_set *s, size_t rounds, int method)
{
    const size_t minb = s->min_bits / 8, maxb = s->max_bits / 8, range = maxb - minb + 1;
    size_t out_len = maxb, prev_len = sizeof s->seed;
    uint8_t *prev = malloc(maxb + 16), *out = malloc(maxb + 16);
    if (!TU_CHECK(prev && out && minb > 0, "out of memory or bad range")) {
        free(prev);
        free(out);
        return;
    }
    memcpy(prev, s->seed, sizeof s->seed);
    for (size_t j = 0; j < rounds && j < s->n; j++) {
        const int how = method >= 0 ? method : (int)(j % 2);
        int rc = TD_OK;
        for (int i = 1; i <= MONTE_INNER && rc == TD_OK; i++) {
            uint8_t msg[16] = { 0 };
            memcpy(msg, prev, prev_len < 16 ? prev_len : 16);
            tu_set_len(out_len);
            rc = how == 0 ? td_shake(alg, msg, sizeof msg, out, out_len)
                          : xof_split(alg, msg, sizeof msg, out, out_len);
            memcpy(prev, out, out_len);
            prev_len = out_len;
            const unsigned right16 = (unsigned)out[out_len - 2] << 8 | out[out_len - 1];
            out_len = minb + right16 % range;
        }
        TU_OK(rc, "SHAKE Monte call");
        TU_EQ_INT(prev_len, s->v[j].out_len, "SHAKE Monte checkpoint's Outputlen");
        if (prev_len != s->v[j].out_len ||
            !TU_EQ_MEM(prev, s->v[j].out, prev_len, how ? "SHAKE Monte via td_xof_*"
                                                         : "SHAKE Monte via td_shake"))
            break; // every later round would fail too
    }
    tu_clear_len();
    free(prev);
    free(out);
}

// Every SHAKE file on every single-path backend of its function, pinned.
static void run_xof_files(size_t *total_vectors, size_t *total_checked)
{
    for (size_t f = 0; f < sizeof xof_files / sizeof xof_files[0]; f++) {
        const xof_file *xf = &xof_files[f];
        char path[4096];
        xof_set s;
        const char *be;
        size_t runs = 0;

        snprintf(path, sizeof path, "%s/%s", tu.vectors, xf->path);
        tu_set_alg(xf->alg);
        if (!xof_parse(path, xf, &s)) {
            xof_set_free(&s);
            continue;
        }
        *total_vectors += s.n;
        TU_FOR_EACH_BACKEND(xf->alg, TD_SINGLE, be) {
            if (xf->kind == XOF_MONTE)
                check_xof_monte(xf->alg, &s, sha3_monte_rounds, -1);
            else
                for (size_t i = 0; i < s.n; i++)
                    check_xof_vec(xf->alg, &s.v[i]);
            runs++;
            *total_checked += s.n;
        }
        printf("test_kat: %-30s %4zu %s, %zu backend runs\n", xf->path, s.n,
               xf->kind == XOF_MONTE ? "Monte rounds" : "vectors", runs);
        xof_set_free(&s);
    }
}

// ------------------------------------------------------------------ main

int main(int argc, char **argv)
{
    size_t total_vectors = 0, total_checked = 0;

    tu_init(argc, argv, "test_kat");
    if (getenv("TD_TEST_SHORT") != NULL)
        sha3_monte_rounds = 10;
    if (!tu.vectors) {
        fprintf(stderr, "usage: %s VECTORS_DIR [SEED]\n", argv[0]);
        return 2;
    }
    for (size_t f = 0; f < sizeof kat_files / sizeof kat_files[0]; f++) {
        const kat_file *kf = &kat_files[f];
        char path[4096];
        kat_set s;
        const char *be;
        size_t runs = 0;

        snprintf(path, sizeof path, "%s/%s", tu.vectors, kf->path);
        tu_set_alg(kf->alg);
        if (!parse_file(path, kf, &s)) {
            set_free(&s);
            continue;
        }
        size_t nvec = kf->kind == KAT_MSG ? s.n : s.nmonte;
        total_vectors += nvec;

        TU_FOR_EACH_BACKEND(kf->alg, TD_SINGLE, be) {
            if (kf->kind == KAT_MSG) {
                for (size_t i = 0; i < s.n; i++)
                    check_msg_single(kf->alg, &s.v[i], "td_hash");
            } else if (kf->kind == KAT_MONTE3) {
                check_monte3(kf->alg, &s, sha3_monte_rounds, -1);
            } else {
                check_monte(kf->alg, &s, MONTE_ROUNDS, -1);
            }
            runs++;
            total_checked += nvec;
        }
        TU_FOR_EACH_BACKEND(kf->alg, TD_MULTI, be) {
            if (kf->kind == KAT_MSG) {
                check_msgs_many(kf->alg, &s);
                check_msgs_fixed(kf->alg, &s);
            }
            else if (kf->kind == KAT_MONTE3) {
                check_monte3(kf->alg, &s, 10, 2); // chained n = 1 calls: the first 10 rounds
                check_monte3(kf->alg, &s, 10, 3);
            } else
                check_monte(kf->alg, &s, 10, 3); // chained n = 1 calls: the first 10 rounds
            runs++;
            total_checked += nvec;
        }
        printf("test_kat: %-30s %4zu %s, %zu backend runs\n", kf->path, nvec,
               kf->kind == KAT_MSG ? "vectors" : "Monte rounds", runs);
        set_free(&s);
    }
    run_xof_files(&total_vectors, &total_checked);
    TU_CHECK(total_vectors > 0, "no vectors at all");
    printf("test_kat: %zu vectors parsed, %zu vector-backend runs\n", total_vectors, total_checked);
    return tu_finish();
}
