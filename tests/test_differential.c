/* SPDX-License-Identifier: Apache-2.0
 * Differential test against OpenSSL libcrypto, for every algorithm and every
 * backend pinned in turn: random messages (lengths weighted toward short ones
 * and block boundaries, some up to 20 KiB), fed whole from unaligned
 * pointers, in random splits (zero-length updates, NULL with length 0, byte
 * runs), forked with td_copy midway; every pair of split points for short
 * lengths; output overlapping the input; td_hash_many with mixed and
 * overlapping messages; and a consolidated digest of the digests of every
 * length 0..4096. SHA-3 as the others (EVP_sha3_*); SHAKE128/256 against
 * EVP_shake* and EVP_DigestFinalXOF: OpenSSL 3.0 squeezes once, so its one
 * long output is compared with td_shake and with td_xof_* absorbing in
 * random pieces and squeezing a random sequence of lengths.
 *
 * usage: test_differential [VECTORS_DIR] [SEED]   (env TD_DIFF_MESSAGES: count)
 */
#include "testutil.h"
#include "ossl_ref.h"

enum { MAX_MSG = 20 * 1024 + 300, PAD = 16 };

static uint8_t *pool;       // MAX_MSG + PAD random bytes, messages are cut from it
static uint8_t *work;       // MAX_MSG + PAD scratch for unaligned copies
static size_t   n_messages = 1000;
static size_t   alg_block = 64; // the block size of the algorithm under test

// A length weighted toward the interesting: short, near a block boundary
// (+-1, +-2 around multiples of 64 and 128 and of the algorithm's own block,
// SHA-3's rates; padding thresholds included), medium, and a few long.
static size_t pick_len(void)
{
    size_t r = tu_rand_below(100);
    if (r < 40)
        return tu_rand_range(0, 300);
    if (r < 75) {
        size_t pick = tu_rand_below(3);
        size_t block = pick == 0 ? 64 : pick == 1 ? 128 : alg_block;
        size_t k = tu_rand_range(0, 10);
        long delta = (long)tu_rand_range(0, 4) - 2;                       // -2..+2
        long extra = tu_rand_below(4) == 0 ? -(long)(block == 64 ? 8 : 16) : 0; // length field edge
        if (block != 64 && block != 128)
            extra = 0; // SHA-3: the padding edge is the block's last byte, +-2 reaches it
        long len = (long)(k * block) + delta + extra;
        return len < 0 ? 0 : (size_t)len;
    }
    if (r < 92)
        return tu_rand_range(0, 4096);
    return tu_rand_range(4096, 20 * 1024);
}

// Feeds msg[from, to) to ctx in random pieces: zero-length updates (half of
// them with a NULL pointer), single bytes, runs around the block size, bigger
// runs. Returns the first non-OK status.
static int feed_random(td_ctx *ctx, const uint8_t *msg, size_t from, size_t to, size_t block)
{
    size_t pos = from;
    while (pos < to) {
        size_t left = to - pos, n;
        size_t r = tu_rand_below(100);
        if (r < 10)
            n = 0;
        else if (r < 30)
            n = 1;
        else if (r < 55)
            n = tu_rand_range(1, 2 * block);
        else if (r < 75)
            n = block - 1 + tu_rand_below(3);
        else
            n = tu_rand_range(1, left);
        if (n > left)
            n = left;
        int rc = n == 0 && tu_rand_below(2) ? td_update(ctx, NULL, 0) : td_update(ctx, msg + pos, n);
        if (rc != TD_OK)
            return rc;
        pos += n;
    }
    if (tu_rand_below(4) == 0)
        return td_update(ctx, NULL, 0);
    return TD_OK;
}

// One random message through every single-path entry point.
static void one_message(td_alg alg, size_t len)
{
    size_t d = td_digest_size(alg), b = td_block_size(alg);
    uint8_t want[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE];
    const uint8_t *msg = pool + tu_rand_below(PAD);
    td_ctx ctx, fork1, fork2;

    tu_set_len(len);
    ref_hash(alg, msg, len, want);

    // Whole, from an unaligned copy (offset 1..15).
    uint8_t *un = work + tu_rand_range(1, 15);
    memcpy(un, msg, len);
    memset(got, 0xEE, sizeof got);
    if (TU_OK(td_hash(alg, un, len, got), "td_hash"))
        TU_EQ_MEM(got, want, d, "td_hash, unaligned");
    memset(got, 0xEE, sizeof got);
    tu_typed(alg)(un, len, got);
    TU_EQ_MEM(got, want, d, "typed one-shot, unaligned");

    // Random splits, with a fork at a random point.
    size_t cut = tu_rand_range(0, len);
    TU_OK(td_init(&ctx, alg), "td_init");
    TU_OK(feed_random(&ctx, un, 0, cut, b), "td_update, random splits");
    memset(&fork1, 0xA5, sizeof fork1); // td_copy must not care what dst held
    TU_OK(td_copy(&fork1, &ctx), "td_copy");
    TU_OK(td_copy(&fork2, &fork1), "td_copy of a copy");
    TU_OK(feed_random(&ctx, un, cut, len, b), "td_update, random splits");
    memset(got, 0xEE, sizeof got);
    if (TU_OK(td_final(&ctx, got), "td_final"))
        TU_EQ_MEM(got, want, d, "streaming, random splits");
    TU_OK(feed_random(&fork1, msg, cut, len, b), "td_update on a fork");
    memset(got, 0xEE, sizeof got);
    if (TU_OK(td_final(&fork1, got), "td_final on a fork"))
        TU_EQ_MEM(got, want, d, "fork finished like the original");

    // The second fork goes its own way: prefix, then other bytes.
    size_t other_len = tu_rand_range(0, 300);
    const uint8_t *other = pool + tu_rand_below(MAX_MSG - 300);
    ref_ctx r;
    uint8_t want2[TD_MAX_DIGEST_SIZE];
    ref_init(&r, alg);
    ref_update(&r, msg, cut);
    ref_update(&r, other, other_len);
    ref_final(&r, want2);
    TU_OK(feed_random(&fork2, other, 0, other_len, b), "td_update on a fork");
    memset(got, 0xEE, sizeof got);
    if (TU_OK(td_final(&fork2, got), "td_final on a fork"))
        TU_EQ_MEM(got, want2, d, "fork continued differently");
    tu_clear_len();
}

// Every pair of split points i <= j of a len-byte message.
static void all_splits(td_alg alg, size_t len)
{
    size_t d = td_digest_size(alg);
    uint8_t want[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE];
    const uint8_t *msg = pool + 3;
    ref_hash(alg, msg, len, want);
    tu_set_len(len);
    for (size_t i = 0; i <= len; i++) {
        for (size_t j = i; j <= len; j++) {
            td_ctx ctx;
            int rc = td_init(&ctx, alg);
            if (rc == TD_OK) rc = td_update(&ctx, msg, i);
            if (rc == TD_OK) rc = td_update(&ctx, msg + i, j - i);
            if (rc == TD_OK) rc = td_update(&ctx, msg + j, len - j);
            if (rc == TD_OK) rc = td_final(&ctx, got);
            if (!TU_OK(rc, "split update") || !TU_EQ_MEM(got, want, d, "split at i, j")) {
                fprintf(stderr, "  split points i=%zu j=%zu\n", i, j);
                tu_clear_len();
                return; // one report per length is enough
            }
        }
    }
    tu_clear_len();
}

// The output buffer may be the input buffer.
static void overlap_out(td_alg alg)
{
    size_t d = td_digest_size(alg);
    uint8_t want[TD_MAX_DIGEST_SIZE], buf[300];
    for (size_t len = d; len < sizeof buf; len += 37) {
        tu_set_len(len);
        memcpy(buf, pool, len);
        ref_hash(alg, buf, len, want);
        if (TU_OK(td_hash(alg, buf, len, buf), "td_hash in place"))
            TU_EQ_MEM(buf, want, d, "td_hash, out == data");
        memcpy(buf, pool, len);
        tu_typed(alg)(buf, len, buf);
        TU_EQ_MEM(buf, want, d, "typed one-shot, out == data");
        memcpy(buf, pool, len);
        const void *p = buf;
        if (TU_OK(td_hash_many(alg, 1, &p, &len, buf), "td_hash_many in place"))
            TU_EQ_MEM(buf, want, d, "td_hash_many, out == data");
    }
    tu_clear_len();
}

// The digests of every length 0..4096 of one pattern, hashed in turn: one
// final value covers every tail (the kernel's consolidated vector). The
// expected value comes from OpenSSL, built the same way, once per algorithm.
static void consolidated(td_alg alg)
{
    static uint8_t want[TD_ALG_COUNT][TD_MAX_DIGEST_SIZE];
    static int have_want[TD_ALG_COUNT];
    size_t d = td_digest_size(alg);
    uint8_t dig[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE];
    td_ctx outer;
    int rc = TD_OK;
    if (!have_want[alg]) {
        ref_ctx r;
        ref_init(&r, alg);
        for (size_t len = 0; len <= 4096; len++) {
            ref_hash(alg, pool, len, dig);
            ref_update(&r, dig, d);
        }
        ref_final(&r, want[alg]);
        have_want[alg] = 1;
    }
    TU_OK(td_init(&outer, alg), "td_init");
    for (size_t len = 0; len <= 4096 && rc == TD_OK; len++) {
        rc = td_hash(alg, pool, len, dig);
        if (rc == TD_OK)
            rc = td_update(&outer, dig, d);
    }
    TU_OK(rc, "td_hash / td_update");
    if (TU_OK(td_final(&outer, got), "td_final"))
        TU_EQ_MEM(got, want[alg], d, "consolidated digest of lengths 0..4096");
}

// td_hash_many: random batches with lengths 0..., overlapping and repeated
// pointers, NULL for empty messages.
static void many_batches(td_alg alg, size_t batches)
{
    enum { MAXN = 40 };
    size_t d = td_digest_size(alg);
    const void *ptrs[MAXN];
    size_t lens[MAXN];
    uint8_t out[MAXN * TD_MAX_DIGEST_SIZE + 1], want[TD_MAX_DIGEST_SIZE];
    for (size_t bno = 0; bno < batches; bno++) {
        size_t n = tu_rand_range(0, MAXN);
        int same_len = tu_rand_below(4) == 0; // lanes in lockstep
        size_t common = pick_len() % 3000;
        for (size_t i = 0; i < n; i++) {
            size_t len = same_len ? common : pick_len() % 3000;
            if (tu_rand_below(10) == 0)
                len = 0;
            lens[i] = len;
            if (len == 0 && tu_rand_below(2))
                ptrs[i] = NULL;
            else if (i > 0 && tu_rand_below(5) == 0 && lens[i - 1] >= len && ptrs[i - 1])
                ptrs[i] = ptrs[i - 1];                       // the same message again
            else
                ptrs[i] = pool + tu_rand_below(MAX_MSG - len + 1); // overlapping cuts
        }
        out[n * d] = 0x5C;
        int rc = td_hash_many(alg, n, n ? ptrs : NULL, n ? lens : NULL, out);
        if (!TU_OK(rc, "td_hash_many"))
            continue;
        TU_CHECK(out[n * d] == 0x5C, "td_hash_many wrote past n * digest size (n=%zu)", n);
        for (size_t i = 0; i < n; i++) {
            tu_set_len(lens[i]);
            ref_hash(alg, ptrs[i], lens[i], want);
            if (!TU_EQ_MEM(out + i * d, want, d, "td_hash_many vs OpenSSL"))
                fprintf(stderr, "  message %zu of %zu\n", i, n);
        }
        tu_clear_len();
    }
}

// td_hash_many_fixed: random counts and lengths, messages laid end to end at
// a random offset.
static void fixed_batches(td_alg alg, size_t batches)
{
    enum { MAXN = 40 };
    size_t d = td_digest_size(alg);
    uint8_t out[MAXN * TD_MAX_DIGEST_SIZE + 1], want[TD_MAX_DIGEST_SIZE];
    for (size_t bno = 0; bno < batches; bno++) {
        size_t n = tu_rand_range(0, MAXN);
        size_t len = pick_len() % 1500;
        if (n * len > MAX_MSG)
            len = MAX_MSG / n;
        const uint8_t *data = pool + tu_rand_below(MAX_MSG - n * len + 1);
        out[n * d] = 0x5C;
        tu_set_len(len);
        if (!TU_OK(td_hash_many_fixed(alg, n, data, len, out), "td_hash_many_fixed"))
            continue;
        TU_CHECK(out[n * d] == 0x5C, "td_hash_many_fixed wrote past n * digest size (n=%zu)", n);
        for (size_t i = 0; i < n; i++) {
            ref_hash(alg, data + i * len, len, want);
            if (!TU_EQ_MEM(out + i * d, want, d, "td_hash_many_fixed vs OpenSSL"))
                fprintf(stderr, "  message %zu of %zu\n", i, n);
        }
        tu_clear_len();
    }
}

// Lengths whose every split pair is tried: all of 0..17, then the padding and
// block edges below 130.
static const size_t split_lens[] = {
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
    33, 55, 56, 57, 63, 64, 65, 111, 112, 113, 119, 120, 127, 128, 129,
};

// ------------------------------------------------------------------ SHAKE

// out_len bytes squeezed from x in a random sequence of lengths: zero-length
// squeezes (some with NULL), single bytes, runs around the rate, bigger runs.
static int squeeze_random(td_xof *x, uint8_t *out, size_t out_len, size_t rate)
{
    size_t pos = 0;
    while (pos < out_len) {
        size_t left = out_len - pos, n;
        size_t r = tu_rand_below(100);
        if (r < 10)
            n = 0;
        else if (r < 30)
            n = 1;
        else if (r < 55)
            n = tu_rand_range(1, 2 * rate);
        else if (r < 75)
            n = rate - 1 + tu_rand_below(3);
        else
            n = tu_rand_range(1, left);
        if (n > left)
            n = left;
        int rc = n == 0 && tu_rand_below(2) ? td_xof_squeeze(x, NULL, 0)
                                             : td_xof_squeeze(x, out + pos, n);
        if (rc != TD_OK)
            return rc;
        pos += n;
    }
    return TD_OK;
}

// The same for absorbing.
static int absorb_random(td_xof *x, const uint8_t *msg, size_t len, size_t rate)
{
    size_t pos = 0;
    while (pos < len) {
        size_t left = len - pos, n;
        size_t r = tu_rand_below(100);
        if (r < 10)
            n = 0;
        else if (r < 30)
            n = 1;
        else if (r < 55)
            n = tu_rand_range(1, 2 * rate);
        else if (r < 75)
            n = rate - 1 + tu_rand_below(3);
        else
            n = tu_rand_range(1, left);
        if (n > left)
            n = left;
        int rc = n == 0 && tu_rand_below(2) ? td_xof_absorb(x, NULL, 0)
                                             : td_xof_absorb(x, msg + pos, n);
        if (rc != TD_OK)
            return rc;
        pos += n;
    }
    return TD_OK;
}

enum { MAX_XOF_OUT = 4 * 1024 };

// One random message and output length: OpenSSL's single squeeze against
// td_shake, and against td_xof_* absorbing in random pieces and squeezing a
// random sequence of lengths.
static void xof_message(td_alg alg, size_t len)
{
    static uint8_t want[MAX_XOF_OUT], got[MAX_XOF_OUT + 1];
    const size_t rate = td_block_size(alg);
    const size_t r = tu_rand_below(10);
    const size_t out_len = r < 5 ? tu_rand_range(0, 2 * rate + 2)
                         : r < 8 ? tu_rand_range(1, 8) * rate + tu_rand_range(0, 2) - 1
                                 : tu_rand_range(0, MAX_XOF_OUT);
    const uint8_t *msg = pool + tu_rand_below(PAD);
    uint8_t *un = work + tu_rand_range(1, 15);
    td_xof x;

    tu_set_len(len);
    memcpy(un, msg, len);
    ref_shake(alg, msg, len, want, out_len);
    memset(got, 0xEE, sizeof got);
    if (TU_OK(td_shake(alg, un, len, got, out_len), "td_shake"))
        TU_EQ_MEM(got, want, out_len, "td_shake, unaligned");
    TU_CHECK(got[out_len] == 0xEE, "td_shake wrote past out_len (%zu)", out_len);
    memset(got, 0xEE, sizeof got);
    int rc = td_xof_init(&x, alg);
    if (rc == TD_OK) rc = absorb_random(&x, un, len, rate);
    if (rc == TD_OK) rc = squeeze_random(&x, got, out_len, rate);
    if (TU_OK(rc, "td_xof_*, random absorbs and squeezes"))
        TU_EQ_MEM(got, want, out_len, "td_xof_* random pieces vs OpenSSL's one squeeze");
    TU_CHECK(got[out_len] == 0xEE, "td_xof_squeeze wrote past out_len (%zu)", out_len);
    tu_clear_len();
}

// Every pair of absorb split points for short lengths, each squeezed in two
// pieces cut at every point of 2 * rate + 1 bytes for the first few.
static void xof_splits(td_alg alg, size_t len)
{
    const size_t rate = td_block_size(alg), out_len = 2 * rate + 1;
    uint8_t want[2 * TD_MAX_BLOCK_SIZE + 1], got[2 * TD_MAX_BLOCK_SIZE + 1];
    const uint8_t *msg = pool + 3;
    ref_shake(alg, msg, len, want, out_len);
    tu_set_len(len);
    for (size_t i = 0; i <= len; i++) {
        for (size_t j = i; j <= len; j++) {
            td_xof x;
            const size_t cut = (i * 31 + j * 17) % (out_len + 1);
            int rc = td_xof_init(&x, alg);
            if (rc == TD_OK) rc = td_xof_absorb(&x, msg, i);
            if (rc == TD_OK) rc = td_xof_absorb(&x, msg + i, j - i);
            if (rc == TD_OK) rc = td_xof_absorb(&x, msg + j, len - j);
            if (rc == TD_OK) rc = td_xof_squeeze(&x, got, cut);
            if (rc == TD_OK) rc = td_xof_squeeze(&x, got + cut, out_len - cut);
            if (!TU_OK(rc, "split absorb") || !TU_EQ_MEM(got, want, out_len, "xof split at i, j")) {
                fprintf(stderr, "  split points i=%zu j=%zu, squeeze cut %zu\n", i, j, cut);
                tu_clear_len();
                return;
            }
        }
    }
    tu_clear_len();
}

int main(int argc, char **argv)
{
    const char *env = getenv("TD_DIFF_MESSAGES");
    uint64_t v;
    if (env && tu_parse_u64(env, &v) && v > 0)
        n_messages = (size_t)v;

    tu_init(argc, argv, "test_differential");
    pool = malloc(MAX_MSG + PAD);
    work = malloc(MAX_MSG + PAD);
    if (!pool || !work)
        return 2;
    tu_rand_fill(pool, MAX_MSG + PAD);

    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        td_alg alg = tu_all_algs[a];
        const char *be;
        alg_block = td_block_size(alg);
        TU_FOR_EACH_BACKEND(alg, TD_SINGLE, be) {
            for (size_t i = 0; i < n_messages; i++)
                one_message(alg, pick_len());
            for (size_t i = 0; i < sizeof split_lens / sizeof split_lens[0]; i++)
                all_splits(alg, split_lens[i]);
            if (tu_is_sha3(alg)) // the edges of its rate
                for (size_t l = alg_block - 1; l <= alg_block + 1; l++)
                    all_splits(alg, l);
            overlap_out(alg);
            consolidated(alg);
        }
        TU_FOR_EACH_BACKEND(alg, TD_MULTI, be) {
            many_batches(alg, 150);
            fixed_batches(alg, 100);
            overlap_out(alg);
        }
        printf("test_differential: %s done\n", tu_alg_str(alg));
        fflush(stdout);
    }
    for (size_t a = 0; a < 2; a++) {
        const td_alg alg = tu_xofs[a];
        const char *be;
        alg_block = td_block_size(alg);
        TU_FOR_EACH_BACKEND(alg, TD_SINGLE, be) {
            for (size_t i = 0; i < n_messages; i++)
                xof_message(alg, pick_len());
            for (size_t l = 0; l <= 17; l++)
                xof_splits(alg, l);
            for (size_t l = alg_block - 1; l <= alg_block + 1; l++)
                xof_splits(alg, l);
        }
        printf("test_differential: %s done\n", tu_alg_str(alg));
        fflush(stdout);
    }
    free(pool);
    free(work);
    return tu_finish();
}
