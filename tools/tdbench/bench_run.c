// SPDX-License-Identifier: Apache-2.0
// What tdbench measures and in which order: the list of subjects (every
// backend from td_backends() on both paths, OpenSSL beside them), digest
// checks before timing, calibration, and rounds interleaved across subjects.

#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdlib.h>
#include <string.h>
#if !defined(_WIN32)
#include <unistd.h>
#endif

#include "tdbench.h"

enum {
    MAX_SUBJECTS = 64,              // per algorithm
    MAX_ROUNDS = 1001,
    MULTI_BYTES = 16u << 20,        // a batch is cut down to about this much input
    MULTI_MIN_BATCH = 16,           // ... but never below the widest lane count
};
#define QUICK_BUDGET_MS 10000.0
#ifndef SLICES
#define SLICES 4u
#endif

typedef struct subject {
    td_alg alg;
    td_path path;
    const char *backend;
    tb_hash_fn *fn;                 // single path: the function timed
    int ours;                       // pin with td_use_backend around each batch
    int show;                       // 0: measured only as the ratio's baseline
    int baseline;                   // OpenSSL low-level: the ratio's 1.0
    uint64_t calls;                 // per round: fn calls or td_hash_many calls
    double *samples;                // ns per message, one per round
} subject;

// The input of one size: one message for the single path, a batch of
// distinct messages for the multi path.
typedef struct point {
    size_t size;
    uint8_t *single;
    uint8_t *many;
    const void **ptrs;
    size_t *lens;
    size_t batch;
    uint8_t *out;                   // batch * TD_MAX_DIGEST_SIZE
} point;

// Results end up here so that no call can be proven dead.
static volatile uint8_t g_sink;

static tb_hash_fn *const typed_oneshot[TD_ALG_COUNT] = {
    td_md5, td_sha1, td_sha224, td_sha256, td_sha384, td_sha512, td_sha512_224, td_sha512_256,
};

static void *alloc_aligned(size_t size)
{
    const size_t rounded = (size + 63) / 64 * 64;
    return aligned_alloc(64, rounded ? rounded : 64);
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

static void point_free(point *pt)
{
    free(pt->single);
    free(pt->many);
    free(pt->ptrs);
    free(pt->lens);
    free(pt->out);
    memset(pt, 0, sizeof *pt);
}

static int point_make(point *pt, size_t size, size_t batch, int need_multi)
{
    memset(pt, 0, sizeof *pt);
    uint64_t seed = 0x9E3779B97F4A7C15u ^ size;
    pt->size = size;
    pt->single = alloc_aligned(size);
    if (pt->single == NULL)
        return -1;
    fill_random(pt->single, size, &seed);
    if (!need_multi)
        return 0;
    size_t stride = (size + 63) / 64 * 64;
    while (batch > MULTI_MIN_BATCH && batch * stride > MULTI_BYTES)
        batch /= 2;
    size_t total = batch * stride;
    if (total > 4 * MULTI_BYTES) {
        // Huge messages: let them overlap (td_hash_many allows it), 4 KiB apart.
        stride = 4096;
        total = (size + 63) / 64 * 64 + (batch - 1) * stride;
    }
    pt->batch = batch;
    pt->many = alloc_aligned(total);
    pt->ptrs = malloc(batch * sizeof *pt->ptrs);
    pt->lens = malloc(batch * sizeof *pt->lens);
    pt->out = malloc(batch * TD_MAX_DIGEST_SIZE);
    if (!pt->many || !pt->ptrs || !pt->lens || !pt->out)
        return -1;
    fill_random(pt->many, total, &seed);
    for (size_t i = 0; i < batch; i++) {
        pt->ptrs[i] = pt->many + i * stride;
        pt->lens[i] = size;
    }
    return 0;
}

static void pin(const subject *s)
{
    if (s->ours)
        td_use_backend(s->alg, s->path, s->backend);
}

static void unpin(const subject *s)
{
    if (s->ours)
        td_use_backend(s->alg, s->path, NULL);
}

// One timed batch: calls calls, in nanoseconds of the chosen clock.
static uint64_t time_batch(const subject *s, const point *pt, uint64_t calls, tb_clock clock)
{
    uint8_t out[TD_MAX_DIGEST_SIZE];
    uint8_t acc = 0;
    pin(s);
    const uint64_t t0 = tb_now_ns(clock);
    if (s->path == TD_SINGLE) {
        tb_hash_fn *const fn = s->fn;
        for (uint64_t i = 0; i < calls; i++) {
            fn(pt->single, pt->size, out);
            acc ^= out[0];
        }
    } else {
        for (uint64_t i = 0; i < calls; i++) {
            td_hash_many(s->alg, pt->batch, pt->ptrs, pt->lens, pt->out);
            acc ^= pt->out[0];
        }
    }
    const uint64_t t1 = tb_now_ns(clock);
    unpin(s);
    g_sink ^= acc;
    return t1 - t0;
}

// The same batch with the stack moved down by pad bytes: a round that
// happens to put the stack where it aliases the input (4 KiB aliasing) then
// does not decide the figure.
static uint64_t time_batch_at(size_t pad, const subject *s, const point *pt, uint64_t calls,
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
    return time_batch(s, pt, calls, clock);
}

// Calls per round for about target_ns; the doubling doubles as the warm-up.
static uint64_t calibrate(const subject *s, const point *pt, double target_ns, tb_clock clock)
{
    uint64_t calls = 1;
    for (;;) {
        const uint64_t t = time_batch(s, pt, calls, clock);
        if ((double)t >= target_ns / 8.0 || calls >= (UINT64_C(1) << 40)) {
            const double scaled = (double)calls * target_ns / (double)(t ? t : 1);
            return scaled < 1.0 ? 1 : (uint64_t)scaled;
        }
        calls *= (double)t < target_ns / 200.0 ? 10u : 2u;
    }
}

// Digest check before timing: every subject against portable (which the
// OpenSSL rows in turn check against OpenSSL).
static int verify(const subject *s, const point *pt)
{
    const size_t dsize = td_digest_size(s->alg);
    uint8_t ref[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE];
    int ok = 1;
    td_use_backend(s->alg, TD_SINGLE, "portable");
    if (s->path == TD_SINGLE) {
        td_hash(s->alg, pt->single, pt->size, ref);
        td_use_backend(s->alg, TD_SINGLE, NULL);
        memset(got, 0, sizeof got);
        pin(s);
        s->fn(pt->single, pt->size, got);
        unpin(s);
        ok = memcmp(ref, got, dsize) == 0;
    } else {
        memset(pt->out, 0, pt->batch * dsize);
        pin(s);
        const int rc = td_hash_many(s->alg, pt->batch, pt->ptrs, pt->lens, pt->out);
        unpin(s);
        ok = rc == TD_OK;
        for (size_t i = 0; ok && i < pt->batch; i++) {
            td_hash(s->alg, pt->ptrs[i], pt->lens[i], ref);
            ok = memcmp(ref, pt->out + i * dsize, dsize) == 0;
        }
        td_use_backend(s->alg, TD_SINGLE, NULL);
    }
    td_use_backend(s->alg, TD_SINGLE, NULL);
    if (!ok)
        fprintf(stderr, "tdbench: wrong digest: %s, backend %s, %s path, %zu-byte message%s\n",
                td_alg_name(s->alg), s->backend, s->path == TD_SINGLE ? "single" : "multi",
                pt->size, s->path == TD_MULTI ? "s" : "");
    return ok ? 0 : -1;
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

// The subjects for one algorithm, in display order: our single-path
// backends best first, our multi-path ones, then OpenSSL.
static size_t list_subjects(const tb_options *opt, td_alg alg, subject *subs)
{
    size_t n = 0;
    for (int p = 0; p < 2; p++) {
        if (!(opt->paths & (1u << p)))
            continue;
        const char *names[MAX_SUBJECTS];
        size_t count = td_backends(alg, (td_path)p, names, MAX_SUBJECTS);
        if (count > MAX_SUBJECTS)
            count = MAX_SUBJECTS;
        for (size_t i = 0; i < count && n < MAX_SUBJECTS - 2; i++) {
            if (!selected(opt, names[i]))
                continue;
            subs[n++] = (subject){ .alg = alg, .path = (td_path)p, .backend = names[i],
                                   .fn = typed_oneshot[alg], .ours = 1, .show = 1 };
        }
    }
#ifdef TD_BENCH_OPENSSL
    if (opt->openssl) {
        tb_hash_fn *ll = tb_openssl_lowlevel(alg);
        tb_hash_fn *evp = tb_openssl_evp(alg);
        if (ll)
            subs[n++] = (subject){ .alg = alg, .path = TD_SINGLE, .backend = "openssl",
                                   .fn = ll, .show = selected(opt, "openssl"), .baseline = 1 };
        if (evp && selected(opt, "openssl-evp"))
            subs[n++] = (subject){ .alg = alg, .path = TD_SINGLE, .backend = "openssl-evp",
                                   .fn = evp, .show = 1 };
    }
#endif
    return n;
}

static void progress(const char *alg, size_t size, size_t done, size_t total)
{
#if !defined(_WIN32)
    static int tty = -1;
    if (tty < 0)
        tty = isatty(2);
    if (!tty)
        return;
    if (alg == NULL)
        fprintf(stderr, "\r%60s\r", "");
    else
        fprintf(stderr, "\rtdbench: %-10s %8zu B   point %zu of %zu ", alg, size, done + 1, total);
    fflush(stderr);
#else
    (void)alg, (void)size, (void)done, (void)total;
#endif
}

int tb_run(const tb_options *opt, tb_meta *meta, tb_result **out, size_t *count)
{
    const double counter_ghz = meta->counter_ghz, core_ghz = meta->core_ghz;
    const int clocked = core_ghz > 0;
    subject subs[TD_ALG_COUNT][MAX_SUBJECTS];
    size_t nsubs[TD_ALG_COUNT] = { 0 };
    size_t total_subjects = 0, shown = 0;
    for (int a = 0; a < TD_ALG_COUNT; a++) {
        if (!(opt->algs & (1u << a)))
            continue;
        nsubs[a] = list_subjects(opt, (td_alg)a, subs[a]);
        total_subjects += nsubs[a];
        for (size_t j = 0; j < nsubs[a]; j++)
            shown += subs[a][j].show != 0;
    }

    const size_t nres = shown * opt->nsizes;
    tb_result *res = calloc(nres ? nres : 1, sizeof *res);
    double *samples = calloc((size_t)MAX_SUBJECTS * opt->rounds, sizeof *samples);
    // One clock reading per subject and round, for the whole run.
    const size_t clock_cap = total_subjects * opt->nsizes * opt->rounds;
    double *clocks = malloc((clock_cap ? clock_cap : 1) * sizeof *clocks);
    size_t nclocks = 0;
    if (res == NULL || samples == NULL || clocks == NULL) {
        free(res);
        free(samples);
        free(clocks);
        fprintf(stderr, "tdbench: out of memory\n");
        return 1;
    }

    // --quick keeps the whole run near QUICK_BUDGET_MS of CPU however many
    // backends there are: rounds shrink (to no less than 2 ms) as rows grow.
    double round_ms = opt->round_ms;
    const size_t points = total_subjects * opt->nsizes;
    if (opt->quick && !opt->round_ms_explicit && points > 0) {
        const double fit = QUICK_BUDGET_MS / ((double)points * (opt->rounds + 0.5));
        round_ms = fit < round_ms ? (fit > 2.0 ? fit : 2.0) : round_ms;
    }
    const double target_ns = round_ms * 1e6;
    meta->round_ms = round_ms;
    const int need_multi = (opt->paths & TB_PATH_MULTI) != 0;
    size_t row_base = 0, done = 0;
    int status = 0;
    // Beside every subject's batches of a round, a chain of dependent adds
    // of about 1/64 round.
    const uint64_t chain = clocked ? (uint64_t)(target_ns * core_ghz / 16.0 / 64.0) + 1 : 0;

    for (int a = 0; a < TD_ALG_COUNT && status == 0; a++) {
        const size_t ns = nsubs[a];
        if (ns == 0)
            continue;
        subject *const S = subs[a];
        for (size_t j = 0; j < ns; j++)
            S[j].samples = samples + j * opt->rounds;
        size_t shown_here = 0;
        for (size_t j = 0; j < ns; j++)
            shown_here += S[j].show != 0;

        for (size_t z = 0; z < opt->nsizes && status == 0; z++) {
            point pt;
            if (point_make(&pt, opt->sizes[z], opt->batch, need_multi) != 0) {
                point_free(&pt);
                fprintf(stderr, "tdbench: out of memory for %zu-byte messages\n",
                        opt->sizes[z]);
                status = 1;
                break;
            }
            progress(td_alg_name((td_alg)a), pt.size, done, points);
            for (size_t j = 0; j < ns && status == 0; j++) {
                if (verify(&S[j], &pt) != 0)
                    status = 1;
            }
            if (status != 0) {
                point_free(&pt);
                break;
            }
            for (size_t j = 0; j < ns; j++)
                S[j].calls = calibrate(&S[j], &pt, target_ns, opt->clock);

            // Round by round across subjects, starting one further along
            // each round, so that slow drift and the order within a round
            // fall on every subject alike.
            for (unsigned r = 0; r < opt->rounds; r++) {
                for (size_t k = 0; k < ns; k++) {
                    const size_t j = (r + k) % ns;
                    const subject *s = &S[j];
                    const size_t pad = ((size_t)r * 7u + k * 3u) % 16u * 64u + 16u * (r % 4u);
                    // A round is SLICES short batches and counts the
                    // fastest: a slice that a context switch or an
                    // interrupt landed in (cold caches after it) drops out.
                    const uint64_t calls = (s->calls + SLICES - 1) / SLICES;
                    const double before = core_clock(opt->clock, chain);
                    uint64_t best = UINT64_MAX;
                    for (unsigned c = 0; c < SLICES; c++) {
                        const uint64_t t = time_batch_at(pad, s, &pt, calls, opt->clock);
                        best = t < best ? t : best;
                    }
                    const double after = core_clock(opt->clock, chain);
                    const double msgs =
                        (double)calls * (double)(s->path == TD_MULTI ? pt.batch : 1);
                    // The core clock right beside the batches (the faster of
                    // the two readings: preemption only lowers one) turns
                    // the time into core cycles, which do not move when
                    // the host changes the vCPU's clock between rounds.
                    const double g = before > after ? before : after;
                    s->samples[r] = (double)best / msgs * (g > 0 ? g : 1.0);
                    if (g > 0 && nclocks < clock_cap)
                        clocks[nclocks++] = g;
                }
            }

            // Cycles per message (ns where the core clock is unknown) for
            // now; times and MB/s follow below, once the run's clock is known.
            double base = -1.0;
            size_t shown_idx = 0;
            for (size_t j = 0; j < ns; j++) {
                subject *s = &S[j];
                double lo = s->samples[0], hi = s->samples[0];
                for (unsigned r = 1; r < opt->rounds; r++) {
                    lo = s->samples[r] < lo ? s->samples[r] : lo;
                    hi = s->samples[r] > hi ? s->samples[r] : hi;
                }
                const double med = tb_median(s->samples, opt->rounds);
                if (s->baseline)
                    base = med;
                if (!s->show)
                    continue;
                // Rows are algorithm-major, then subject, then size.
                tb_result *o = &res[row_base + shown_idx++ * opt->nsizes + z];
                o->alg = (td_alg)a;
                o->path = s->path == TD_SINGLE ? "single" : "multi";
                o->backend = s->backend;
                o->size = pt.size;
                o->batch = s->path == TD_MULTI ? pt.batch : 1;
                o->ns_per_iter = med;
                o->spread_ns = hi - lo;
                o->cycles_per_byte = clocked ? med / (double)pt.size : -1.0;
                o->ratio = -1.0;
                o->rounds = opt->rounds;
                o->iters = s->calls * (uint64_t)o->batch;
            }
            if (base > 0) {
                for (size_t i = 0; i < shown_here; i++) {
                    tb_result *o = &res[row_base + i * opt->nsizes + z];
                    o->ratio = o->ns_per_iter > 0 ? base / o->ns_per_iter : 0.0;
                }
            }
            done += ns;
            point_free(&pt);
        }
        row_base += shown_here * opt->nsizes;
    }
    progress(NULL, 0, 0, 0);

    // Back from cycles to time at one clock for the whole run: by default the
    // median of this run's readings, so MB/s are what the core delivered;
    // with --nominal-clock the TSC's rate, the part's nominal clock and the
    // same in every run. On a shared host the vCPU's clock moves by 10% and
    // more between runs, and real-time MB/s with it; ratios and cycles/byte
    // do not (measured here: 1-1.4% median movement over three runs).
    double ref_ghz = 0.0;
    int nominal = 0;
    if (clocked) {
#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64) || defined(_M_IX86)
        if (opt->nominal_clock && counter_ghz > 0) {
            ref_ghz = counter_ghz;
            nominal = 1;
        }
#endif
        if (ref_ghz <= 0 && nclocks > 0)
            ref_ghz = tb_median(clocks, nclocks);
    }
    meta->time_ghz = ref_ghz;
    meta->time_nominal = nominal;
    for (size_t i = 0; i < nres && status == 0; i++) {
        tb_result *o = &res[i];
        if (ref_ghz > 0) {
            o->ns_per_iter /= ref_ghz;
            o->spread_ns /= ref_ghz;
        }
        o->mb_per_s = o->ns_per_iter > 0 ? (double)o->size * 1e3 / o->ns_per_iter : 0.0;
        o->counter_per_byte =
            counter_ghz > 0 ? o->ns_per_iter * counter_ghz / (double)o->size : -1.0;
    }
    free(clocks);
    free(samples);
    if (status != 0) {
        free(res);
        return status;
    }
    *out = res;
    *count = nres;
    return 0;
}
