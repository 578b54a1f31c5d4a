// SPDX-License-Identifier: Apache-2.0
// tdbench --pbkdf2: ns per PBKDF2 iteration of td_pbkdf2_hmac beside
// OpenSSL's PKCS5_PBKDF2_HMAC, and the bound PBKDF2 is held to: two
// single-block compressions of the single path's backend, called as PBKDF2
// calls them, timed on their own (the library's block functions: src/ is on
// this file's include path). With SHA-1, WPA2's case too: 4096 iterations,
// 32 bytes (two output blocks) against 20.

#include <stdlib.h>
#include <string.h>

#include "td_internal.h" // the bound's block function (td_backend_row_for)
#include "tdbench.h"

#ifndef SLICES
#define SLICES 4u
#endif

enum { SALT_SIZE = 32, PASSWORD_SIZE = 8, WPA2_ITERATIONS = 4096, MAX_SUBJECTS = 8 };

typedef enum pb_kind { PB_TD, PB_OPENSSL, PB_TWO_BLOCKS } pb_kind;

typedef struct pb_subject {
    td_alg alg;
    pb_kind kind;
    size_t out_len;
    uint64_t iterations;
    uint64_t calls;   // derivations a round (pairs of compressions for the bound)
    double *samples;  // cycles (or ns) per iteration, one per round
} pb_subject;

static const uint8_t password[PASSWORD_SIZE] = { 'p', 'a', 's', 's', 'w', 'o', 'r', 'd' };
static uint8_t salt[SALT_SIZE];
static volatile uint8_t g_sink;

static const char *backend_name(pb_kind kind)
{
    return kind == PB_TD ? TB_AUTO : kind == PB_OPENSSL ? "openssl" : TB_TWO_BLOCKS;
}

// ------------------------------------------------------------------ subjects

// n pairs of single-block compressions of one family on one state (of
// type td_FAM_state), each call waiting for the last: PBKDF2's two an
// iteration.
#define TWO_BLOCKS(fam)                                  \
    do {                                                 \
        _Alignas(64) td_##fam##_state s;                 \
        memset(&s, 0x36, sizeof s);                      \
        for (uint64_t i = 0; i < n; i++) {               \
            row->blocks.fam(&s, block, 1);               \
            row->blocks.fam(&s, block, 1);               \
        }                                                \
        g_sink ^= (uint8_t)s.h[0];                       \
    } while (0)

// The bound: n pairs through the single path's row.
static void two_blocks(td_alg alg, uint64_t n)
{
    const td_backend_row *row = td_backend_row_for(alg, TD_SINGLE);
    _Alignas(64) uint8_t block[TD_MAX_BLOCK_SIZE];
    memset(block, 0x5c, sizeof block);
    switch (td_alg_info_of(alg)->family) {
    case TD_FAMILY_MD5:    TWO_BLOCKS(md5); break;
    case TD_FAMILY_SHA1:   TWO_BLOCKS(sha1); break;
    case TD_FAMILY_SHA256: TWO_BLOCKS(sha256); break;
    case TD_FAMILY_SHA3: {
        // Keccak-f[1600] absorbing one block of the rate (HMAC's block).
        const size_t rate = td_block_size(alg);
        _Alignas(64) td_sha3_state s;
        memset(&s, 0x36, sizeof s);
        for (uint64_t i = 0; i < n; i++) {
            row->blocks.sha3(&s, block, 1, rate);
            row->blocks.sha3(&s, block, 1, rate);
        }
        g_sink ^= (uint8_t)s.a[0];
        break;
    }
    default:               TWO_BLOCKS(sha512); break;
    }
}

// One derivation of s into out; 0 on success.
static int derive(const pb_subject *s, uint8_t *out)
{
    if (s->kind == PB_TD)
        return td_pbkdf2_hmac(s->alg, password, sizeof password, salt, sizeof salt, s->iterations,
                              out, s->out_len) == TD_OK ? 0 : -1;
#ifdef TD_BENCH_OPENSSL
    return tb_openssl_pbkdf2(s->alg, password, sizeof password, salt, sizeof salt, s->iterations,
                             out, s->out_len);
#else
    return -1;
#endif
}

// calls rounds of the subject, in ns of the clock.
static uint64_t time_calls(const pb_subject *s, uint64_t calls, tb_clock clock)
{
    uint8_t out[2 * TD_MAX_DIGEST_SIZE] = { 0 };
    const uint64_t t0 = tb_now_ns(clock);
    if (s->kind == PB_TWO_BLOCKS) {
        two_blocks(s->alg, calls * s->iterations);
    } else {
        for (uint64_t c = 0; c < calls; c++)
            derive(s, out);
    }
    const uint64_t t1 = tb_now_ns(clock);
    g_sink ^= out[0];
    return t1 - t0;
}

// The reference output: OpenSSL's where it is measured, else ours on the
// portable backends pinned on both paths; 0 on success.
static int reference(const pb_subject *s, int with_openssl, uint8_t *want)
{
#ifdef TD_BENCH_OPENSSL
    if (with_openssl)
        return tb_openssl_pbkdf2(s->alg, password, sizeof password, salt, sizeof salt,
                                 s->iterations, want, s->out_len);
#else
    (void)with_openssl;
#endif
    td_use_backend(s->alg, TD_SINGLE, "portable");
    td_use_backend(s->alg, TD_MULTI, "portable");
    const int rc = td_pbkdf2_hmac(s->alg, password, sizeof password, salt, sizeof salt,
                                  s->iterations, want, s->out_len);
    td_use_backend(s->alg, TD_SINGLE, NULL);
    td_use_backend(s->alg, TD_MULTI, NULL);
    return rc == TD_OK ? 0 : -1;
}

// The derivations checked before timing.
static int verify(const pb_subject *s, int with_openssl)
{
    if (s->kind == PB_TWO_BLOCKS)
        return 0;
    uint8_t got[2 * TD_MAX_DIGEST_SIZE], want[2 * TD_MAX_DIGEST_SIZE];
    if (derive(s, got) == 0 && reference(s, with_openssl, want) == 0 &&
        memcmp(got, want, s->out_len) == 0)
        return 0;
    fprintf(stderr, "tdbench: wrong PBKDF2 output: %s, %s, %zu bytes, %llu iterations\n",
            td_alg_name(s->alg), backend_name(s->kind), s->out_len,
            (unsigned long long)s->iterations);
    return -1;
}

// Calls a round for about target_ns; the doubling doubles as the warm-up.
static uint64_t calibrate(const pb_subject *s, double target_ns, tb_clock clock)
{
    uint64_t calls = 1;
    for (;;) {
        const uint64_t t = time_calls(s, calls, clock);
        if ((double)t >= target_ns / 8.0 || calls >= (UINT64_C(1) << 32))
            return (uint64_t)((double)calls * target_ns / (double)(t ? t : 1)) + 1;
        calls *= 2;
    }
}

static int selected(const tb_options *opt, const char *name)
{
    for (size_t i = 0; i < opt->nbackends; i++)
        if (strcmp(opt->backends[i], name) == 0)
            return 1;
    return opt->nbackends == 0;
}

// The subjects of one algorithm: ours, OpenSSL's, the bound, at the
// iterations asked for and the digest size; with SHA-1, WPA2's case beside.
static size_t list_subjects(const tb_options *opt, td_alg alg, pb_subject *out)
{
    static const pb_kind kinds[] = { PB_TD, PB_OPENSSL, PB_TWO_BLOCKS };
    size_t n = 0;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        if ((kinds[k] == PB_OPENSSL && !opt->openssl) || !selected(opt, backend_name(kinds[k])))
            continue;
        out[n++] = (pb_subject){ alg, kinds[k], td_digest_size(alg), opt->pbkdf2_iterations, 0,
                                 NULL };
    }
    if (alg != TD_SHA1)
        return n;
    static const size_t wpa2_lens[] = { 20, 32 };
    for (size_t l = 0; l < 2; l++)
        for (size_t k = 0; k < 2; k++)
            if ((kinds[k] != PB_OPENSSL || opt->openssl) && selected(opt, backend_name(kinds[k])))
                out[n++] = (pb_subject){ alg, kinds[k], wpa2_lens[l], WPA2_ITERATIONS, 0, NULL };
    return n;
}

// ------------------------------------------------------------------ rounds

typedef struct pb_run {
    const tb_options *opt;
    double target_ns;
    uint64_t chain;   // dependent adds beside each subject's slices
    double *clocks;   // core clock readings, for the run's median
    size_t nclocks, clock_cap;
} pb_run;

// Round by round across the subjects of one algorithm, one further along
// each round: cycles per iteration (ns where the clock is unknown).
static void measure(pb_run *run, pb_subject *s, size_t n)
{
    const tb_options *opt = run->opt;
    for (unsigned r = 0; r < opt->rounds; r++) {
        for (size_t k = 0; k < n; k++) {
            pb_subject *x = &s[(r + k) % n];
            const uint64_t calls = (x->calls + SLICES - 1) / SLICES;
            const double before = run->chain ? tb_core_ghz_once(opt->clock, run->chain) : 0.0;
            uint64_t best = UINT64_MAX;
            for (unsigned c = 0; c < SLICES; c++) {
                const uint64_t t = time_calls(x, calls, opt->clock);
                best = t < best ? t : best;
            }
            const double after = run->chain ? tb_core_ghz_once(opt->clock, run->chain) : 0.0;
            const double g = before > after ? before : after;
            const double per_iteration = (double)best / ((double)calls * (double)x->iterations);
            x->samples[r] = per_iteration * (g > 0 ? g : 1.0);
            if (g > 0 && run->nclocks < run->clock_cap)
                run->clocks[run->nclocks++] = g;
        }
    }
}

size_t tb_pbkdf2_bytes(const tb_result *r)
{
    const size_t d = td_digest_size(r->alg);
    return 2 * td_block_size(r->alg) * ((r->size + d - 1) / d);
}

// The rows of one algorithm's subjects; the ratios over OpenSSL's at the
// same output and iterations.
static void fill_rows(const pb_run *run, pb_subject *s, size_t n, tb_result *out)
{
    const tb_options *opt = run->opt;
    for (size_t k = 0; k < n; k++) {
        double lo = s[k].samples[0], hi = s[k].samples[0];
        for (unsigned r = 1; r < opt->rounds; r++) {
            lo = s[k].samples[r] < lo ? s[k].samples[r] : lo;
            hi = s[k].samples[r] > hi ? s[k].samples[r] : hi;
        }
        tb_result *o = &out[k];
        memset(o, 0, sizeof *o);
        o->alg = s[k].alg;
        o->path = "pbkdf2";
        o->backend = backend_name(s[k].kind);
        o->size = s[k].out_len;
        o->batch = o->batch_asked = (size_t)s[k].iterations;
        o->ns_per_iter = tb_median(s[k].samples, opt->rounds); // cycles until converted
        o->spread_ns = hi - lo;
        o->rounds = opt->rounds;
        o->iters = s[k].calls * s[k].iterations;
        o->cycles_per_byte = run->chain ? o->ns_per_iter / (double)tb_pbkdf2_bytes(o) : -1.0;
    }
    for (size_t k = 0; k < n; k++) {
        out[k].ratio = -1.0;
        for (size_t j = 0; j < n; j++)
            if (s[j].kind == PB_OPENSSL && s[j].out_len == s[k].out_len &&
                s[j].iterations == s[k].iterations && out[k].ns_per_iter > 0)
                out[k].ratio = out[j].ns_per_iter / out[k].ns_per_iter;
    }
}

// One algorithm: verified, calibrated, measured, its rows appended at out.
static int run_alg(pb_run *run, td_alg alg, tb_result *out, size_t *count)
{
    pb_subject s[MAX_SUBJECTS];
    const size_t n = list_subjects(run->opt, alg, s);
    double *samples = calloc(n ? n * run->opt->rounds : 1, sizeof *samples);
    if (samples == NULL)
        return 1;
    int status = 0;
    for (size_t k = 0; k < n && status == 0; k++) {
        s[k].samples = samples + k * run->opt->rounds;
        status = verify(&s[k], run->opt->openssl);
        if (status == 0)
            s[k].calls = calibrate(&s[k], run->target_ns, run->opt->clock);
    }
    if (status == 0) {
        measure(run, s, n);
        fill_rows(run, s, n, out + *count);
        *count += n;
    }
    free(samples);
    return status != 0;
}

int tb_run_pbkdf2(const tb_options *opt, tb_meta *meta, tb_result **out, size_t *count)
{
    for (size_t i = 0; i < sizeof salt; i++)
        salt[i] = (uint8_t)(i * 151 + 7);
    const double core_ghz = meta->core_ghz;
    pb_run run = { .opt = opt };
    run.target_ns = opt->round_ms * 1e6;
    run.chain = core_ghz > 0 ? (uint64_t)(run.target_ns * core_ghz / 16.0 / 64.0) + 1 : 0;
    run.clock_cap = (size_t)TD_ALG_COUNT * MAX_SUBJECTS * opt->rounds;
    run.clocks = calloc(run.clock_cap, sizeof *run.clocks);
    tb_result *res = calloc((size_t)TD_ALG_COUNT * MAX_SUBJECTS, sizeof *res);
    int status = run.clocks == NULL || res == NULL;
    size_t n = 0;
    for (int a = 0; a < TD_ALG_COUNT && status == 0; a++)
        if (opt->algs & (1u << a))
            status = run_alg(&run, (td_alg)a, res, &n);
    meta->pbkdf2 = 1;
    meta->round_ms = opt->round_ms;
    // Cycles back to time at the run's median clock, or the TSC's.
    meta->time_nominal = core_ghz > 0 && opt->nominal_clock && meta->counter_ghz > 0;
    meta->time_ghz = meta->time_nominal           ? meta->counter_ghz
                     : core_ghz > 0 && run.nclocks ? tb_median(run.clocks, run.nclocks)
                                                   : 0.0;
    for (size_t i = 0; i < n; i++) {
        tb_result *o = &res[i];
        const double bytes = (double)tb_pbkdf2_bytes(o);
        if (meta->time_ghz > 0) {
            o->ns_per_iter /= meta->time_ghz;
            o->spread_ns /= meta->time_ghz;
        }
        o->mb_per_s = o->ns_per_iter > 0 ? bytes * 1e3 / o->ns_per_iter : 0.0;
        o->counter_per_byte =
            meta->counter_ghz > 0 ? o->ns_per_iter * meta->counter_ghz / bytes : -1.0;
    }
    free(run.clocks);
    if (status != 0) {
        free(res);
        return 1;
    }
    *out = res;
    *count = n;
    return 0;
}
