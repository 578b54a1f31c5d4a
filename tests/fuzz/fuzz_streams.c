/* SPDX-License-Identifier: Apache-2.0
 * Many running streams: td_update_many and td_final_many (or the HMAC pair)
 * over up to 100 contexts of one algorithm, on the many-path backend the
 * input pins (or the automatic choice), in a sequence of calls the input
 * writes: each call takes a subset of the contexts in an order of its own,
 * with chunk lengths and places in one arena (so chunks overlap, and may be
 * the same bytes for several streams; empty ones may be NULL). Between the
 * calls a stream is fed alone by td_update, forked with td_copy onto another,
 * or finished in a subset and started again. Each context has a twin fed the
 * same bytes by td_update and finished by td_final; every digest must equal
 * the twin's and the reference's (OpenSSL, or the portable backend where the
 * build has no OpenSSL). The documented errors (NULL data with a length, a
 * context twice, never initialised, finished, of another algorithm, NULL,
 * a length past SHA-1/256's limit) must leave every context as it was, byte
 * for byte, and out unwritten.
 *
 * Input: alg, flags (HMAC, arena repeats, skew), backend (0 automatic, else
 * one listed), count, for HMAC a
 * key (length and bytes: stream i takes its first length - i bytes, modulo),
 * the number of calls, the arena's length (16 bits), the calls (a kind
 * byte, then its choices), and last the arena (repeated 1 to 8 times).
 */
#include "fuzz.h"

enum {
    MAX_STREAMS = 100,
    MAX_OPS = 64,
    MAX_CHUNK = 8 * 1024,
    BUDGET = 1 << 20, // bytes fed per input, past which chunks are empty
};

typedef struct message {
    uint8_t *p;
    size_t   len, cap;
} message;

static struct {
    td_alg         alg;
    int            hmac;
    size_t         n, b, d;
    td_ctx         ctx[MAX_STREAMS], twin[MAX_STREAMS], snap[MAX_STREAMS];
    td_hmac_ctx    hctx[MAX_STREAMS], htwin[MAX_STREAMS], hsnap[MAX_STREAMS];
    const uint8_t *key;
    size_t         key_max, key_len[MAX_STREAMS];
    message        msg[MAX_STREAMS];
    const uint8_t *arena;
    size_t         arena_len, fed;
} S;

static void msg_append(message *m, const void *data, size_t len)
{
    if (len == 0)
        return;
    if (m->len + len > m->cap) {
        size_t cap = m->cap ? m->cap : 1024;
        while (cap < m->len + len)
            cap *= 2;
        uint8_t *p = (uint8_t *)realloc(m->p, cap);
        FZ_CHECK(p != NULL, "realloc");
        m->p = p;
        m->cap = cap;
    }
    memcpy(m->p + m->len, data, len);
    m->len += len;
}

static void start_stream(size_t i)
{
    S.msg[i].len = 0;
    if (S.hmac) {
        FZ_CHECK(td_hmac_init(&S.hctx[i], S.alg, S.key, S.key_len[i]) == TD_OK, "td_hmac_init");
        S.htwin[i] = S.hctx[i];
    } else {
        FZ_CHECK(td_init(&S.ctx[i], S.alg) == TD_OK && td_init(&S.twin[i], S.alg) == TD_OK, "td_init");
    }
}

static void twin_update(size_t i, const void *data, size_t len)
{
    int rc = S.hmac ? td_hmac_update(&S.htwin[i], data, len) : td_update(&S.twin[i], data, len);
    FZ_CHECK(rc == TD_OK, "td_update of the twin = %d", rc);
    msg_append(&S.msg[i], data, len);
}

// k distinct streams: from start, stepping by a step prime to n.
static size_t gcd(size_t a, size_t b)
{
    while (b != 0) {
        size_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static size_t read_subset(fz_in *in, size_t *idx)
{
    const size_t k = 1 + fz_u8(in) % S.n, start = fz_u8(in) % S.n;
    size_t step = 1 + fz_u8(in) % S.n;
    while (gcd(step, S.n) != 1)
        step++;
    for (size_t j = 0; j < k; j++)
        idx[j] = (start + j * step) % S.n;
    return k;
}

// A chunk length from a byte (fz_len_from), within the arena and the budget.
static size_t chunk_len(uint8_t c)
{
    size_t l = fz_len_from(c, S.b);
    if (l > MAX_CHUNK)
        l = MAX_CHUNK;
    if (l > S.arena_len)
        l = S.arena_len;
    if (S.fed + l > BUDGET)
        l = 0;
    S.fed += l;
    return l;
}

// len bytes at a place in the arena from a byte; an empty chunk is NULL when
// the byte is odd.
static const uint8_t *chunk_at(uint8_t at, size_t len)
{
    if (len == 0 && (at & 1))
        return NULL;
    return S.arena + (S.arena_len - len) * at / 255;
}

// A chunk: a length byte, then a place byte.
static const uint8_t *read_chunk(fz_in *in, size_t *len)
{
    *len = chunk_len(fz_u8(in));
    return chunk_at(fz_u8(in), *len);
}

// The digests in out of the k streams of idx, finished by a many call,
// against their twins' and the reference's; the contexts must be wiped.
static void check_finals(size_t k, const size_t *idx, const uint8_t *out)
{
    static const uint8_t zero[sizeof(td_hmac_ctx)];
    uint8_t want[TD_MAX_DIGEST_SIZE], ref[TD_MAX_DIGEST_SIZE];
    for (size_t j = 0; j < k; j++) {
        const size_t i = idx[j];
        int rc = S.hmac ? td_hmac_final(&S.htwin[i], want) : td_final(&S.twin[i], want);
        FZ_CHECK(rc == TD_OK, "td_final of twin %zu = %d", i, rc);
        FZ_EQ_MEM(out + j * S.d, want, S.d, "stream %zu (%zu of %zu, %zu bytes) vs td_final", i, j, k,
                  S.msg[i].len);
        if (S.hmac)
            ref_hmac(S.alg, S.key, S.key_len[i], S.msg[i].p, S.msg[i].len, ref);
        else
            ref_hash(S.alg, S.msg[i].p, S.msg[i].len, ref);
        FZ_EQ_MEM(want, ref, S.d, "twin %zu (%zu bytes) vs " REF_NAME, i, S.msg[i].len);
        const void *c = S.hmac ? (const void *)&S.hctx[i] : (const void *)&S.ctx[i];
        FZ_CHECK(memcmp(c, zero, S.hmac ? sizeof(td_hmac_ctx) : sizeof(td_ctx)) == 0,
                 "stream %zu not wiped by the final", i);
    }
}

static void final_subset(size_t k, const size_t *idx)
{
    td_ctx *ctxs[MAX_STREAMS];
    td_hmac_ctx *hctxs[MAX_STREAMS];
    // Exactly the digests' size, so that a write past them is seen.
    uint8_t *out = (uint8_t *)malloc(k * S.d);
    FZ_CHECK(out != NULL, "malloc");
    for (size_t j = 0; j < k; j++) {
        ctxs[j] = &S.ctx[idx[j]];
        hctxs[j] = &S.hctx[idx[j]];
    }
    int rc = S.hmac ? td_hmac_final_many(k, hctxs, out) : td_final_many(k, ctxs, out);
    FZ_CHECK(rc == TD_OK, "final of %zu streams = %d", k, rc);
    check_finals(k, idx, out);
    free(out);
}

// A call with a bad entry: its status, then every context unchanged and out
// (for a final) all 0xEE.
static td_ctx      other[3]; // another algorithm, never initialised, finished
static td_hmac_ctx hother[3];

static void bad_call(fz_in *in)
{
    size_t idx[MAX_STREAMS], lens[MAX_STREAMS];
    const void *data[MAX_STREAMS];
    td_ctx *ctxs[MAX_STREAMS];
    td_hmac_ctx *hctxs[MAX_STREAMS];
    const size_t k = read_subset(in, idx);
    const uint8_t kind = fz_u8(in);
    const size_t at = fz_u8(in) % k;
    for (size_t j = 0; j < k; j++) {
        ctxs[j] = &S.ctx[idx[j]];
        hctxs[j] = &S.hctx[idx[j]];
        lens[j] = S.b + j; // never read: the call is refused first
        data[j] = S.arena;
    }
    int want;
    switch (kind % 7) {
    case 0: // NULL data with a length
        data[at] = NULL;
        want = TD_ERR_ARG;
        break;
    case 1: // a context twice
        if (k < 2)
            return;
        ctxs[at] = ctxs[(at + 1 + kind / 7 % (k - 1)) % k];
        hctxs[at] = hctxs[(at + 1 + kind / 7 % (k - 1)) % k];
        want = TD_ERR_ARG;
        break;
    case 2: // NULL
        ctxs[at] = NULL;
        hctxs[at] = NULL;
        want = TD_ERR_ARG;
        break;
    case 3: // another algorithm
        if (k < 2)
            return;
        ctxs[at] = &other[0];
        hctxs[at] = &hother[0];
        want = TD_ERR_ARG;
        break;
    case 4: // never initialised
    case 5: // finished
        ctxs[at] = &other[kind % 7 - 3];
        hctxs[at] = &hother[kind % 7 - 3];
        want = TD_ERR_STATE;
        break;
    default: // past SHA-1/256's limit, where a size_t can pass it
#if SIZE_MAX > 0xffffffffu
        if (S.alg != TD_SHA1 && S.alg != TD_SHA224 && S.alg != TD_SHA256)
            return;
        lens[at] = SIZE_MAX;
        want = TD_ERR_LENGTH;
        break;
#else
        return;
#endif
    }
    uint8_t *out = (uint8_t *)malloc(k * S.d);
    FZ_CHECK(out != NULL, "malloc");
    memset(out, 0xEE, k * S.d);
    memcpy(S.snap, S.ctx, S.n * sizeof S.ctx[0]);
    memcpy(S.hsnap, S.hctx, S.n * sizeof S.hctx[0]);
    int rc = S.hmac ? td_hmac_update_many(k, hctxs, data, lens) : td_update_many(k, ctxs, data, lens);
    FZ_CHECK(rc == want, "update of %zu streams, bad entry %d at %zu: %d, want %d", k, kind % 7, at, rc, want);
    // The final's faults are the contexts' alone.
    if (kind % 7 >= 1 && kind % 7 <= 5) {
        rc = S.hmac ? td_hmac_final_many(k, hctxs, out) : td_final_many(k, ctxs, out);
        FZ_CHECK(rc == want, "final of %zu streams, bad entry %d at %zu: %d, want %d", k, kind % 7, at, rc,
                 want);
        FZ_CHECK(fz_untouched(out, 0, k * S.d), "a refused final wrote out");
    }
    FZ_CHECK(memcmp(S.snap, S.ctx, S.n * sizeof S.ctx[0]) == 0
                 && memcmp(S.hsnap, S.hctx, S.n * sizeof S.hctx[0]) == 0,
             "a refused call (bad entry %d at %zu of %zu) changed a context", kind % 7, at, k);
    free(out);
}

static void make_others(void)
{
    uint8_t out[TD_MAX_DIGEST_SIZE];
    const td_alg alg2 = (td_alg)((S.alg + 1) % TD_ALG_COUNT);
    FZ_CHECK(td_init(&other[0], alg2) == TD_OK && td_hmac_init(&hother[0], alg2, "k", 1) == TD_OK, "init");
    memset(&other[1], 0, sizeof other[1]);
    memset(&hother[1], 0, sizeof hother[1]);
    FZ_CHECK(td_init(&other[2], S.alg) == TD_OK && td_final(&other[2], out) == TD_OK, "td_final");
    FZ_CHECK(td_hmac_init(&hother[2], S.alg, "k", 1) == TD_OK && td_hmac_final(&hother[2], out) == TD_OK,
             "td_hmac_final");
}

static void run_ops(fz_in *in, size_t nops)
{
    size_t idx[MAX_STREAMS], lens[MAX_STREAMS];
    const void *data[MAX_STREAMS];
    td_ctx *ctxs[MAX_STREAMS];
    td_hmac_ctx *hctxs[MAX_STREAMS];
    for (size_t op = 0; op < nops; op++) {
        const uint8_t kind = fz_u8(in);
        switch (kind % 8) {
        case 4: { // one stream fed alone
            const size_t i = fz_u8(in) % S.n;
            size_t len;
            const uint8_t *p = read_chunk(in, &len);
            int rc = S.hmac ? td_hmac_update(&S.hctx[i], p, len) : td_update(&S.ctx[i], p, len);
            FZ_CHECK(rc == TD_OK, "td_update of stream %zu = %d", i, rc);
            twin_update(i, p, len);
            break;
        }
        case 5:
            bad_call(in);
            break;
        case 6: { // some streams finished and started again
            const size_t k = read_subset(in, idx);
            final_subset(k, idx);
            for (size_t j = 0; j < k; j++)
                start_stream(idx[j]);
            break;
        }
        case 7: { // stream a forked onto stream b
            const size_t a = fz_u8(in) % S.n, b = fz_u8(in) % S.n;
            if (a == b)
                break;
            if (S.hmac) {
                S.hctx[b] = S.hctx[a];
                S.htwin[b] = S.htwin[a];
                S.key_len[b] = S.key_len[a];
            } else {
                FZ_CHECK(td_copy(&S.ctx[b], &S.ctx[a]) == TD_OK && td_copy(&S.twin[b], &S.twin[a]) == TD_OK,
                         "td_copy");
            }
            S.msg[b].len = 0;
            msg_append(&S.msg[b], S.msg[a].p, S.msg[a].len);
            break;
        }
        default: { // the many call; with the kind's high bit one length for all
            const size_t k = read_subset(in, idx);
            const size_t alike = kind & 0x80 ? fz_len_from(fz_u8(in), S.b) : 0;
            for (size_t j = 0; j < k; j++) {
                ctxs[j] = &S.ctx[idx[j]];
                hctxs[j] = &S.hctx[idx[j]];
                if (kind & 0x80) {
                    lens[j] = alike <= MAX_CHUNK && alike <= S.arena_len && S.fed + alike <= BUDGET ? alike : 0;
                    S.fed += lens[j];
                    data[j] = chunk_at(fz_u8(in), lens[j]);
                } else {
                    data[j] = read_chunk(in, &lens[j]);
                }
            }
            int rc = S.hmac ? td_hmac_update_many(k, hctxs, data, lens) : td_update_many(k, ctxs, data, lens);
            FZ_CHECK(rc == TD_OK, "update of %zu streams = %d", k, rc);
            for (size_t j = 0; j < k; j++)
                twin_update(idx[j], data[j], lens[j]);
            break;
        }
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    S.alg = (td_alg)(fz_u8(&in) % TD_ALG_COUNT);
    const uint8_t flags = fz_u8(&in);
    S.hmac = flags & 1;
    const size_t repeats = (size_t)1 << ((flags >> 1) & 3), skew = flags >> 4;
    const uint8_t backend = fz_u8(&in);
    S.n = 1 + fz_u8(&in) % MAX_STREAMS;
    S.b = td_block_size(S.alg);
    S.d = td_digest_size(S.alg);
    S.fed = 0;
    S.key = NULL;
    S.key_max = 0;
    if (S.hmac) {
        S.key = fz_take(&in, fz_u8(&in), &S.key_max);
        for (size_t i = 0; i < S.n; i++)
            S.key_len[i] = S.key_max - i % (S.key_max + 1);
    }
    const size_t nops = fz_u8(&in) % (MAX_OPS + 1);
    // The arena is the input's last arena_len bytes; the calls read their
    // choices from what lies between.
    size_t tail_len = fz_u16(&in);
    if (tail_len > in.n)
        tail_len = in.n;
    const fz_in ops = { in.p, in.n - tail_len };
    uint8_t *whole = (uint8_t *)malloc(tail_len * repeats + 1);
    FZ_CHECK(whole != NULL, "malloc");
    for (size_t r = 0; r < repeats && tail_len; r++)
        memcpy(whole + r * tail_len, ops.p + ops.n, tail_len);
    uint8_t *block;
    S.arena_len = tail_len * repeats;
    S.arena = fz_copy_at(whole, S.arena_len, skew, &block);
    free(whole);

    const char *names[TU_MAX_BACKENDS];
    const size_t count = fz_backends(S.alg, TD_MULTI, names);
    const char *name = backend == 0 ? NULL : names[(backend - 1) % count]; // 0: automatic
    char what[160];
    snprintf(what, sizeof what, "%s%s, many backend %s, %zu streams, %zu calls, arena %zu bytes",
             S.hmac ? "HMAC-" : "", tu_alg_str(S.alg), name ? name : "auto", S.n, nops, S.arena_len);
    fz_what = what;
    fz_pin(S.alg, TD_MULTI, name);

    make_others();
    for (size_t i = 0; i < S.n; i++)
        start_stream(i);
    // n = 0 does nothing, whatever the pointers.
    FZ_CHECK(td_update_many(0, NULL, NULL, NULL) == TD_OK && td_final_many(0, NULL, NULL) == TD_OK
                 && td_hmac_update_many(0, NULL, NULL, NULL) == TD_OK
                 && td_hmac_final_many(0, NULL, NULL) == TD_OK,
             "a call with n = 0");
    fz_in op_in = ops;
    run_ops(&op_in, nops);

    // Every stream finished, last first, in one call.
    size_t idx[MAX_STREAMS];
    for (size_t j = 0; j < S.n; j++)
        idx[j] = S.n - 1 - j;
    final_subset(S.n, idx);

    td_use_backend(S.alg, TD_MULTI, NULL);
    free(block);
    return 0;
}
