// SPDX-License-Identifier: Apache-2.0
// What tdbench measures and in which order: the list of subjects (every
// backend from td_backends() on each path, the automatic choice and loops of
// one-shots on the batch paths, td_update_many and the td_update loop on the
// streams path, OpenSSL beside them), digest checks before timing,
// calibration, and rounds interleaved across subjects.

#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#if !defined(_WIN32)
#include <unistd.h>
#else
#include <malloc.h>
#endif

#include "tdbench.h"

enum {
    MAX_BACKENDS = 32,              // per algorithm and td_path
};
// A batch of huge messages is halved until its input fits in this much, on
// each of the multi and fixed paths (both are in memory at once).
#define BATCH_BYTES ((size_t)64 << 20)
#define QUICK_BUDGET_MS 10000.0
#ifndef SLICES
#define SLICES 4u
#endif

// What one subject times, and over which input.
typedef enum kind {
    K_ONESHOT,                      // fn on the single path's message
    K_MANY,                         // td_hash_many: the batch, each in its own buffer
    K_FIXED,                        // td_hash_many_fixed: the batch end to end
    K_LOOP_MANY,                    // fn on each message of K_MANY's batch
    K_LOOP_FIXED,                   // fn on each message of K_FIXED's batch
    K_STREAMS,                      // td_update_many: one chunk into each running hash
    K_LOOP_STREAMS,                 // td_update on each of K_STREAMS's hashes in turn
    K_SSL_STREAMS,                  // OpenSSL's XXX_Update the same way
    K_SQUEEZE,                      // SHAKE: xfn squeezing size bytes from TB_SQUEEZE_IN
} kind;

typedef struct subject {
    td_alg alg;
    kind kind;
    const char *backend;            // the name shown
    const char *pin;                // pinned around each batch; NULL: nothing pinned
    td_path pin_path;
    tb_hash_fn *fn;                 // K_ONESHOT and the loops
    tb_xof_fn *xfn;                 // K_SQUEEZE
    size_t group;                   // 0: single path; 1 + k: the batch (or streams)
                                    // opt->batches[k]; squeeze_group(): K_SQUEEZE
    size_t series;                  // its place among the shown series of its algorithm
    int show;                       // 0: measured only as the ratio's baseline
    int baseline;                   // OpenSSL low-level: the 1.0 of its path's ratios
    uint64_t calls;                 // per round: calls, or loops over the batch
    double *samples;                // cycles (or ns) per message, one per round
} subject;

// The input of one size and group: one message for the single path; for
// the batch paths, distinct messages of random bytes, each in a buffer of
// its own (multi) or laid end to end (fixed), with their digests from the
// portable backend. The streams path feeds the multi path's buffers, one a
// stream, as chunks: one round of them gives the same digests.
typedef struct input {
    size_t size;
    size_t batch;                   // messages per call; 1 on the single path
    uint8_t *single;
    uint8_t **bufs;                 // multi: batch buffers of size bytes
    const void **ptrs;
    size_t *lens;
    uint8_t *fixed;                 // fixed: batch * size bytes
    uint8_t *out;                   // batch * TD_MAX_DIGEST_SIZE
    uint8_t *ref_single, *ref_many, *ref_fixed;
    tb_streams streams;             // the streams path's running hashes
} input;

// Results end up here so that no call can be proven dead.
static volatile uint8_t g_sink;

// SHA-3 has no typed one-shots: td_hash; SHAKE's single path squeezes
// tb_out_size(alg) bytes with td_shake.
#define TB_TD_HASH(fn, alg)                                       \
    static void fn(const void *data, size_t len, uint8_t *out)    \
    {                                                             \
        td_hash(alg, data, len, out);                             \
    }
TB_TD_HASH(td_hash_sha3_224, TD_SHA3_224)
TB_TD_HASH(td_hash_sha3_256, TD_SHA3_256)
TB_TD_HASH(td_hash_sha3_384, TD_SHA3_384)
TB_TD_HASH(td_hash_sha3_512, TD_SHA3_512)

static void td_shake128_out(const void *data, size_t len, uint8_t *out)
{
    td_shake(TD_SHAKE128, data, len, out, TB_SHAKE128_OUT);
}

static void td_shake256_out(const void *data, size_t len, uint8_t *out)
{
    td_shake(TD_SHAKE256, data, len, out, TB_SHAKE256_OUT);
}

static void td_shake128_xof(const void *data, size_t len, uint8_t *out, size_t out_len)
{
    td_shake(TD_SHAKE128, data, len, out, out_len);
}

static void td_shake256_xof(const void *data, size_t len, uint8_t *out, size_t out_len)
{
    td_shake(TD_SHAKE256, data, len, out, out_len);
}

// By slot (tb_alg_slot).
static tb_hash_fn *const typed_oneshot[TB_NALGS] = {
    td_md5, td_sha1, td_sha224, td_sha256, td_sha384, td_sha512, td_sha512_224, td_sha512_256,
    td_hash_sha3_224, td_hash_sha3_256, td_hash_sha3_384, td_hash_sha3_512,
    td_shake128_out, td_shake256_out,
};

static tb_hash_fn *oneshot_of(td_alg alg)
{
    return typed_oneshot[tb_alg_slot(alg)];
}

// The reference digests: portable's (pinned by the caller).
static void reference_hash(td_alg alg, const void *data, size_t len, uint8_t *out)
{
    if (tb_is_xof(alg))
        td_shake(alg, data, len, out, tb_out_size(alg));
    else
        td_hash(alg, data, len, out);
}

static int is_streams(kind k)
{
    return k == K_STREAMS || k == K_LOOP_STREAMS || k == K_SSL_STREAMS;
}

// Whether a kind reads the multi path's buffers (the streams path does).
static int reads_many(kind k)
{
    return k == K_MANY || k == K_LOOP_MANY || is_streams(k);
}

// The path a kind belongs to: 0 single, 1 multi, 2 fixed, 3 streams,
// 4 squeeze.
enum { NPATHS = 5 };
static int path_index(kind k)
{
    if (is_streams(k))
        return 3;
    if (k == K_SQUEEZE)
        return 4;
    return k == K_ONESHOT ? 0 : k == K_MANY || k == K_LOOP_MANY ? 1 : 2;
}

static const char *path_name(kind k)
{
    static const char *const names[NPATHS] = { "single", "multi", "fixed", "streams",
                                               "squeeze" };
    return names[path_index(k)];
}

// The group of SHAKE's squeeze subjects, after the batches.
static size_t squeeze_group(const tb_options *opt)
{
    return opt->nbatches + 1;
}

// msvcrt has no aligned_alloc, and its aligned blocks need their own free.
static void *alloc_aligned(size_t size)
{
    const size_t rounded = (size + 63) / 64 * 64;
#if defined(_WIN32)
    return _aligned_malloc(rounded ? rounded : 64, 64);
#else
    return aligned_alloc(64, rounded ? rounded : 64);
#endif
}

static void free_aligned(void *p)
{
#if defined(_WIN32)
    _aligned_free(p);
#else
    free(p);
#endif
}

static void fill_random(uint8_t *p, size_t n, uint64_t *state)
{
    for (size_t i = 0; i < n; i++) {
        // xorshift64*: any bytes will do, but not zeros (a compressor has no
        // shortcut for zeros, yet there is no reason to offer it one).
        *state ^= *state >> 12;
        *state ^= *state << 25;
        *state ^= *state >> 27;
        p[i] = (uint8_t)((*state * 0x2545F4914F6CDD1Du) >> 56);
    }
}

static void input_free(input *in)
{
    if (in->bufs) {
        for (size_t i = 0; i < in->batch; i++)
            free(in->bufs[i]);
    }
    free(in->bufs);
    free_aligned(in->single);
    free(in->ptrs);
    free(in->lens);
    free_aligned(in->fixed);
    free(in->out);
    free(in->ref_single);
    free(in->ref_many);
    free(in->ref_fixed);
    tb_streams_free(&in->streams);
    memset(in, 0, sizeof *in);
}

// The batch actually run for messages of size bytes when asked for want.
static size_t batch_for(size_t size, size_t want)
{
    size_t n = want;
    while (n > 1 && n * size > BATCH_BYTES)
        n /= 2;
    return n;
}

// Digests of the input from the portable backend, the reference that every
// subject is checked against.
static void input_reference(input *in, td_alg alg)
{
    const size_t dsize = tb_out_size(alg);
    td_use_backend(alg, TD_SINGLE, "portable");
    if (in->ref_single)
        reference_hash(alg, in->single, in->size, in->ref_single);
    for (size_t i = 0; in->ref_many && i < in->batch; i++)
        reference_hash(alg, in->ptrs[i], in->size, in->ref_many + i * dsize);
    for (size_t i = 0; in->ref_fixed && i < in->batch; i++)
        reference_hash(alg, in->fixed + i * in->size, in->size, in->ref_fixed + i * dsize);
    td_use_backend(alg, TD_SINGLE, NULL);
}

// SHAKE's squeeze: TB_SQUEEZE_IN bytes in, size bytes out. 0 on success.
static int input_make_squeeze(input *in, td_alg alg, size_t size)
{
    memset(in, 0, sizeof *in);
    in->size = size;
    in->batch = 1;
    uint64_t seed = 0x853C49E6748FEA9Bu ^ size;
    in->single = alloc_aligned(TB_SQUEEZE_IN);
    in->out = malloc(size > TD_MAX_DIGEST_SIZE ? size : TD_MAX_DIGEST_SIZE);
    in->ref_single = malloc(size > TD_MAX_DIGEST_SIZE ? size : TD_MAX_DIGEST_SIZE);
    if (in->single == NULL || in->out == NULL || in->ref_single == NULL)
        return -1;
    fill_random(in->single, TB_SQUEEZE_IN, &seed);
    td_use_backend(alg, TD_SINGLE, "portable");
    td_shake(alg, in->single, TB_SQUEEZE_IN, in->ref_single, size);
    td_use_backend(alg, TD_SINGLE, NULL);
    return 0;
}

// batch == 0: the single path's message; else what the multi (need_many)
// and fixed (need_fixed) subjects of that batch read. 0 on success.
static int input_make(input *in, td_alg alg, size_t size, size_t batch, int need_many,
                      int need_fixed)
{
    memset(in, 0, sizeof *in);
    in->size = size;
    in->batch = batch ? batch : 1;
    in->out = malloc(in->batch * TD_MAX_DIGEST_SIZE);
    if (in->out == NULL)
        return -1;
    if (batch == 0) {
        uint64_t seed = 0x9E3779B97F4A7C15u ^ size;
        in->single = alloc_aligned(size);
        in->ref_single = malloc(TD_MAX_DIGEST_SIZE);
        if (in->single == NULL || in->ref_single == NULL)
            return -1;
        fill_random(in->single, size, &seed);
        input_reference(in, alg);
        return 0;
    }
    // One stream of random bytes for the whole batch: no two messages alike.
    uint64_t seed = 0xD1B54A32D192ED03u ^ size ^ ((uint64_t)batch << 40);
    if (need_many) {
        in->bufs = calloc(batch, sizeof *in->bufs);
        in->ptrs = malloc(batch * sizeof *in->ptrs);
        in->lens = malloc(batch * sizeof *in->lens);
        in->ref_many = malloc(batch * TD_MAX_DIGEST_SIZE);
        if (!in->bufs || !in->ptrs || !in->lens || !in->ref_many)
            return -1;
        // Plain malloc, one buffer each, as a caller's messages would be.
        for (size_t i = 0; i < batch; i++) {
            in->bufs[i] = malloc(size);
            if (in->bufs[i] == NULL)
                return -1;
            fill_random(in->bufs[i], size, &seed);
            in->ptrs[i] = in->bufs[i];
            in->lens[i] = size;
        }
    }
    if (need_fixed) {
        in->fixed = alloc_aligned(batch * size);
        in->ref_fixed = malloc(batch * TD_MAX_DIGEST_SIZE);
        if (in->fixed == NULL || in->ref_fixed == NULL)
            return -1;
        fill_random(in->fixed, batch * size, &seed);
    }
    input_reference(in, alg);
    return 0;
}

static void pin(const subject *s)
{
    if (s->pin)
        td_use_backend(s->alg, s->pin_path, s->pin);
}

static void unpin(const subject *s)
{
    if (s->pin)
        td_use_backend(s->alg, s->pin_path, NULL);
}

// The streams path's timed batch: calls rounds of one chunk into every
// hash, started before and finished after the timing; the digests in
// in->out.
static uint64_t time_streams(const subject *s, input *in, uint64_t calls, tb_clock clock)
{
    const tb_feed how = s->kind == K_STREAMS        ? TB_FEED_MANY
                        : s->kind == K_LOOP_STREAMS ? TB_FEED_LOOP
                                                    : TB_FEED_OPENSSL;
    pin(s);
    tb_streams_start(&in->streams, how);
    const uint64_t t0 = tb_now_ns(clock);
    tb_streams_feed(&in->streams, how, in->ptrs, in->lens, calls);
    const uint64_t t1 = tb_now_ns(clock);
    tb_streams_finish(&in->streams, how, in->out);
    unpin(s);
    return t1 - t0;
}

// One timed batch: calls calls (or loops over the batch), in nanoseconds of
// the chosen clock. The digests of the last call are left in in->out.
static uint64_t time_batch(const subject *s, input *in, uint64_t calls, tb_clock clock)
{
    if (is_streams(s->kind))
        return time_streams(s, in, calls, clock);
    const td_alg alg = s->alg;
    const size_t n = in->batch, size = in->size, dsize = tb_out_size(alg);
    tb_hash_fn *const fn = s->fn;
    uint8_t *const out = in->out;
    uint8_t one[TD_MAX_DIGEST_SIZE];
    uint8_t acc = 0;
    const kind k = s->kind;
    assert(!reads_many(k) || in->ptrs != NULL); // group_input made what its kinds read
    pin(s);
    const uint64_t t0 = tb_now_ns(clock);
    switch (k) {
    case K_ONESHOT:
        for (uint64_t i = 0; i < calls; i++) {
            fn(in->single, size, one);
            acc ^= one[0];
        }
        break;
    case K_SQUEEZE:
        for (uint64_t i = 0; i < calls; i++) {
            s->xfn(in->single, TB_SQUEEZE_IN, out, size);
            acc ^= out[size ? size - 1 : 0];
        }
        break;
    case K_MANY:
        for (uint64_t i = 0; i < calls; i++) {
            td_hash_many(alg, n, in->ptrs, in->lens, out);
            acc ^= out[0];
        }
        break;
    case K_FIXED:
        for (uint64_t i = 0; i < calls; i++) {
            td_hash_many_fixed(alg, n, in->fixed, size, out);
            acc ^= out[0];
        }
        break;
    case K_LOOP_MANY:
        for (uint64_t i = 0; i < calls; i++) {
            for (size_t j = 0; j < n; j++)
                fn(in->ptrs[j], size, out + j * dsize);
            acc ^= out[0];
        }
        break;
    case K_LOOP_FIXED:
        for (uint64_t i = 0; i < calls; i++) {
            for (size_t j = 0; j < n; j++)
                fn(in->fixed + j * size, size, out + j * dsize);
            acc ^= out[0];
        }
        break;
    default: // the streams path, above
        break;
    }
    const uint64_t t1 = tb_now_ns(clock);
    unpin(s);
    if (s->kind == K_ONESHOT)
        memcpy(out, one, dsize);
    g_sink ^= acc;
    return t1 - t0;
}

// The same batch with the stack moved down by pad bytes: a round that
// happens to put the stack where it aliases the input (4 KiB aliasing) then
// does not decide the figure.
static uint64_t time_batch_at(size_t pad, const subject *s, input *in, uint64_t calls,
                              tb_clock clock)
{
#if !defined(__STDC_NO_VLA__)
    volatile uint8_t gap[pad + 1];
    gap[0] = 0;
    gap[pad] = 0;
    g_sink ^= gap[pad];
#else
    (void)pad;
#endif
    return time_batch(s, in, calls, clock);
}

// Calls per round for about target_ns; the doubling doubles as the warm-up.
static uint64_t calibrate(const subject *s, input *in, double target_ns, tb_clock clock)
{
    uint64_t calls = 1;
    for (;;) {
        const uint64_t t = time_batch(s, in, calls, clock);
        if ((double)t >= target_ns / 8.0 || calls >= (UINT64_C(1) << 40)) {
            const double scaled = (double)calls * target_ns / (double)(t ? t : 1);
            return scaled < 1.0 ? 1 : (uint64_t)scaled;
        }
        calls *= (double)t < target_ns / 200.0 ? 10u : 2u;
    }
}

// Digest check before timing: every subject against portable (which the
// OpenSSL rows in turn check against OpenSSL).
static int verify(const subject *s, input *in, tb_clock clock)
{
    const size_t dsize = s->kind == K_SQUEEZE ? in->size : tb_out_size(s->alg);
    const uint8_t *ref = s->kind == K_ONESHOT || s->kind == K_SQUEEZE ? in->ref_single
                         : reads_many(s->kind)                        ? in->ref_many
                                                                      : in->ref_fixed;
    assert(ref != NULL); // input_make made the references of every kind in the group
    const size_t n = s->kind == K_ONESHOT || s->kind == K_SQUEEZE ? 1 : in->batch;
    memset(in->out, 0, n * dsize);
    time_batch(s, in, 1, clock);
    size_t bad = 0;
    while (bad < n && memcmp(ref + bad * dsize, in->out + bad * dsize, dsize) == 0)
        bad++;
    if (bad == n)
        return 0;
    fprintf(stderr, "tdbench: wrong digest: %s, backend %s, %s path, %zu-byte message",
            td_alg_name(s->alg), s->backend, path_name(s->kind), in->size);
    if (s->kind == K_SQUEEZE)
        fprintf(stderr, " squeezed from %d bytes", TB_SQUEEZE_IN);
    else if (s->kind != K_ONESHOT)
        fprintf(stderr, " %zu of a batch of %zu", bad, n);
    fputc('\n', stderr);
    return -1;
}

// The core clock in GHz over 16 * n dependent adds; 0 when n is 0 (the
// clock is unknown here).
static double core_clock(tb_clock clock, uint64_t n)
{
    return n ? tb_core_ghz_once(clock, n) : 0.0;
}

static int selected(const tb_options *opt, const char *name)
{
    if (opt->nbackends == 0)
        return 1;
    for (size_t i = 0; i < opt->nbackends; i++) {
        if (strcmp(opt->backends[i], name) == 0)
            return 1;
    }
    return 0;
}

// The most subjects list_subjects can make for one algorithm.
static size_t subjects_cap(const tb_options *opt)
{
    return 2 * (MAX_BACKENDS + 2) + 3 * opt->nbatches * (MAX_BACKENDS + 3);
}

typedef struct subject_list {
    subject *s;
    size_t n, shown;
} subject_list;

static void add(subject_list *l, subject s)
{
    if (s.show)
        s.series = l->shown++;
    l->s[l->n++] = s;
}

static size_t backends_of(td_alg alg, td_path path, const char **names)
{
    const size_t n = td_backends(alg, path, names, MAX_BACKENDS);
    return n < MAX_BACKENDS ? n : MAX_BACKENDS;
}

// The loop a batch call is set beside: the typed one-shot on each message,
// or td_update on each stream.
static kind loop_of(kind call)
{
    return call == K_FIXED ? K_LOOP_FIXED : call == K_MANY ? K_LOOP_MANY : K_LOOP_STREAMS;
}

#ifdef TD_BENCH_OPENSSL
// OpenSSL's loop beside a batch call, the baseline of its ratios: its
// one-shot on each message, or its Update on each stream. Added only where
// something is shown (others) or it is asked for. SHA-3, which OpenSSL has
// through EVP alone, gets EVP's one-shot and EVP_DigestUpdate, shown as
// "openssl-evp".
static void add_openssl_loop(subject_list *l, const tb_options *opt, td_alg alg, size_t group,
                             kind call, int others)
{
    const char *name = tb_openssl_lowlevel(alg) != NULL ? "openssl" : "openssl-evp";
    if (!opt->openssl || !(others || selected(opt, name)))
        return;
    subject s = { .alg = alg, .kind = loop_of(call), .backend = name, .group = group,
                  .show = selected(opt, name), .baseline = 1 };
    if (call == K_STREAMS) {
        int evp = 0;
        if (tb_openssl_streams_of(alg, &evp) == NULL)
            return;
        s.kind = K_SSL_STREAMS;
    } else if ((s.fn = tb_openssl_lowlevel(alg)) == NULL
               && (s.fn = tb_openssl_evp(alg)) == NULL) {
        return;
    }
    add(l, s);
}
#endif

// One batch path (call: K_MANY, K_FIXED or K_STREAMS) at one batch: auto,
// each backend pinned, the loop of the typed one-shot (of td_update), the
// OpenSSL loop.
static void add_batch_path(subject_list *l, const tb_options *opt, td_alg alg, size_t group,
                           kind call)
{
    const kind loop = loop_of(call);
    const char *names[MAX_BACKENDS];
    const size_t count = backends_of(alg, TD_MULTI, names);
    const size_t before = l->n;
    if (selected(opt, TB_AUTO))
        add(l, (subject){ .alg = alg, .kind = call, .backend = TB_AUTO, .group = group,
                          .show = 1 });
    for (size_t i = 0; i < count; i++) {
        if (selected(opt, names[i]))
            add(l, (subject){ .alg = alg, .kind = call, .backend = names[i], .pin = names[i],
                              .pin_path = TD_MULTI, .group = group, .show = 1 });
    }
    if (selected(opt, TB_TD_LOOP))
        add(l, (subject){ .alg = alg, .kind = loop, .backend = TB_TD_LOOP,
                          .fn = oneshot_of(alg), .group = group, .show = 1 });
#ifdef TD_BENCH_OPENSSL
    add_openssl_loop(l, opt, alg, group, call, l->n > before);
#else
    (void)before;
#endif
}

// --merkle's rows, in the order of the question they answer: the library's
// calls as users make them, the loops they replace, then each backend.
static void add_merkle(subject_list *l, const tb_options *opt, td_alg alg)
{
    const char *names[MAX_BACKENDS];
    const size_t count = backends_of(alg, TD_MULTI, names);
    if (selected(opt, TB_AUTO)) {
        add(l, (subject){ .alg = alg, .kind = K_FIXED, .backend = TB_AUTO, .group = 1,
                          .show = 1 });
        add(l, (subject){ .alg = alg, .kind = K_MANY, .backend = TB_AUTO, .group = 1,
                          .show = 1 });
    }
    if (selected(opt, TB_TD_LOOP))
        add(l, (subject){ .alg = alg, .kind = K_LOOP_FIXED, .backend = TB_TD_LOOP,
                          .fn = oneshot_of(alg), .group = 1, .show = 1 });
#ifdef TD_BENCH_OPENSSL
    tb_hash_fn *ll = opt->openssl ? tb_openssl_lowlevel(alg) : NULL;
    if (ll)
        add(l, (subject){ .alg = alg, .kind = K_LOOP_FIXED, .backend = "openssl", .fn = ll,
                          .group = 1, .show = selected(opt, "openssl"), .baseline = 1 });
#endif
    for (size_t i = 0; i < count; i++) {
        if (selected(opt, names[i]))
            add(l, (subject){ .alg = alg, .kind = K_FIXED, .backend = names[i],
                              .pin = names[i], .pin_path = TD_MULTI, .group = 1, .show = 1 });
    }
}

// SHAKE's squeeze rows: each single-path backend pinned, then OpenSSL's
// EVP_DigestFinalXOF (the baseline).
static void add_squeeze(subject_list *l, const tb_options *opt, td_alg alg)
{
    const char *names[MAX_BACKENDS];
    const size_t count = backends_of(alg, TD_SINGLE, names);
    const size_t group = squeeze_group(opt), before = l->n;
    static tb_xof_fn *const ours[2] = { td_shake128_xof, td_shake256_xof };
    for (size_t i = 0; i < count; i++) {
        if (selected(opt, names[i]))
            add(l, (subject){ .alg = alg, .kind = K_SQUEEZE, .backend = names[i],
                              .pin = names[i], .pin_path = TD_SINGLE,
                              .xfn = ours[alg == TD_SHAKE256], .group = group, .show = 1 });
    }
#ifdef TD_BENCH_OPENSSL
    tb_xof_fn *evp = opt->openssl ? tb_openssl_xof(alg) : NULL;
    if (evp && (l->n > before || selected(opt, "openssl-evp")))
        add(l, (subject){ .alg = alg, .kind = K_SQUEEZE, .backend = "openssl-evp", .xfn = evp,
                          .group = group, .show = selected(opt, "openssl-evp"),
                          .baseline = 1 });
#else
    (void)before;
#endif
}

// The subjects for one algorithm, in display order: the single path (our
// backends best first, then OpenSSL), then the multi path and the fixed
// path, batch by batch.
static void list_subjects(const tb_options *opt, td_alg alg, subject_list *l)
{
    l->n = l->shown = 0;
    if (opt->merkle) {
        add_merkle(l, opt, alg);
        return;
    }
    if (opt->paths & TB_PATH_SINGLE) {
        const char *names[MAX_BACKENDS];
        const size_t count = backends_of(alg, TD_SINGLE, names);
        for (size_t i = 0; i < count; i++) {
            if (selected(opt, names[i]))
                add(l, (subject){ .alg = alg, .kind = K_ONESHOT, .backend = names[i],
                                  .pin = names[i], .pin_path = TD_SINGLE,
                                  .fn = oneshot_of(alg), .show = 1 });
        }
#ifdef TD_BENCH_OPENSSL
        if (opt->openssl) {
            tb_hash_fn *ll = tb_openssl_lowlevel(alg);
            tb_hash_fn *evp = tb_openssl_evp(alg);
            const int shown_here = l->n > 0 || selected(opt, "openssl")
                                   || (evp && selected(opt, "openssl-evp"));
            if (ll && shown_here)
                add(l, (subject){ .alg = alg, .kind = K_ONESHOT, .backend = "openssl", .fn = ll,
                                  .show = selected(opt, "openssl"), .baseline = 1 });
            // Without a low-level interface (SHA-3, SHAKE), EVP is the baseline.
            if (evp && (selected(opt, "openssl-evp") || (!ll && l->n > 0)))
                add(l, (subject){ .alg = alg, .kind = K_ONESHOT, .backend = "openssl-evp",
                                  .fn = evp, .show = selected(opt, "openssl-evp"),
                                  .baseline = ll == NULL });
        }
#endif
    }
    if (tb_is_xof(alg)) {
        // SHAKE: the squeeze workload, and no batch paths (td_hash_many and
        // its siblings take fixed-output algorithms only).
        if (opt->paths & TB_PATH_SQUEEZE)
            add_squeeze(l, opt, alg);
        return;
    }
    static const struct { unsigned bit; kind call; } batch_paths[] = {
        { TB_PATH_MULTI, K_MANY }, { TB_PATH_FIXED, K_FIXED }, { TB_PATH_STREAMS, K_STREAMS },
    };
    for (size_t p = 0; p < sizeof batch_paths / sizeof batch_paths[0]; p++) {
        if (!(opt->paths & batch_paths[p].bit))
            continue;
        for (size_t k = 0; k < opt->nbatches; k++)
            add_batch_path(l, opt, alg, 1 + k, batch_paths[p].call);
    }
}

static void progress(const char *alg, size_t size, size_t batch, size_t done, size_t total)
{
#if !defined(_WIN32)
    static int tty = -1;
    if (tty < 0)
        tty = isatty(2);
    if (!tty)
        return;
    if (alg == NULL)
        fprintf(stderr, "\r%70s\r", "");
    else if (batch == 0)
        fprintf(stderr, "\rtdbench: %-10s %8zu B              point %zu of %zu ", alg, size,
                done + 1, total);
    else
        fprintf(stderr, "\rtdbench: %-10s %8zu B x %-4zu msgs  point %zu of %zu ", alg, size,
                batch, done + 1, total);
    fflush(stderr);
#else
    (void)alg, (void)size, (void)batch, (void)done, (void)total;
#endif
}

// What one group at one size needs from the run as a whole.
typedef struct run_state {
    const tb_options *opt;
    double target_ns;
    uint64_t chain;                 // dependent adds beside each subject's batches
    int clocked;
    double *clocks;                 // core clock readings, for the run's median
    size_t nclocks, clock_cap;
    size_t done, points;
    // Each row's median and spread a message: core cycles, which tb_run
    // turns into ns at the run's clock, or ns where the clock is unknown.
    double *per_iter, *spread;
} run_state;

// A batch cut for huge messages (or chunks), said once, for the first
// algorithm: the cut is the same for every one.
static void say_cut(const tb_options *opt, td_alg alg, size_t size, size_t asked, size_t batch)
{
    int first = 0;
    while (!(opt->algs & (1u << first)))
        first++;
    if (tb_alg_slot(alg) != first)
        return;
    progress(NULL, 0, 0, 0, 0);
    if (opt->streams)
        fprintf(stderr, "tdbench: %zu-byte chunks: %zu streams cut to %zu (at most %zu MiB a "
                        "round)\n", size, asked, batch, BATCH_BYTES >> 20);
    else
        fprintf(stderr, "tdbench: %zu-byte messages: batch %zu cut to %zu (at most %zu MiB a "
                        "batch)\n", size, asked, batch, BATCH_BYTES >> 20);
}

// What the subjects of one group (idx[0..m-1] into S) read at one size;
// 0 on success.
static int group_input(input *in, const tb_options *opt, const subject *S, const size_t *idx,
                       size_t m, size_t size, size_t batch)
{
    const td_alg alg = S[idx[0]].alg;
    if (S[idx[0]].kind == K_SQUEEZE)
        return input_make_squeeze(in, alg, size);
    int need_many = 0, need_fixed = 0, need_streams = 0;
    for (size_t k = 0; k < m; k++) {
        const kind kd = S[idx[k]].kind;
        need_many |= reads_many(kd);
        need_fixed |= kd == K_FIXED || kd == K_LOOP_FIXED;
        need_streams |= is_streams(kd);
    }
    if (input_make(in, alg, size, batch, need_many, need_fixed) != 0)
        return -1;
    if (need_streams && tb_streams_make(&in->streams, alg, in->batch, opt->openssl) != 0)
        return -1;
    return 0;
}

// The input of one group (idx[0..m-1] into S) at size z, every subject's
// digests checked and its calls a batch calibrated; 0, or 1 after a digest
// mismatch or an allocation failure.
static int prepare_group(run_state *st, subject *S, const size_t *idx, size_t m, size_t group,
                         size_t z, input *in)
{
    const tb_options *opt = st->opt;
    const td_alg alg = S[idx[0]].alg;
    const size_t size = opt->sizes[z];
    const int batched = group > 0 && group <= opt->nbatches;   // not single, not squeeze
    const size_t asked = batched ? opt->batches[group - 1] : 0;
    const size_t batch = batched ? batch_for(size, asked) : 0;
    if (batch != asked)
        say_cut(opt, alg, size, asked, batch);
    if (group_input(in, opt, S, idx, m, size, batch) != 0) {
        fprintf(stderr, "tdbench: out of memory for %zu-byte messages\n", size);
        return 1;
    }
    progress(td_alg_name(alg), size, batch, st->done, st->points);
    for (size_t k = 0; k < m; k++)
        if (verify(&S[idx[k]], in, opt->clock) != 0)
            return 1;
    for (size_t k = 0; k < m; k++)
        S[idx[k]].calls = calibrate(&S[idx[k]], in, st->target_ns, opt->clock);
    return 0;
}

// The rounds of one group: each subject's samples, core cycles a message
// (ns where the core clock is unknown). Round by round across subjects,
// starting one further along each round, so that slow drift and the order
// within a round fall on every subject alike.
static void time_rounds(run_state *st, subject *S, const size_t *idx, size_t m, input *in)
{
    const tb_options *opt = st->opt;
    for (unsigned r = 0; r < opt->rounds; r++) {
        for (size_t k = 0; k < m; k++) {
            subject *s = &S[idx[(r + k) % m]];
            const size_t pad = ((size_t)r * 7u + k * 3u) % 16u * 64u + 16u * (r % 4u);
            // A round is SLICES short batches and counts the fastest: a
            // slice that a context switch or an interrupt landed in (cold
            // caches after it) drops out.
            const uint64_t calls = (s->calls + SLICES - 1) / SLICES;
            const double before = core_clock(opt->clock, st->chain);
            uint64_t best = UINT64_MAX;
            for (unsigned c = 0; c < SLICES; c++) {
                const uint64_t t = time_batch_at(pad, s, in, calls, opt->clock);
                best = t < best ? t : best;
            }
            const double after = core_clock(opt->clock, st->chain);
            const double msgs = (double)calls * (double)in->batch;
            // The core clock right beside the batches (the faster of the
            // two readings: preemption only lowers one) turns the time into
            // core cycles, which do not move when the host changes the
            // vCPU's clock between rounds.
            const double g = before > after ? before : after;
            s->samples[r] = (double)best / msgs * (g > 0 ? g : 1.0);
            if (g > 0 && st->nclocks < st->clock_cap)
                st->clocks[st->nclocks++] = g;
        }
    }
}

// The rows of one group at size z from its samples: res[row_base + series
// * nsizes + z], with st->per_iter and st->spread beside them. Each path's
// ratios are over its own OpenSSL loop; --merkle's td_hash_many row, which
// has none, takes the fixed path's (the same nodes). Times and MB/s follow
// once the run's clock is known (tb_run).
static void fill_rows(run_state *st, subject *S, const size_t *idx, size_t m, size_t group,
                      size_t z, const input *in, tb_result *res, size_t row_base)
{
    const tb_options *opt = st->opt;
    const size_t size = opt->sizes[z];
    double base[NPATHS] = { -1.0, -1.0, -1.0, -1.0, -1.0 }, any_base = -1.0;
    for (size_t k = 0; k < m; k++) {
        subject *s = &S[idx[k]];
        double lo = s->samples[0], hi = s->samples[0];
        for (unsigned r = 1; r < opt->rounds; r++) {
            lo = s->samples[r] < lo ? s->samples[r] : lo;
            hi = s->samples[r] > hi ? s->samples[r] : hi;
        }
        const double med = tb_median(s->samples, opt->rounds);
        if (s->baseline) {
            base[path_index(s->kind)] = med;
            any_base = med;
        }
        if (!s->show)
            continue;
        const size_t row = row_base + s->series * opt->nsizes + z;
        tb_result *o = &res[row];
        o->alg = S[idx[0]].alg;
        o->path = path_name(s->kind);
        o->backend = s->backend;
        o->size = size;
        o->batch = in->batch;
        o->batch_asked = group > 0 && group <= opt->nbatches ? opt->batches[group - 1] : 1;
        st->per_iter[row] = med;
        st->spread[row] = hi - lo;
        o->cycles_per_byte = st->clocked ? med / (double)size : -1.0;
        o->rounds = opt->rounds;
        o->iters = s->calls * (uint64_t)in->batch;
    }
    for (size_t k = 0; k < m; k++) {
        const subject *s = &S[idx[k]];
        if (!s->show)
            continue;
        const size_t row = row_base + s->series * opt->nsizes + z;
        const double b = base[path_index(s->kind)] > 0 ? base[path_index(s->kind)] : any_base;
        const double mine = st->per_iter[row];
        res[row].ratio = b > 0 && mine > 0 ? b / mine : b > 0 ? 0.0 : -1.0;
    }
}

// Measures the subjects of one group (idx[0..m-1] into S) at one size and
// fills their rows; 0, or 1 after a digest mismatch or an allocation
// failure.
static int measure_group(run_state *st, subject *S, const size_t *idx, size_t m, size_t group,
                         size_t z, tb_result *res, size_t row_base)
{
    input in;
    const int status = prepare_group(st, S, idx, m, group, z, &in);
    if (status == 0) {
        time_rounds(st, S, idx, m, &in);
        fill_rows(st, S, idx, m, group, z, &in, res, row_base);
        st->done += m;
    }
    input_free(&in);
    return status;
}

// The clock that turns the run's cycles back into time: by default the
// median of its readings, so MB/s are what the core delivered; with
// --nominal-clock the TSC's rate, the part's nominal clock and the same in
// every run. On a shared host the vCPU's clock moves between runs, and
// real-time MB/s with it; ratios and cycles/byte do not. 0 where
// the core clock is unknown (the rows are in ns already).
static double time_clock(const tb_options *opt, const run_state *st, double counter_ghz,
                         int *nominal)
{
    double ref_ghz = 0.0;
    *nominal = 0;
    if (!st->clocked)
        return 0.0;
#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64) || defined(_M_IX86)
    if (opt->nominal_clock && counter_ghz > 0) {
        ref_ghz = counter_ghz;
        *nominal = 1;
    }
#else
    (void)opt, (void)counter_ghz;
#endif
    if (ref_ghz <= 0 && st->nclocks > 0)
        ref_ghz = tb_median(st->clocks, st->nclocks);
    return ref_ghz;
}

// The rows' times, MB/s and counter_per_byte, from st's cycles (or ns) at
// ref_ghz.
static void rows_in_time(tb_result *res, size_t nres, const run_state *st, double ref_ghz,
                         double counter_ghz)
{
    for (size_t i = 0; i < nres; i++) {
        tb_result *o = &res[i];
        o->ns_per_iter = ref_ghz > 0 ? st->per_iter[i] / ref_ghz : st->per_iter[i];
        o->spread_ns = ref_ghz > 0 ? st->spread[i] / ref_ghz : st->spread[i];
        o->mb_per_s = o->ns_per_iter > 0 ? (double)o->size * 1e3 / o->ns_per_iter : 0.0;
        o->counter_per_byte =
            counter_ghz > 0 ? o->ns_per_iter * counter_ghz / (double)o->size : -1.0;
    }
}

// The length of a round and the chain beside its batches, into st and meta.
// --quick keeps the whole run near QUICK_BUDGET_MS of CPU however many
// backends there are: rounds shrink (to no less than 2 ms) as rows grow.
static void plan_rounds(run_state *st, tb_meta *meta, double core_ghz)
{
    const tb_options *opt = st->opt;
    double round_ms = opt->round_ms;
    if (opt->quick && !opt->round_ms_explicit && st->points > 0) {
        const double fit = QUICK_BUDGET_MS / ((double)st->points * (opt->rounds + 0.5));
        round_ms = fit < round_ms ? (fit > 2.0 ? fit : 2.0) : round_ms;
    }
    st->target_ns = round_ms * 1e6;
    meta->round_ms = round_ms;
    meta->merkle = opt->merkle;
    meta->streams = (opt->paths & TB_PATH_STREAMS) != 0;
    meta->batch_paths = (opt->paths & (TB_PATH_MULTI | TB_PATH_FIXED)) != 0;
    // Beside every subject's batches of a round, a chain of dependent adds
    // of about 1/64 round.
    st->chain = st->clocked ? (uint64_t)(st->target_ns * core_ghz / 16.0 / 64.0) + 1 : 0;
}

// Every group of one algorithm's subjects at every size, into the rows from
// row_base on; samples and idx are scratch for its subjects. 0, or
// measure_group's 1.
static int measure_alg(run_state *st, const subject_list *list, double *samples, size_t *idx,
                       tb_result *res, size_t row_base)
{
    const tb_options *opt = st->opt;
    subject *const S = list->s;
    for (size_t j = 0; j < list->n; j++)
        S[j].samples = samples + j * opt->rounds;
    for (size_t z = 0; z < opt->nsizes; z++) {
        for (size_t g = 0; g <= squeeze_group(opt); g++) {
            size_t m = 0;
            for (size_t j = 0; j < list->n; j++)
                if (S[j].group == g)
                    idx[m++] = j;
            if (m > 0 && measure_group(st, S, idx, m, g, z, res, row_base) != 0)
                return 1;
        }
    }
    return 0;
}

int tb_run(const tb_options *opt, tb_meta *meta, tb_result **out, size_t *count)
{
    if (opt->pbkdf2)
        return tb_run_pbkdf2(opt, meta, out, count);
    const double counter_ghz = meta->counter_ghz, core_ghz = meta->core_ghz;
    const int clocked = core_ghz > 0;
    const size_t cap = subjects_cap(opt);
    subject_list lists[TB_NALGS];           // by slot (tb_alg_slot)
    memset(lists, 0, sizeof lists);
    size_t total_subjects = 0, shown = 0, most = 0;
    int status = 0;
    for (int a = 0; a < TB_NALGS && status == 0; a++) {
        if (!(opt->algs & (1u << a)))
            continue;
        lists[a].s = calloc(cap, sizeof *lists[a].s);
        if (lists[a].s == NULL) {
            status = 1;
            break;
        }
        list_subjects(opt, tb_alg_at(a), &lists[a]);
        total_subjects += lists[a].n;
        shown += lists[a].shown;
        most = lists[a].n > most ? lists[a].n : most;
    }

    const size_t nres = shown * opt->nsizes;
    tb_result *res = calloc(nres ? nres : 1, sizeof *res);
    double *samples = calloc((most ? most : 1) * opt->rounds, sizeof *samples);
    size_t *idx = malloc((most ? most : 1) * sizeof *idx);
    // One clock reading per subject and round, for the whole run.
    run_state st = { .opt = opt, .clocked = clocked };
    st.clock_cap = total_subjects * opt->nsizes * opt->rounds;
    st.clocks = calloc(st.clock_cap ? st.clock_cap : 1, sizeof *st.clocks);
    st.per_iter = calloc(nres ? nres : 1, sizeof *st.per_iter);
    st.spread = calloc(nres ? nres : 1, sizeof *st.spread);
    if (status != 0 || res == NULL || samples == NULL || idx == NULL || st.clocks == NULL ||
        st.per_iter == NULL || st.spread == NULL) {
        fprintf(stderr, "tdbench: out of memory\n");
        status = 1;
    }

    st.points = total_subjects * opt->nsizes;
    plan_rounds(&st, meta, core_ghz);
    size_t row_base = 0;
    for (int a = 0; a < TB_NALGS && status == 0; a++) {
        if (lists[a].s != NULL)
            status = measure_alg(&st, &lists[a], samples, idx, res, row_base);
        row_base += lists[a].shown * opt->nsizes;
    }
    progress(NULL, 0, 0, 0, 0);

    int nominal = 0;
    const double ref_ghz = status == 0 ? time_clock(opt, &st, counter_ghz, &nominal) : 0.0;
    meta->time_ghz = ref_ghz;
    meta->time_nominal = nominal;
    if (status == 0)
        rows_in_time(res, nres, &st, ref_ghz, counter_ghz);
    for (int a = 0; a < TB_NALGS; a++)
        free(lists[a].s);
    free(st.clocks);
    free(st.per_iter);
    free(st.spread);
    free(samples);
    free(idx);
    if (status != 0) {
        free(res);
        return status;
    }
    *out = res;
    *count = nres;
    return 0;
}
