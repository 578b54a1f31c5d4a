/* SPDX-License-Identifier: Apache-2.0
 * Many streams at once: td_update_many and td_final_many, td_hmac_update_many
 * and td_hmac_final_many, for every algorithm on every many-path backend
 * pinned in turn and on the automatic choice. Each context has a twin fed the
 * same bytes by td_update (td_hmac_update) and finished by td_final
 * (td_hmac_final); every digest is also compared with the reference of ref.h
 * (OpenSSL where the build has it, else the portable backend).
 *
 * The calls feed random subsets of 1 to 129 contexts in random order (rounds
 * of 64 streams and of 32 finals inside the library), with chunks of 0, 1,
 * block-1, block, block+1 bytes, a few blocks, up to 3 KiB and now and then
 * up to 40 KiB, cut at any offset from one pool, so pointers are unaligned,
 * overlap, and are shared between streams; a NULL pointer with length 0.
 * Between calls contexts are forked with td_copy, fed alone by td_update,
 * finished in part by td_final_many and started again, so that every call
 * meets contexts at mixed stages with partial blocks; half the runs start
 * with whole blocks alike into contexts holding none buffered (the way of
 * chunks of one size). Counters next to 2^64 bytes (a carry into the high
 * word) and next to the length limits are set in the contexts directly, as
 * test_api does.
 *
 * Errors: NULL arrays, NULL contexts, mixed algorithms, a context twice, one
 * never initialised or finished, NULL data with a length, lengths past the
 * limit; each also as the last of 100 streams, with the other contexts
 * holding partial blocks (or whole blocks only, fed whole blocks alike);
 * every context must be unchanged byte for byte and out untouched.
 *
 * usage: test_streams [VECTORS_DIR] [SEED]   (TD_TEST_SHORT=1: fewer rounds)
 */
#include "testutil.h"
#include "ref.h"

enum {
    MAX_STREAMS = 129,
    BIG_CHUNK = 40 * 1024,
    POOL_BYTES = BIG_CHUNK + 8 * 1024,
    MAX_KEY = 300,
    CANARY = 64,
};

static uint8_t *pool; // random bytes; every chunk is cut from it
static int      short_run;
static uint64_t bytes_fed, calls_made; // through the many calls, printed at the end

// ------------------------------------------------------------------ streams

// A stream's message so far, for the reference.
typedef struct message {
    uint8_t *p;
    size_t   len, cap;
} message;

static void msg_append(message *m, const void *data, size_t len)
{
    if (len == 0)
        return;
    if (m->len + len > m->cap) {
        size_t cap = m->cap ? m->cap : 4096;
        while (cap < m->len + len)
            cap *= 2;
        uint8_t *p = (uint8_t *)realloc(m->p, cap);
        if (p == NULL) {
            fprintf(stderr, "test_streams: out of memory\n");
            exit(2);
        }
        m->p = p;
        m->cap = cap;
    }
    memcpy(m->p + m->len, data, len);
    m->len += len;
}

static void msg_copy(message *dst, const message *src)
{
    dst->len = 0;
    msg_append(dst, src->p, src->len);
}

// n contexts under test and their twins, plain or HMAC.
typedef struct streams {
    td_alg      alg;
    int         hmac;
    size_t      n;
    td_ctx      ctx[MAX_STREAMS], twin[MAX_STREAMS];
    td_hmac_ctx hctx[MAX_STREAMS], htwin[MAX_STREAMS];
    uint8_t     key[MAX_STREAMS][MAX_KEY];
    size_t      key_len[MAX_STREAMS];
    message     msg[MAX_STREAMS];
    int         faked; // counters set by hand: no reference but the twins
} streams;

static streams S;

// A key length: empty, short, a block and around it, longer (hashed first).
static size_t pick_key_len(size_t b)
{
    switch (tu_rand_below(6)) {
    case 0:  return 0;
    case 1:  return tu_rand_range(1, 32);
    case 2:  return b;
    case 3:  return b + 1;
    case 4:  return b - 1;
    default: return tu_rand_range(0, MAX_KEY);
    }
}

// Starts stream i again: a fresh context and twin (a new key for HMAC).
static void start_stream(streams *s, size_t i)
{
    s->msg[i].len = 0;
    if (s->hmac) {
        s->key_len[i] = pick_key_len(td_block_size(s->alg));
        tu_rand_fill(s->key[i], s->key_len[i]);
        TU_OK(td_hmac_init(&s->hctx[i], s->alg, s->key[i], s->key_len[i]), "td_hmac_init");
        // A copy by assignment after init, as the header allows.
        s->htwin[i] = s->hctx[i];
    } else {
        TU_OK(td_init(&s->ctx[i], s->alg), "td_init");
        TU_OK(td_init(&s->twin[i], s->alg), "td_init");
    }
}

static void streams_begin(streams *s, td_alg alg, int hmac, size_t n)
{
    s->alg = alg;
    s->hmac = hmac;
    s->n = n;
    s->faked = 0;
    for (size_t i = 0; i < n; i++)
        start_stream(s, i);
}

// Feeds stream i's twin (and message) what its context was fed.
static void twin_update(streams *s, size_t i, const void *data, size_t len)
{
    int rc = s->hmac ? td_hmac_update(&s->htwin[i], data, len) : td_update(&s->twin[i], data, len);
    TU_OK(rc, "td_update of the twin");
    msg_append(&s->msg[i], data, len);
}

// Digest of stream i as it stands, from forks of the context and of its twin.
static void check_midway(streams *s, size_t i, const char *what)
{
    uint8_t got[TD_MAX_DIGEST_SIZE], want[TD_MAX_DIGEST_SIZE];
    const size_t d = td_digest_size(s->alg);
    int rc;
    if (s->hmac) {
        td_hmac_ctx a = s->hctx[i], b = s->htwin[i];
        rc = td_hmac_final(&a, got);
        if (rc == TD_OK)
            rc = td_hmac_final(&b, want);
    } else {
        td_ctx a, b;
        rc = td_copy(&a, &s->ctx[i]);
        if (rc == TD_OK) rc = td_copy(&b, &s->twin[i]);
        if (rc == TD_OK) rc = td_final(&a, got);
        if (rc == TD_OK) rc = td_final(&b, want);
    }
    tu_set_len(s->msg[i].len);
    if (TU_OK(rc, "a fork's final"))
        TU_EQ_MEM(got, want, d, what);
    // MD5's digest never shows the high word: the counts themselves.
    if (s->faked && !s->hmac) {
        TU_EQ_INT(s->ctx[i].td_bytes_lo, s->twin[i].td_bytes_lo, "low byte count vs td_update's");
        TU_EQ_INT(s->ctx[i].td_bytes_hi, s->twin[i].td_bytes_hi, "high byte count vs td_update's");
    }
    tu_clear_len();
}

// ------------------------------------------------------------------ chunks

// A chunk length: the block edges, a partial block, whole blocks and their
// neighbours, up to 3 KiB, and now and then a long one.
static size_t pick_chunk_len(size_t b)
{
    size_t r = tu_rand_below(100);
    if (r < 12) return 0;
    if (r < 19) return 1;
    if (r < 28) return b - 1;
    if (r < 37) return b;
    if (r < 45) return b + 1;
    if (r < 57) return tu_rand_range(2, b - 2);
    if (r < 67) return tu_rand_range(2, 9) * b - 1 + tu_rand_below(3);
    if (r < 98 || short_run) return tu_rand_below(3 * 1024 + 1);
    return tu_rand_range(4 * 1024, BIG_CHUNK);
}

// len bytes at a random offset of the pool (any alignment).
static const uint8_t *pick_chunk(size_t len) { return pool + tu_rand_below(POOL_BYTES - len + 1); }

// k distinct streams of n, in random order.
static void pick_subset(size_t n, size_t k, size_t *idx)
{
    size_t all[MAX_STREAMS];
    for (size_t i = 0; i < n; i++)
        all[i] = i;
    for (size_t i = 0; i < k; i++) {
        size_t j = i + tu_rand_below(n - i);
        size_t t = all[i];
        all[i] = all[j];
        all[j] = t;
        idx[i] = all[i];
    }
}

static size_t pick_count(size_t n)
{
    switch (tu_rand_below(5)) {
    case 0:  return n;
    case 1:  return tu_rand_range(1, n < 3 ? n : 3);
    case 2:  return (n + 1) / 2;
    default: return tu_rand_range(1, n);
    }
}

// ------------------------------------------------------------------ calls

// The lengths of a call's chunks.
typedef enum shape {
    SHAPE_RANDOM,   // each from pick_chunk_len
    SHAPE_ALIKE,    // one from pick_chunk_len for all: streams in lockstep
    SHAPE_WHOLE,    // one number of whole blocks for all (1, 2, or up to 40)
    SHAPE_ONE_LONG, // one long among short ones
} shape;

// One td_update_many (td_hmac_update_many) over k streams of s, idx giving
// which and in what order; the lengths as sh says.
static void update_call(streams *s, size_t k, const size_t *idx, shape sh)
{
    const size_t b = td_block_size(s->alg);
    td_ctx *ctxs[MAX_STREAMS];
    td_hmac_ctx *hctxs[MAX_STREAMS];
    const void *data[MAX_STREAMS];
    size_t lens[MAX_STREAMS];
    const size_t alike = sh == SHAPE_WHOLE ? b * (tu_rand_below(3) ? tu_rand_range(1, 2) : tu_rand_range(3, 40))
                                           : pick_chunk_len(b);
    for (size_t j = 0; j < k; j++) {
        ctxs[j] = &s->ctx[idx[j]];
        hctxs[j] = &s->hctx[idx[j]];
        if (sh == SHAPE_ALIKE || sh == SHAPE_WHOLE)
            lens[j] = alike;
        else if (sh == SHAPE_ONE_LONG)
            lens[j] = j == 0 ? tu_rand_range(8 * b, 12 * b) : tu_rand_below(b);
        else
            lens[j] = pick_chunk_len(b);
        if (j > 0 && tu_rand_below(5) == 0 && data[j - 1] != NULL
            && (const uint8_t *)data[j - 1] + lens[j] <= pool + POOL_BYTES)
            data[j] = data[j - 1]; // the same bytes as the stream before
        else
            data[j] = pick_chunk(lens[j]);
        if (lens[j] == 0 && tu_rand_below(2))
            data[j] = NULL;
    }
    tu_set_len(k);
    calls_made++;
    for (size_t j = 0; j < k; j++)
        bytes_fed += lens[j];
    int rc = s->hmac ? td_hmac_update_many(k, hctxs, data, lens) : td_update_many(k, ctxs, data, lens);
    TU_OK(rc, s->hmac ? "td_hmac_update_many" : "td_update_many");
    tu_clear_len();
    for (size_t j = 0; j < k; j++)
        twin_update(s, idx[j], data[j], lens[j]);
}

// The digests of k finished streams in out against their twins' and the
// reference's.
static void check_finals(streams *s, size_t k, const size_t *idx, const uint8_t *out, const char *what)
{
    const size_t d = td_digest_size(s->alg);
    uint8_t want[TD_MAX_DIGEST_SIZE], ref[TD_MAX_DIGEST_SIZE];
    for (size_t j = 0; j < k; j++) {
        const size_t i = idx[j];
        tu_set_len(s->msg[i].len);
        int rc = s->hmac ? td_hmac_final(&s->htwin[i], want) : td_final(&s->twin[i], want);
        if (!TU_OK(rc, "td_final of the twin"))
            continue;
        if (!TU_EQ_MEM(out + j * d, want, d, what) && tu.failures <= TU_MAX_PRINTED)
            fprintf(stderr, "  stream %zu, %zu of %zu in the call\n", i, j, k);
        if (s->faked)
            continue;
        if (s->hmac)
            ref_hmac(s->alg, s->key[i], s->key_len[i], s->msg[i].p, s->msg[i].len, ref);
        else
            ref_hash(s->alg, s->msg[i].p, s->msg[i].len, ref);
        TU_EQ_MEM(want, ref, d, "the twin's digest vs " REF_NAME);
    }
    tu_clear_len();
}

// Finished contexts hold nothing (wiped as td_final wipes) and refuse more.
static void check_wiped(streams *s, size_t k, const size_t *idx)
{
    static const uint8_t zero[sizeof(td_hmac_ctx)];
    for (size_t j = 0; j < k; j++) {
        const size_t i = idx[j];
        if (s->hmac) {
            TU_CHECK(memcmp(&s->hctx[i], zero, sizeof s->hctx[i]) == 0,
                     "td_hmac_final_many left stream %zu's context unwiped", i);
            TU_EQ_INT(td_hmac_update(&s->hctx[i], "x", 1), TD_ERR_STATE,
                      "td_hmac_update after td_hmac_final_many");
        } else {
            TU_CHECK(memcmp(&s->ctx[i], zero, sizeof s->ctx[i]) == 0,
                     "td_final_many left stream %zu's context unwiped", i);
            TU_EQ_INT(td_update(&s->ctx[i], "x", 1), TD_ERR_STATE, "td_update after td_final_many");
        }
    }
}

// One td_final_many (td_hmac_final_many) over k streams; out sits between
// canaries in a block of its own.
static void final_call(streams *s, size_t k, const size_t *idx)
{
    const size_t d = td_digest_size(s->alg);
    td_ctx *ctxs[MAX_STREAMS];
    td_hmac_ctx *hctxs[MAX_STREAMS];
    uint8_t *block = (uint8_t *)malloc(k * d + 2 * CANARY);
    if (block == NULL) {
        fprintf(stderr, "test_streams: out of memory\n");
        exit(2);
    }
    uint8_t *out = block + CANARY;
    memset(block, 0xEE, k * d + 2 * CANARY);
    for (size_t j = 0; j < k; j++) {
        ctxs[j] = &s->ctx[idx[j]];
        hctxs[j] = &s->hctx[idx[j]];
    }
    tu_set_len(k);
    int rc = s->hmac ? td_hmac_final_many(k, hctxs, out) : td_final_many(k, ctxs, out);
    TU_OK(rc, s->hmac ? "td_hmac_final_many" : "td_final_many");
    int canaries = 1;
    for (size_t i = 0; i < CANARY; i++)
        canaries &= block[i] == 0xEE && out[k * d + i] == 0xEE;
    TU_CHECK(canaries, "final of %zu streams wrote outside its digests", k);
    tu_clear_len();
    check_finals(s, k, idx, out, s->hmac ? "td_hmac_final_many vs td_hmac_final"
                                         : "td_final_many vs td_final");
    check_wiped(s, k, idx);
    free(block);
}

// Stream b becomes a fork of stream a (td_copy, or an HMAC context copied by
// assignment), twin and message alike.
static void fork_stream(streams *s, size_t a, size_t b)
{
    if (s->hmac) {
        s->hctx[b] = s->hctx[a];
        s->htwin[b] = s->htwin[a];
        memcpy(s->key[b], s->key[a], s->key_len[a]);
        s->key_len[b] = s->key_len[a];
    } else {
        TU_OK(td_copy(&s->ctx[b], &s->ctx[a]), "td_copy");
        TU_OK(td_copy(&s->twin[b], &s->twin[a]), "td_copy");
    }
    msg_copy(&s->msg[b], &s->msg[a]);
}

static void update_and_check(streams *s, size_t k, const size_t *idx, shape sh)
{
    update_call(s, k, idx, sh);
    for (size_t j = 0; j < k; j++)
        check_midway(s, idx[j], s->hmac ? "td_hmac_update_many vs td_hmac_update"
                                        : "td_update_many vs td_update");
}

// A run of random calls over the n streams of s, then every stream finished
// through td_final_many in random order (one call or two). Half the runs
// (and every one with counters set by hand) start with whole blocks alike
// while no context holds a partial block: all n streams, then subsets.
static void random_calls(streams *s, size_t steps)
{
    const size_t n = s->n, b = td_block_size(s->alg);
    size_t idx[MAX_STREAMS];
    if (s->faked || tu_rand_below(2)) {
        const size_t calls = tu_rand_range(1, 3);
        for (size_t c = 0; c < calls; c++) {
            const size_t k = c == 0 ? n : pick_count(n);
            pick_subset(n, k, idx);
            update_and_check(s, k, idx, SHAPE_WHOLE);
        }
    }
    for (size_t step = 0; step < steps; step++) {
        const size_t r = tu_rand_below(20);
        if (r == 0 && n >= 2) {
            pick_subset(n, 2, idx);
            fork_stream(s, idx[0], idx[1]);
        } else if (r == 1) {
            // One stream fed alone, by td_update.
            const size_t i = tu_rand_below(n), len = pick_chunk_len(b);
            const uint8_t *p = pick_chunk(len);
            int rc = s->hmac ? td_hmac_update(&s->hctx[i], p, len) : td_update(&s->ctx[i], p, len);
            TU_OK(rc, "td_update between the calls");
            twin_update(s, i, p, len);
        } else if (r == 2 && !s->faked) {
            // Some streams finished and started again.
            const size_t k = tu_rand_range(1, n);
            pick_subset(n, k, idx);
            final_call(s, k, idx);
            for (size_t j = 0; j < k; j++)
                start_stream(s, idx[j]);
        } else {
            static const shape shapes[8] = { SHAPE_ALIKE,  SHAPE_WHOLE,  SHAPE_ONE_LONG, SHAPE_RANDOM,
                                             SHAPE_RANDOM, SHAPE_RANDOM, SHAPE_RANDOM,   SHAPE_RANDOM };
            const size_t k = pick_count(n);
            pick_subset(n, k, idx);
            update_and_check(s, k, idx, shapes[tu_rand_below(8)]);
        }
    }
    pick_subset(n, n, idx);
    const size_t first = tu_rand_below(2) ? n : tu_rand_range(1, n);
    final_call(s, first, idx);
    if (first < n)
        final_call(s, n - first, idx + first);
}

// ------------------------------------------------------------------ counters

static int sha512_family(td_alg alg) { return td_block_size(alg) == 128; }
static int sha256_or_sha1(td_alg alg) { return alg == TD_SHA1 || alg == TD_SHA224 || alg == TD_SHA256; }

// Contexts whose byte counts are set next to 2^64 (MD5 and the SHA-512
// family: a carry into the high word, for SHA-512 also to the high word's
// top, 2^125 bytes) or a MiB below SHA-1/256's limit (a bit count with its
// top bits set) or SHA-3's (2^64 - 1 bytes; a whole number of its blocks,
// which are no power of two), then random calls; the twins are set alike.
// White-box, as test_api's length test: no reference but the twins.
static void faked_counters(td_alg alg)
{
    const size_t b = td_block_size(alg), n = short_run ? 9 : 40;
    streams_begin(&S, alg, 0, n);
    S.faked = 1;
    for (size_t i = 0; i < n; i++) {
        uint64_t lo, hi = 0;
        if (sha256_or_sha1(alg)) {
            lo = ((uint64_t)1 << 61) - ((uint64_t)1 << 20) - tu_rand_below(64) * b;
        } else if (tu_is_sha3(alg)) {
            lo = (UINT64_MAX / b - ((uint64_t)1 << 20) / b - tu_rand_below(64)) * b;
        } else {
            lo = (uint64_t)0 - (uint64_t)tu_rand_range(1, 64) * b;
            if (sha512_family(alg) && tu_rand_below(2))
                hi = ((uint64_t)1 << 61) - 2;
        }
        S.ctx[i].td_bytes_lo = S.twin[i].td_bytes_lo = lo;
        S.ctx[i].td_bytes_hi = S.twin[i].td_bytes_hi = hi;
    }
    random_calls(&S, short_run ? 4 : 10);
}

// ------------------------------------------------------------------ errors

static td_ctx      snap[MAX_STREAMS];
static td_hmac_ctx hsnap[MAX_STREAMS];

// The contexts a refused call may be given besides S's: another algorithm,
// never initialised (zeros, noise), finished.
enum { OTHER_ZERO, OTHER_NOISE, OTHER_FINISHED, OTHER_ALGS };
static td_ctx      other[OTHER_ALGS + TD_ALG_COUNT], other_snap[OTHER_ALGS + TD_ALG_COUNT];
static td_hmac_ctx hother[OTHER_ALGS + TD_ALG_COUNT], hother_snap[OTHER_ALGS + TD_ALG_COUNT];

static void make_others(td_alg alg)
{
    uint8_t out[TD_MAX_DIGEST_SIZE];
    memset(&other[OTHER_ZERO], 0, sizeof other[0]);
    memset(&hother[OTHER_ZERO], 0, sizeof hother[0]);
    tu_rand_fill(&other[OTHER_NOISE], sizeof other[0]);
    tu_rand_fill(&hother[OTHER_NOISE], sizeof hother[0]);
    TU_OK(td_init(&other[OTHER_FINISHED], alg), "td_init");
    TU_OK(td_update(&other[OTHER_FINISHED], pool, 5), "td_update");
    TU_OK(td_final(&other[OTHER_FINISHED], out), "td_final");
    TU_OK(td_hmac_init(&hother[OTHER_FINISHED], alg, pool, 7), "td_hmac_init");
    TU_OK(td_hmac_update(&hother[OTHER_FINISHED], pool, 5), "td_hmac_update");
    TU_OK(td_hmac_final(&hother[OTHER_FINISHED], out), "td_hmac_final");
    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        TU_OK(td_init(&other[OTHER_ALGS + a], tu_all_algs[a]), "td_init");
        TU_OK(td_update(&other[OTHER_ALGS + a], pool, 3), "td_update");
        TU_OK(td_hmac_init(&hother[OTHER_ALGS + a], tu_all_algs[a], pool, 9), "td_hmac_init");
        TU_OK(td_hmac_update(&hother[OTHER_ALGS + a], pool, 3), "td_hmac_update");
    }
    memcpy(other_snap, other, sizeof other);
    memcpy(hother_snap, hother, sizeof hother);
}

static void take_snapshot(void)
{
    memcpy(snap, S.ctx, S.n * sizeof snap[0]);
    memcpy(hsnap, S.hctx, S.n * sizeof hsnap[0]);
}

// After a refused call: the status, every context as it was, byte for byte,
// and out (when given) still all canary.
static void expect_refused(int got, int want, const uint8_t *out, size_t out_len, const char *what)
{
    if (want == TD_OK)
        TU_EQ_INT(got, TD_OK, what);
    else if (want == -100)
        TU_CHECK(got != TD_OK, "%s: accepted", what);
    else
        TU_EQ_INT(got, want, what);
    for (size_t i = 0; i < S.n; i++) {
        int same = S.hmac ? memcmp(&S.hctx[i], &hsnap[i], sizeof hsnap[i]) == 0
                          : memcmp(&S.ctx[i], &snap[i], sizeof snap[i]) == 0;
        TU_CHECK(same, "%s: stream %zu of %zu changed", what, i, S.n);
    }
    TU_CHECK(memcmp(other, other_snap, sizeof other) == 0
                 && memcmp(hother, hother_snap, sizeof hother) == 0,
             "%s: a bad context was written", what);
    if (out != NULL) {
        int untouched = 1;
        for (size_t i = 0; i < out_len; i++)
            untouched &= out[i] == 0xEE;
        TU_CHECK(untouched, "%s: out written", what);
    }
}

// The argument arrays of a call over S's streams; a case spoils one entry.
typedef struct args {
    td_ctx      *ctxs[MAX_STREAMS];
    td_hmac_ctx *hctxs[MAX_STREAMS];
    const void  *data[MAX_STREAMS];
    size_t       lens[MAX_STREAMS];
} args;

static size_t args_len_all; // one length for every chunk; 0: random ones

static void args_reset(args *a)
{
    const size_t b = td_block_size(S.alg);
    for (size_t i = 0; i < S.n; i++) {
        a->ctxs[i] = &S.ctx[i];
        a->hctxs[i] = &S.hctx[i];
        a->lens[i] = args_len_all ? args_len_all : tu_rand_range(1, 2 * b + 1);
        a->data[i] = pick_chunk(a->lens[i]);
    }
}

static int update_many(size_t n, const args *a)
{
    return S.hmac ? td_hmac_update_many(n, a->hctxs, a->data, a->lens)
                  : td_update_many(n, a->ctxs, a->data, a->lens);
}

static int final_many(size_t n, const args *a, uint8_t *out)
{
    return S.hmac ? td_hmac_final_many(n, a->hctxs, out) : td_final_many(n, a->ctxs, out);
}

static void set_other(args *a, size_t at, size_t which)
{
    a->ctxs[at] = &other[which];
    a->hctxs[at] = &hother[which];
}

static void set_dup(args *a, size_t at, size_t from)
{
    a->ctxs[at] = a->ctxs[from];
    a->hctxs[at] = a->hctxs[from];
}

// A bad entry at at: the same for td_update_many and td_final_many.
typedef enum spoil { SP_NULL_CTX, SP_ZERO, SP_NOISE, SP_FINISHED, SP_ALG, SP_DUP } spoil;

static int spoil_args(args *a, spoil sp, size_t at, size_t aux)
{
    switch (sp) {
    case SP_NULL_CTX:
        a->ctxs[at] = NULL;
        a->hctxs[at] = NULL;
        return TD_ERR_ARG;
    case SP_ZERO:     set_other(a, at, OTHER_ZERO); return TD_ERR_STATE;
    case SP_NOISE:    set_other(a, at, OTHER_NOISE); return TD_ERR_STATE;
    case SP_FINISHED: set_other(a, at, OTHER_FINISHED); return TD_ERR_STATE;
    case SP_ALG:      set_other(a, at, OTHER_ALGS + aux); return TD_ERR_ARG;
    default:          set_dup(a, at, aux); return TD_ERR_ARG;
    }
}

// Every documented error of the four calls, on 100 streams holding partial
// blocks (or, aligned, whole blocks only, each call's chunks two whole
// blocks apiece), the bad entry first, last, or across the rounds of 64
// and 32; then the streams go on and must give the twins' digests.
static void error_cases(td_alg alg, int hmac, int aligned)
{
    const size_t n = 100, b = td_block_size(alg);
    args a;
    uint8_t outbuf[MAX_STREAMS * TD_MAX_DIGEST_SIZE];
    char what[160];
    const char *up = hmac ? "td_hmac_update_many" : "td_update_many";
    const char *fin = hmac ? "td_hmac_final_many" : "td_final_many";

    streams_begin(&S, alg, hmac, n);
    make_others(alg);
    for (size_t i = 0; i < n; i++) {
        const size_t len = aligned ? b * tu_rand_below(3) : tu_rand_below(3 * b);
        const uint8_t *p = pick_chunk(len);
        TU_OK(hmac ? td_hmac_update(&S.hctx[i], p, len) : td_update(&S.ctx[i], p, len), "td_update");
        twin_update(&S, i, p, len);
    }
    args_len_all = aligned ? 2 * b : 0;
    take_snapshot();
    memset(outbuf, 0xEE, sizeof outbuf);

    // n = 0 does nothing, whatever the pointers; NULL arrays.
    args_reset(&a);
    expect_refused(hmac ? td_hmac_update_many(0, NULL, NULL, NULL) : td_update_many(0, NULL, NULL, NULL),
                   TD_OK, NULL, 0, "n = 0, NULL arrays");
    expect_refused(update_many(0, &a), TD_OK, NULL, 0, "n = 0");
    expect_refused(hmac ? td_hmac_final_many(0, NULL, NULL) : td_final_many(0, NULL, NULL), TD_OK,
                   NULL, 0, "final, n = 0, NULL arrays");
    expect_refused(final_many(0, &a, outbuf), TD_OK, outbuf, sizeof outbuf, "final, n = 0");
    expect_refused(hmac ? td_hmac_update_many(n, NULL, a.data, a.lens) : td_update_many(n, NULL, a.data, a.lens),
                   TD_ERR_ARG, NULL, 0, "NULL ctxs");
    expect_refused(hmac ? td_hmac_update_many(n, a.hctxs, NULL, a.lens) : td_update_many(n, a.ctxs, NULL, a.lens),
                   TD_ERR_ARG, NULL, 0, "NULL data");
    expect_refused(hmac ? td_hmac_update_many(n, a.hctxs, a.data, NULL) : td_update_many(n, a.ctxs, a.data, NULL),
                   TD_ERR_ARG, NULL, 0, "NULL lens");
    expect_refused(hmac ? td_hmac_final_many(n, NULL, outbuf) : td_final_many(n, NULL, outbuf), TD_ERR_ARG,
                   outbuf, sizeof outbuf, "final, NULL ctxs");
    expect_refused(final_many(n, &a, NULL), TD_ERR_ARG, NULL, 0, "final, NULL out");

    // One bad context, at each of these places.
    static const size_t places[] = { 99, 0, 64, 63, 32, 50 };
    for (size_t p = 0; p < sizeof places / sizeof places[0]; p++) {
        const size_t at = places[p];
        for (int sp = SP_NULL_CTX; sp <= SP_DUP; sp++) {
            const size_t variants = sp == SP_ALG ? TD_ALG_COUNT : sp == SP_DUP ? 2 : 1;
            for (size_t v = 0; v < variants; v++) {
                if (sp == SP_ALG && tu_all_algs[v] == alg)
                    continue;
                // A duplicate of an early stream, and of the one next to it.
                const size_t aux = sp == SP_DUP ? (v == 0 ? 3 : (at == 0 ? 1 : at - 1)) : v;
                if (sp == SP_DUP && aux == at)
                    continue;
                args_reset(&a);
                int want = spoil_args(&a, (spoil)sp, at, aux);
                snprintf(what, sizeof what, "%s, bad entry %d (%zu) at %zu of %zu", up, sp, aux, at, n);
                expect_refused(update_many(n, &a), want, NULL, 0, what);
                snprintf(what, sizeof what, "%s, bad entry %d (%zu) at %zu of %zu", fin, sp, aux, at, n);
                expect_refused(final_many(n, &a, outbuf), want, outbuf, sizeof outbuf, what);
                // The first at + 1 only: the bad entry last (alone, another
                // algorithm is no fault).
                snprintf(what, sizeof what, "%s, bad entry %d last of %zu", up, sp, at + 1);
                if (!(sp == SP_DUP && aux > at) && !(sp == SP_ALG && at == 0)) {
                    expect_refused(update_many(at + 1, &a), want, NULL, 0, what);
                    expect_refused(final_many(at + 1, &a, outbuf), want, outbuf, sizeof outbuf, what);
                }
            }
        }
    }
    // The duplicates far apart that the rounds would split: 3 and 90, 0 and 64.
    static const size_t pairs[][2] = { { 3, 90 }, { 90, 3 }, { 0, 64 }, { 31, 32 }, { 98, 99 } };
    for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
        args_reset(&a);
        set_dup(&a, pairs[p][1], pairs[p][0]);
        snprintf(what, sizeof what, "stream %zu given again at %zu", pairs[p][0], pairs[p][1]);
        expect_refused(update_many(n, &a), TD_ERR_ARG, NULL, 0, what);
        expect_refused(final_many(n, &a, outbuf), TD_ERR_ARG, outbuf, sizeof outbuf, what);
    }

    // NULL data with a length; with length 0 it is fine (below).
    static const size_t null_at[] = { 99, 0, 64 };
    for (size_t p = 0; p < sizeof null_at / sizeof null_at[0]; p++) {
        args_reset(&a);
        a.data[null_at[p]] = NULL;
        a.lens[null_at[p]] = 1 + tu_rand_below(b);
        snprintf(what, sizeof what, "%s, NULL data with %zu bytes at %zu", up, a.lens[null_at[p]], null_at[p]);
        expect_refused(update_many(n, &a), TD_ERR_ARG, NULL, 0, what);
    }

    // Past the limit, refused before a byte is read: SHA-1/224/256 take at
    // most 2^61 - 1 bytes, and a size_t can pass that on 64-bit.
#if SIZE_MAX > 0xffffffffu
    if (sha256_or_sha1(alg)) {
        static const size_t long_at[] = { 99, 0, 70 };
        const size_t too_long[] = { SIZE_MAX, (size_t)1 << 61 };
        for (size_t p = 0; p < sizeof long_at / sizeof long_at[0]; p++)
            for (size_t l = 0; l < 2; l++) {
                args_reset(&a);
                a.lens[long_at[p]] = too_long[l];
                snprintf(what, sizeof what, "%s, %zu bytes at %zu", up, too_long[l], long_at[p]);
                expect_refused(update_many(n, &a), TD_ERR_LENGTH, NULL, 0, what);
            }
    }
#endif
    // Two faults: some error, and still nothing changed.
    args_reset(&a);
    set_dup(&a, 80, 10);
    set_other(&a, 40, OTHER_FINISHED);
    expect_refused(update_many(n, &a), -100, NULL, 0, "a duplicate and a finished context");
    expect_refused(final_many(n, &a, outbuf), -100, outbuf, sizeof outbuf,
                   "final, a duplicate and a finished context");

    // The streams were never touched: they go on (NULL empty data among
    // them, unless aligned).
    args_reset(&a);
    if (!aligned) {
        a.data[7] = NULL;
        a.lens[7] = 0;
        a.data[99] = NULL;
        a.lens[99] = 0;
    }
    args_len_all = 0;
    if (TU_OK(update_many(n, &a), "the call after the refused ones"))
        for (size_t i = 0; i < n; i++)
            twin_update(&S, i, a.data[i], a.lens[i]);
    size_t idx[MAX_STREAMS];
    pick_subset(n, n, idx);
    final_call(&S, n, idx);
}

// The limits themselves: a context set next to SHA-1/256's 2^61 - 1 bytes
// or the SHA-512 family's 2^125 - 1, the last of 100; one byte past is
// refused with nothing changed, exactly up to the limit is taken.
static void limit_cases(td_alg alg)
{
    if (alg == TD_MD5)
        return; // no limit: the count wraps
    const size_t n = 100, b = td_block_size(alg);
    args a;
    streams_begin(&S, alg, 0, n);
    make_others(alg);
    for (size_t i = 0; i < n; i++) {
        const size_t len = tu_rand_below(2 * b);
        const uint8_t *p = pick_chunk(len);
        TU_OK(td_update(&S.ctx[i], p, len), "td_update");
        twin_update(&S, i, p, len);
    }
    S.faked = 1;
    // room bytes left to the limit, the count a whole number of blocks so
    // that the buffer agrees with it (SHA-3's limit, 2^64 - 1, is no whole
    // number of its blocks).
    const size_t room = tu_is_sha3(alg) ? (size_t)(UINT64_MAX % b) + b : 2 * b - 1;
    td_ctx *last = &S.ctx[n - 1], *twin = &S.twin[n - 1];
    TU_OK(td_init(last, alg), "td_init");
    if (sha512_family(alg)) {
        last->td_bytes_hi = ((uint64_t)1 << 61) - 1;
        last->td_bytes_lo = UINT64_MAX - room;
    } else if (tu_is_sha3(alg)) {
        last->td_bytes_lo = UINT64_MAX - room;
    } else {
        last->td_bytes_lo = ((uint64_t)1 << 61) - 1 - room;
    }
    TU_OK(td_copy(twin, last), "td_copy");
    take_snapshot();

    args_reset(&a);
    a.lens[n - 1] = room + 1;
    a.data[n - 1] = pick_chunk(room + 1);
    expect_refused(update_many(n, &a), TD_ERR_LENGTH, NULL, 0, "one byte past the limit, last of 100");
    a.lens[n - 1] = SIZE_MAX;
    expect_refused(update_many(n, &a), TD_ERR_LENGTH, NULL, 0, "SIZE_MAX bytes, last of 100");
    a.lens[n - 1] = room - 5;
    if (TU_OK(update_many(n, &a), "up to 5 bytes below the limit"))
        for (size_t i = 0; i < n; i++)
            twin_update(&S, i, a.data[i], a.lens[i]);
    take_snapshot();
    args_reset(&a);
    a.lens[n - 1] = 6;
    a.data[n - 1] = pick_chunk(6);
    expect_refused(update_many(n, &a), TD_ERR_LENGTH, NULL, 0, "the limit passed by one byte, last of 100");
    a.lens[n - 1] = 5;
    if (TU_OK(update_many(n, &a), "exactly to the limit"))
        for (size_t i = 0; i < n; i++)
            twin_update(&S, i, a.data[i], a.lens[i]);
    for (size_t i = 0; i < n; i++)
        check_midway(&S, i, "td_update_many vs td_update, next to the limit");
    size_t idx[MAX_STREAMS];
    pick_subset(n, n, idx);
    final_call(&S, n, idx);
}

// ------------------------------------------------------------------ main

int main(int argc, char **argv)
{
    tu_init(argc, argv, "test_streams");
    short_run = getenv("TD_TEST_SHORT") != NULL;
    pool = (uint8_t *)malloc(POOL_BYTES);
    if (pool == NULL) {
        fprintf(stderr, "test_streams: out of memory\n");
        return 2;
    }
    tu_rand_fill(pool, POOL_BYTES);

    // Around the rounds of 64 streams and 32 finals, and the lanes.
    static const size_t counts[] = { 1, 2, 3, 4, 5, 8, 16, 17, 31, 33, 64, 65, 100, 129 };
    static const size_t short_counts[] = { 1, 3, 17, 65 };
    static const size_t hmac_counts[] = { 1, 6, 33, 70 };
    const size_t *cs = short_run ? short_counts : counts;
    const size_t ncs = short_run ? sizeof short_counts / sizeof short_counts[0]
                                 : sizeof counts / sizeof counts[0];
    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        const td_alg alg = tu_all_algs[a];
        const char *be;
        TU_FOR_EACH_BACKEND(alg, TD_MULTI, be) {
            for (size_t c = 0; c < ncs; c++) {
                streams_begin(&S, alg, 0, cs[c]);
                random_calls(&S, short_run ? 4 : tu_rand_range(6, 20));
            }
            for (size_t c = 0; c < sizeof hmac_counts / sizeof hmac_counts[0]; c++) {
                if (short_run && c % 2)
                    continue;
                streams_begin(&S, alg, 1, hmac_counts[c]);
                random_calls(&S, short_run ? 3 : tu_rand_range(4, 12));
            }
            faked_counters(alg);
            limit_cases(alg);
            (void)be;
        }
        tu_set_alg(alg);
        for (int aligned = 0; aligned < 2; aligned++) {
            error_cases(alg, 0, aligned);
            error_cases(alg, 1, aligned);
        }
    }
    printf("test_streams: %llu update calls, %llu bytes through them\n", (unsigned long long)calls_made,
           (unsigned long long)bytes_fed);
    for (size_t i = 0; i < MAX_STREAMS; i++)
        free(S.msg[i].p);
    free(pool);
    return tu_finish();
}
