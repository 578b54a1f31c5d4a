/* SPDX-License-Identifier: Apache-2.0
 * Streaming differential: one message through every single-path backend of
 * one algorithm, fed in the pieces the input chooses (zero-length updates
 * with NULL, single bytes, whole blocks, a block less one), forked with
 * td_copy at a chosen update (and the fork forked again), from an unaligned
 * copy. Every digest is compared with the reference (OpenSSL, or the
 * portable backend where the build has no OpenSSL): the stream, one fork
 * finished at once (the prefix), the other continued in one piece, td_hash
 * and the typed one-shot.
 *
 * Input: alg, flags (alignment, repeats), the update to fork before, the
 * number of split bytes, the split bytes, then the message (repeated 1 to 4
 * times).
 */
#include "fuzz.h"

enum { MAX_SPLITS = 48 };

typedef struct plan {
    td_alg         alg;
    const uint8_t *msg;
    size_t         len;
    const uint8_t *splits;
    size_t         nsplits;
    size_t         fork_at; // the update before which the fork is taken
} plan;

// Feeds the message as the plan says; forks before update number fork_at
// (or at the end). Writes the stream's digest, the prefix's digest (the fork
// finished at once) and the fork's digest continued with the rest in one
// piece; *prefix_len is where the fork was taken.
static void run_stream(const plan *pl, uint8_t *stream, uint8_t *prefix, uint8_t *forked,
                       size_t *prefix_len)
{
    const size_t b = td_block_size(pl->alg);
    td_ctx ctx, fork, fork2;
    int forked_yet = 0;
    FZ_CHECK(td_init(&ctx, pl->alg) == TD_OK, "td_init");
    size_t pos = 0, cycle_start = 0;
    for (size_t k = 0;; k++) {
        if (!forked_yet && (k == pl->fork_at || pos == pl->len)) {
            FZ_CHECK(td_copy(&fork, &ctx) == TD_OK && td_copy(&fork2, &fork) == TD_OK, "td_copy");
            *prefix_len = pos;
            forked_yet = 1;
        }
        if (pos == pl->len)
            break;
        const uint8_t c = pl->nsplits ? pl->splits[k % pl->nsplits] : 0xff;
        size_t n = c == 0xff ? pl->len - pos : fz_len_from(c, b);
        if (n > pl->len - pos)
            n = pl->len - pos;
        const int rc = td_update(&ctx, n ? pl->msg + pos : NULL, n);
        FZ_CHECK(rc == TD_OK, "td_update(%zu bytes at %zu) = %d", n, pos, rc);
        pos += n;
        // Split bytes of 0 feed nothing: when a whole round of them made no
        // progress, the rest goes in one piece.
        if (pl->nsplits != 0 && (k + 1) % pl->nsplits == 0) {
            if (pos == cycle_start)
                break;
            cycle_start = pos;
        }
    }
    if (!forked_yet) {
        FZ_CHECK(td_copy(&fork, &ctx) == TD_OK && td_copy(&fork2, &fork) == TD_OK, "td_copy");
        *prefix_len = pos;
    }
    if (pos != pl->len)
        FZ_CHECK(td_update(&ctx, pl->msg + pos, pl->len - pos) == TD_OK, "td_update(rest)");
    FZ_CHECK(td_final(&ctx, stream) == TD_OK, "td_final");
    FZ_CHECK(td_update(&ctx, "x", 1) == TD_ERR_STATE, "td_update after td_final");
    FZ_CHECK(td_final(&fork2, prefix) == TD_OK, "td_final(fork)");
    FZ_CHECK(td_update(&fork, pl->msg + *prefix_len, pl->len - *prefix_len) == TD_OK,
             "td_update(fork, rest)");
    FZ_CHECK(td_final(&fork, forked) == TD_OK, "td_final(fork continued)");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    plan pl;
    pl.alg = (td_alg)(fz_u8(&in) % TD_ALG_COUNT);
    const uint8_t flags = fz_u8(&in);
    const size_t skew = flags & 15, repeats = 1 + (size_t)((flags >> 4) & 3);
    pl.fork_at = fz_u8(&in);
    pl.splits = fz_take(&in, fz_u8(&in) % (MAX_SPLITS + 1), &pl.nsplits);

    // The message: the rest of the input, repeated, in a block of its own.
    size_t rest;
    const uint8_t *tail = fz_take(&in, in.n, &rest);
    uint8_t *whole = (uint8_t *)malloc(rest * repeats + 1);
    FZ_CHECK(whole != NULL, "malloc");
    for (size_t r = 0; r < repeats && rest; r++)
        memcpy(whole + r * rest, tail, rest);
    uint8_t *block;
    pl.len = rest * repeats;
    pl.msg = fz_copy_at(whole, pl.len, skew, &block);
    free(whole);

    const size_t d = td_digest_size(pl.alg);
    uint8_t want[TD_MAX_DIGEST_SIZE], want_prefix[TD_MAX_DIGEST_SIZE];
    ref_hash(pl.alg, pl.msg, pl.len, want);
    size_t prefix_len = 0, first_prefix_len = SIZE_MAX;

    const char *names[TU_MAX_BACKENDS];
    const size_t count = fz_backends(pl.alg, TD_SINGLE, names);
    char what[160];
    for (size_t i = 0; i < count; i++) {
        snprintf(what, sizeof what, "%s, single backend %s, length %zu, skew %zu, %zu splits",
                 tu_alg_str(pl.alg), names[i], pl.len, skew, pl.nsplits);
        fz_what = what;
        fz_pin(pl.alg, TD_SINGLE, names[i]);

        uint8_t stream[TD_MAX_DIGEST_SIZE], prefix[TD_MAX_DIGEST_SIZE];
        uint8_t forked[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE];
        // Filled, so that a write past the digest's size is seen.
        memset(stream, 0xEE, sizeof stream);
        memset(prefix, 0xEE, sizeof prefix);
        memset(forked, 0xEE, sizeof forked);
        run_stream(&pl, stream, prefix, forked, &prefix_len);
        if (first_prefix_len == SIZE_MAX) {
            first_prefix_len = prefix_len;
            ref_hash(pl.alg, pl.msg, prefix_len, want_prefix);
            // ref.h's portable fallback restores the pin it found: still ours.
            FZ_CHECK(strcmp(td_backend(pl.alg, TD_SINGLE), names[i]) == 0, "pin lost");
        }
        FZ_CHECK(prefix_len == first_prefix_len, "the fork moved between backends");
        FZ_EQ_MEM(stream, want, d, "streamed digest vs " REF_NAME);
        FZ_EQ_MEM(prefix, want_prefix, d, "fork finished at byte %zu vs " REF_NAME, prefix_len);
        FZ_EQ_MEM(forked, want, d, "fork at byte %zu continued vs " REF_NAME, prefix_len);

        memset(got, 0xEE, sizeof got);
        FZ_CHECK(td_hash(pl.alg, pl.msg, pl.len, got) == TD_OK, "td_hash");
        FZ_EQ_MEM(got, want, d, "td_hash vs " REF_NAME);
        FZ_CHECK(fz_untouched(got, d, sizeof got), "td_hash wrote past the digest");
        memset(got, 0xEE, sizeof got);
        tu_typed(pl.alg)(pl.len ? pl.msg : NULL, pl.len, got);
        FZ_EQ_MEM(got, want, d, "typed one-shot vs " REF_NAME);
        FZ_CHECK(fz_untouched(got, d, sizeof got) && fz_untouched(stream, d, sizeof stream)
                     && fz_untouched(prefix, d, sizeof prefix) && fz_untouched(forked, d, sizeof forked),
                 "a digest written past its size");
    }
    td_use_backend(pl.alg, TD_SINGLE, NULL);
    free(block);
    return 0;
}
