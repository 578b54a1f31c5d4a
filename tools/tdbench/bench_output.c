// SPDX-License-Identifier: Apache-2.0
// tdbench's writers: table (default), the line format of Rust's cargo bench,
// CSV, JSON, a Markdown summary for the README, and an SVG picture of MB/s
// against message size. Input is the result array in tb_run's order.

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tdbench.h"

static const char *path_label(const tb_result *r)
{
    return r->path ? r->path : "single";
}

static int is_path(const tb_result *r, const char *path)
{
    return strcmp(path_label(r), path) == 0;
}

size_t tb_series_batch(const tb_result *r)
{
    return r->batch_asked ? r->batch_asked : r->batch;
}

// One series: one algorithm, path, backend and batch, over the sizes.
static int same_series(const tb_result *a, const tb_result *b)
{
    return a->alg == b->alg && strcmp(a->backend, b->backend) == 0
           && strcmp(path_label(a), path_label(b)) == 0 && tb_series_batch(a) == tb_series_batch(b);
}

// The algorithm's name as an identifier: "sha512-256" becomes "sha512_256".
static void ident(char *buf, size_t cap, td_alg alg)
{
    const char *name = td_alg_name(alg);
    size_t i = 0;
    for (; name && name[i] && i + 1 < cap; i++)
        buf[i] = name[i] == '-' ? '_' : name[i];
    if (cap)
        buf[i] = '\0';
}

void tb_cargo_name(char *buf, size_t cap, td_alg alg, const char *path, size_t batch,
                   size_t size)
{
    // cargo bench names are Rust identifiers; the batch paths put the path
    // and the messages per call between algorithm and size.
    char id[32];
    ident(id, sizeof id, alg);
    if (path != NULL && strcmp(path, "multi") == 0)
        snprintf(buf, cap, "%s_many%zu_%zu", id, batch, size);
    else if (path != NULL && strcmp(path, "fixed") == 0)
        snprintf(buf, cap, "%s_fixed%zu_%zu", id, batch, size);
    else if (path != NULL && strcmp(path, "streams") == 0)
        snprintf(buf, cap, "%s_streams%zu_%zu", id, batch, size);
    else if (path != NULL && strcmp(path, "pbkdf2") == 0)
        snprintf(buf, cap, "%s_pbkdf2_%zu_%zu", id, batch, size);
    else if (path != NULL && strcmp(path, "squeeze") == 0)
        snprintf(buf, cap, "%s_squeeze_%zu", id, size);
    else
        snprintf(buf, cap, "%s_%zu", id, size);
}

// libtest's fmt_thousands_sep: 1234567 -> "1,234,567".
static void thousands(char *buf, size_t cap, uint64_t v)
{
    char digits[32];
    const int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
    size_t o = 0;
    for (int i = 0; i < n && o + 1 < cap; i++) {
        if (i > 0 && (n - i) % 3 == 0 && o + 2 < cap)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = '\0';
}

static void streams_lines(FILE *f, const char *prefix)
{
    fprintf(f, "%sstreams: as many running hashes as the batch says, each fed a chunk of the size "
               "a round from a buffer of its own; time per chunk, MB/s over the chunks of a round; "
               "contexts initialised before each timed batch and finalised after it, outside the "
               "time\n", prefix);
    fprintf(f, "%s         auto: td_update_many, nothing pinned; a backend: td_update_many with "
               "it pinned; td-loop: td_update on each stream in turn; openssl: XXX_Update on "
               "each of its own contexts in turn, the baseline of the ratios\n", prefix);
}

static void pbkdf2_lines(FILE *f, const char *prefix)
{
    fprintf(f, "%spbkdf2:  PBKDF2-HMAC derivations of a 32-byte salt, size the output, batch the "
               "iterations; time per iteration, MB/s over the blocks an iteration compresses (two "
               "an output block)\n", prefix);
    fprintf(f, "%s         auto: td_pbkdf2_hmac; openssl: PKCS5_PBKDF2_HMAC, the baseline of the "
               "ratios; " TB_TWO_BLOCKS ": two single-block compressions of the single path's "
               "backend, timed on their own (the bound)\n", prefix);
}

static void header_lines(FILE *f, const tb_meta *m, const char *prefix)
{
    fprintf(f, "%stdbench %s: turbodigest %s", prefix, m->tool_version, m->library_version);
    if (m->openssl_version)
        fprintf(f, " beside %s", m->openssl_version);
    fputc('\n', f);
    fprintf(f, "%scpu:     %s [%s]\n", prefix, m->cpu_model ? m->cpu_model : "unknown",
            m->cpu_features ? m->cpu_features : "");
    if (m->date)
        fprintf(f, "%sdate:    %s\n", prefix, m->date);
    fprintf(f, "%smethod:  median of %u rounds of %.3g ms (%s", prefix, m->rounds, m->round_ms,
            m->clock_name ? m->clock_name : "time");
    if (m->time_ghz > 0)
        fprintf(f, " in core cycles, read as time at %s %.3f GHz",
                m->time_nominal ? "the TSC's nominal" : "the run's median clock of", m->time_ghz);
    fprintf(f, "; a round counts the fastest of 4 batches), backends interleaved round by "
               "round; +/- is max - min of the rounds\n");
    if (m->core_ghz > 0)
        fprintf(f, "%scycles:  core cycles, the clock estimated from dependent adds in every round "
                   "(%.2f GHz at start)", prefix, m->core_ghz);
    else if (m->counter_ghz > 0)
        fprintf(f, "%scycles:  %s (counter at %.3f GHz, not the core clock)", prefix,
                m->cycles_label ? m->cycles_label : "counter", m->counter_ghz);
    else
        fprintf(f, "%scycles:  no cycle counter here", prefix);
    if (m->core_ghz > 0 && m->counter_ghz > 0)
        fprintf(f, "; %s run at %.3f GHz", m->cycles_label ? m->cycles_label : "counter",
                m->counter_ghz);
    fputc('\n', f);
    if (m->openssl_version && !m->pbkdf2)
        fprintf(f, "%sratio:   MB/s over OpenSSL's low-level XXX_Init/Update/Final (\"openssl\") "
                   "at the same size; on the multi and fixed paths over its loop on the same "
                   "batch; SHA-3 and SHAKE, which OpenSSL has through EVP alone, over EVP "
                   "(\"openssl-evp\"; SHAKE's squeeze: EVP_DigestFinalXOF)%s%s\n",
                prefix, m->openssl_ia32cap ? "; OPENSSL_ia32cap=" : "",
                m->openssl_ia32cap ? m->openssl_ia32cap : "");
    else if (m->openssl_absent)
        fprintf(f, "%sopenssl: no rows: tdbench was built without OpenSSL (no libcrypto found "
                   "for this target, or TD_BENCH_WITH_OPENSSL=OFF)\n", prefix);
    if (m->streams)
        streams_lines(f, prefix);
    if (m->pbkdf2)
        pbkdf2_lines(f, prefix);
    if (!m->batch_paths)
        return;
    fprintf(f, "%sbatches: multi: td_hash_many over a batch of distinct messages, each in its own "
               "buffer; fixed: td_hash_many_fixed over a batch laid end to end; time per message\n",
            prefix);
    fprintf(f, "%s         auto: nothing pinned (the library's choice for that many messages); "
               "td-loop: the typed one-shot (td_sha256 etc.; td_hash for SHA-3) on each "
               "message of the batch; openssl: XXX_Init/Update/Final the same way (openssl-evp: "
               "EVP_Digest, for SHA-3)\n", prefix);
    if (m->merkle)
        fprintf(f, "%smerkle:  one level of a SHA-256 Merkle tree: %d distinct %d-byte nodes "
                   "(two child digests each) into %d digests; the loops run over the level "
                   "laid end to end\n",
                prefix, TB_MERKLE_NODES, TB_MERKLE_NODE_SIZE, TB_MERKLE_NODES);
}

// ------------------------------------------------------------------- table

// The messages one call of a many-path backend takes, from the "-xN" at the
// end of its name (avx512-x16: 16); 0 for every other backend.
static size_t backend_lanes(const char *name)
{
    const char *x = strrchr(name, 'x');
    if (x == NULL || x == name || x[-1] != '-' || x[1] < '1' || x[1] > '9')
        return 0;
    char *end;
    const unsigned long lanes = strtoul(x + 1, &end, 10);
    return *end == '\0' && lanes > 1 ? (size_t)lanes : 0;
}

// Blocks the hash compresses for one message of size bytes, padding included.
// The length field is an eighth of the block: 8 bytes of 64, 16 of 128.
static size_t padded_blocks(td_alg alg, size_t size)
{
    const size_t block = td_block_size(alg);
    // SHA-3's padding is one byte at least; MD5 and SHA-2's a byte and the
    // length (block / 8 bytes).
    if (alg >= TD_SHA3_224)
        return size / block + 1;
    return (size + 1 + block / 8 + block - 1) / block;
}

// What one block costs a lanes kernel, every lane together, so that a CPU
// can be judged against its own bound (docs/performance-notes.md's lanes
// sections derive the bounds). From the largest size of each pinned lanes
// row whose batch fills the lanes; core cycles, so only where the clock was
// estimated.
static void write_lane_costs(FILE *f, const tb_result *r, size_t n)
{
    int header = 0;
    for (size_t i = 0; i < n; i++) {
        const size_t lanes = backend_lanes(r[i].backend);
        if (is_path(&r[i], "single") || is_path(&r[i], "streams") || lanes == 0
            || r[i].batch < lanes
            || !(r[i].cycles_per_byte > 0))
            continue;
        int largest = 1;
        for (size_t j = 0; j < n && largest; j++)
            if (j != i && same_series(&r[i], &r[j]) && r[j].size > r[i].size)
                largest = 0;
        if (!largest)
            continue;
        if (!header) {
            fprintf(f, "\nlanes kernels: core cycles for one block of every lane together "
                       "(padding blocks counted), at the largest size measured\n");
            header = 1;
        }
        const size_t blocks = padded_blocks(r[i].alg, r[i].size);
        const double per_block =
            r[i].cycles_per_byte * (double)r[i].size * (double)lanes / (double)blocks;
        fprintf(f, "  %-11s %-6s %-13s %3zu lanes %8zu B %6zu blocks %8.0f cycles a block\n",
                td_alg_name(r[i].alg), path_label(&r[i]), r[i].backend, lanes, r[i].size,
                blocks, per_block);
    }
}

// The --pbkdf2 row of alg with the backend, output size and iterations;
// NULL when there is none.
static const tb_result *pbkdf2_row(const tb_result *r, size_t n, td_alg alg, const char *backend,
                                   size_t size, size_t iterations)
{
    for (size_t i = 0; i < n; i++)
        if (is_path(&r[i], "pbkdf2") && r[i].alg == alg && strcmp(r[i].backend, backend) == 0 &&
            r[i].size == size && r[i].batch == iterations)
            return &r[i];
    return NULL;
}

// --pbkdf2: each algorithm's iteration against its bound, and WPA2's two
// output blocks against one.
static void write_pbkdf2_summary(FILE *f, const tb_result *r, size_t n)
{
    int header = 0;
    for (size_t i = 0; i < n; i++) {
        const tb_result *bound = &r[i];
        if (!is_path(bound, "pbkdf2") || strcmp(bound->backend, TB_TWO_BLOCKS) != 0)
            continue;
        const tb_result *ours = pbkdf2_row(r, n, bound->alg, TB_AUTO, bound->size, bound->batch);
        if (ours == NULL || !(bound->ns_per_iter > 0))
            continue;
        if (!header)
            fprintf(f, "\npbkdf2: td_pbkdf2_hmac's iteration against two single-block "
                       "compressions of the single path's backend (%s), ns\n", TB_TWO_BLOCKS);
        header = 1;
        fprintf(f, "  %-11s %-14s %9.1f against %9.1f  %.3fx\n", td_alg_name(bound->alg),
                td_backend(bound->alg, TD_SINGLE), ours->ns_per_iter, bound->ns_per_iter,
                ours->ns_per_iter / bound->ns_per_iter);
    }
    const tb_result *one = pbkdf2_row(r, n, TD_SHA1, TB_AUTO, 20, 4096);
    const tb_result *two = pbkdf2_row(r, n, TD_SHA1, TB_AUTO, 32, 4096);
    if (one != NULL && two != NULL && one->ns_per_iter > 0)
        fprintf(f, "\nWPA2 (PBKDF2-HMAC-SHA1, 4096 iterations): 32 bytes %.1f us, 20 bytes %.1f us "
                   "a derivation: %.3fx\n",
                two->ns_per_iter * 4096 / 1e3, one->ns_per_iter * 4096 / 1e3,
                two->ns_per_iter / one->ns_per_iter);
}

static int write_table(FILE *f, const tb_meta *m, const tb_result *r, size_t n)
{
    header_lines(f, m, "");
    fputc('\n', f);
    fprintf(f, "%-11s %-7s %-13s %8s %5s %10s %10s %6s %7s %10s\n", "algorithm", "path", "backend",
            "size", "batch", "MB/s", "ns/msg", "+/-%", "cyc/B", "vs openssl");
    for (size_t i = 0; i < n; i++) {
        // A blank line between algorithms, paths and batches (--merkle's
        // rows are one group).
        if (i > 0 && (r[i].alg != r[i - 1].alg
                      || (!m->merkle && (!is_path(&r[i], path_label(&r[i - 1]))
                                         || tb_series_batch(&r[i]) != tb_series_batch(&r[i - 1])))))
            fputc('\n', f);
        char cpb[16] = "-", ratio[16] = "-";
        if (r[i].cycles_per_byte >= 0)
            snprintf(cpb, sizeof cpb, "%.2f", r[i].cycles_per_byte);
        else if (r[i].counter_per_byte >= 0)
            snprintf(cpb, sizeof cpb, "%.2f", r[i].counter_per_byte);
        if (r[i].ratio >= 0)
            snprintf(ratio, sizeof ratio, "%.2fx", r[i].ratio);
        const double spread_pct =
            r[i].ns_per_iter > 0 ? 100.0 * r[i].spread_ns / r[i].ns_per_iter : 0.0;
        // Whole nanoseconds from a millisecond up: the column keeps its width.
        fprintf(f, "%-11s %-7s %-13s %8zu %5zu %10.1f %10.*f %5.1f%% %7s %10s\n",
                td_alg_name(r[i].alg), path_label(&r[i]), r[i].backend, r[i].size, r[i].batch,
                r[i].mb_per_s, r[i].ns_per_iter < 1e6 ? 1 : 0, r[i].ns_per_iter, spread_pct, cpb,
                ratio);
    }
    write_lane_costs(f, r, n);
    if (m->pbkdf2)
        write_pbkdf2_summary(f, r, n);
    return 0;
}

// ------------------------------------------------------------------- cargo

// One group per backend and path, in order of first appearance; inside a
// group the lines of libtest's bencher:
//   test sha256_1000  ... bench:         424 ns/iter (+/- 6) = 2358 MB/s
// On the multi and fixed paths the name holds the batch (sha256_many64_1000)
// and ns/iter is per message, so that MB/s come out right.
static int write_cargo(FILE *f, const tb_result *r, size_t n)
{
    char *done = calloc(n ? n : 1, 1);
    if (done == NULL)
        return -1;
    for (size_t g = 0; g < n; g++) {
        if (done[g])
            continue;
        size_t width = 0, members = 0;
        for (size_t i = g; i < n; i++) {
            if (strcmp(r[i].backend, r[g].backend) != 0
                || strcmp(path_label(&r[i]), path_label(&r[g])) != 0)
                continue;
            char name[64];
            tb_cargo_name(name, sizeof name, r[i].alg, r[i].path, r[i].batch, r[i].size);
            width = strlen(name) > width ? strlen(name) : width;
            members++;
        }
        fprintf(f, "     Running tdbench %s (%s path)\n\nrunning %zu tests\n", r[g].backend,
                path_label(&r[g]), members);
        for (size_t i = g; i < n; i++) {
            if (strcmp(r[i].backend, r[g].backend) != 0
                || strcmp(path_label(&r[i]), path_label(&r[g])) != 0)
                continue;
            done[i] = 1;
            char name[64], med[32], dev[32];
            tb_cargo_name(name, sizeof name, r[i].alg, r[i].path, r[i].batch, r[i].size);
            // libtest truncates the f64 median and range to whole nanoseconds
            // and computes MB/s from the truncated median.
            const uint64_t ns = (uint64_t)r[i].ns_per_iter;
            thousands(med, sizeof med, ns);
            thousands(dev, sizeof dev, (uint64_t)r[i].spread_ns);
            const size_t bytes = is_path(&r[i], "pbkdf2") ? tb_pbkdf2_bytes(&r[i]) : r[i].size;
            const uint64_t mbs = (uint64_t)bytes * 1000u / (ns ? ns : 1);
            fprintf(f, "test %-*s ... bench: %11s ns/iter (+/- %s)", (int)width, name, med, dev);
            if (mbs != 0)
                fprintf(f, " = %llu MB/s", (unsigned long long)mbs);
            fputc('\n', f);
        }
        fprintf(f, "\ntest result: ok. 0 passed; 0 failed; 0 ignored; %zu measured; "
                   "0 filtered out\n\n",
                members);
    }
    free(done);
    return 0;
}

// --------------------------------------------------------------- csv, json

// A number, or the empty string / null when it is unknown (negative).
static void num(char *buf, size_t cap, double v, const char *unknown)
{
    // Not isfinite(): MinGW-w64's macro converts to float on the way (a
    // -Wfloat-conversion warning). NaN fails every comparison.
    if (v < 0 || !(v <= DBL_MAX))
        snprintf(buf, cap, "%s", unknown);
    else
        snprintf(buf, cap, "%.10g", v);
}

static int write_csv(FILE *f, const tb_result *r, size_t n)
{
    fputs("alg,path,backend,size,batch,ns_per_iter,spread_ns,mb_per_s,cycles_per_byte,"
          "counter_per_byte,ratio_openssl,rounds,iters\n",
          f);
    for (size_t i = 0; i < n; i++) {
        char ns[32], sp[32], mb[32], cpb[32], cnt[32], ra[32];
        num(ns, sizeof ns, r[i].ns_per_iter, "");
        num(sp, sizeof sp, r[i].spread_ns, "");
        num(mb, sizeof mb, r[i].mb_per_s, "");
        num(cpb, sizeof cpb, r[i].cycles_per_byte, "");
        num(cnt, sizeof cnt, r[i].counter_per_byte, "");
        num(ra, sizeof ra, r[i].ratio, "");
        fprintf(f, "%s,%s,%s,%zu,%zu,%s,%s,%s,%s,%s,%s,%u,%llu\n", td_alg_name(r[i].alg),
                path_label(&r[i]), r[i].backend, r[i].size, r[i].batch, ns, sp, mb, cpb, cnt, ra,
                r[i].rounds, (unsigned long long)r[i].iters);
    }
    return 0;
}

// Backend and algorithm names are short lowercase words; escape anyway.
static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        const unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static int write_json(FILE *f, const tb_result *r, size_t n)
{
    fputs("[\n", f);
    for (size_t i = 0; i < n; i++) {
        char ns[32], sp[32], mb[32], cpb[32], cnt[32], ra[32];
        num(ns, sizeof ns, r[i].ns_per_iter, "null");
        num(sp, sizeof sp, r[i].spread_ns, "null");
        num(mb, sizeof mb, r[i].mb_per_s, "null");
        num(cpb, sizeof cpb, r[i].cycles_per_byte, "null");
        num(cnt, sizeof cnt, r[i].counter_per_byte, "null");
        num(ra, sizeof ra, r[i].ratio, "null");
        fputs("  {\"alg\": ", f);
        json_string(f, td_alg_name(r[i].alg));
        fputs(", \"path\": ", f);
        json_string(f, path_label(&r[i]));
        fputs(", \"backend\": ", f);
        json_string(f, r[i].backend);
        fprintf(f,
                ", \"size\": %zu, \"batch\": %zu, \"ns_per_iter\": %s, \"spread_ns\": %s, "
                "\"mb_per_s\": %s, \"cycles_per_byte\": %s, \"counter_per_byte\": %s, "
                "\"ratio_openssl\": %s, \"rounds\": %u, \"iters\": %llu}%s\n",
                r[i].size, r[i].batch, ns, sp, mb, cpb, cnt, ra, r[i].rounds,
                (unsigned long long)r[i].iters, i + 1 < n ? "," : "");
    }
    fputs("]\n", f);
    return 0;
}

// ---------------------------------------------------------------- markdown

// OpenSSL's low-level names for an algorithm, e.g. "SHA256" in SHA256_Init.
static const char *openssl_prefix(td_alg alg)
{
    switch (alg) {
    case TD_MD5:    return "MD5";
    case TD_SHA1:   return "SHA1";
    case TD_SHA224: return "SHA224";
    case TD_SHA256: return "SHA256";
    case TD_SHA384: return "SHA384";
    default:        return "SHA512";
    }
}

// --merkle: one row per subject, what it calls in words; ns per node, MB/s
// and the ratio to the OpenSSL loop.
static int write_merkle_markdown(FILE *f, const tb_result *r, size_t n)
{
    if (n == 0)
        return 0;
    fprintf(f, "| %s Merkle level: %zu nodes of %zu B | ns per node | MB/s | vs OpenSSL loop |\n"
               "|---|---:|---:|---:|\n",
            td_alg_name(r[0].alg), r[0].batch, r[0].size);
    for (size_t i = 0; i < n; i++) {
        char id[32], what[128], ratio[32] = "-";
        ident(id, sizeof id, r[i].alg);
        const char *call = is_path(&r[i], "fixed") ? "td_hash_many_fixed" : "td_hash_many";
        if (is_path(&r[i], "single"))
            snprintf(what, sizeof what, "%s, one message a call (%s)", id, r[i].backend);
        else if (strcmp(r[i].backend, TB_TD_LOOP) == 0)
            snprintf(what, sizeof what, "td_%s loop", id);
        else if (strcmp(r[i].backend, "openssl") == 0)
            snprintf(what, sizeof what, "OpenSSL %s_Init/Update/Final loop",
                     openssl_prefix(r[i].alg));
        else if (strcmp(r[i].backend, TB_AUTO) == 0)
            snprintf(what, sizeof what, "%s, auto%s", call,
                     is_path(&r[i], "multi") ? " (nodes in their own buffers)" : "");
        else
            snprintf(what, sizeof what, "%s, %s pinned", call, r[i].backend);
        if (r[i].ratio >= 0)
            snprintf(ratio, sizeof ratio, "%.2fx", r[i].ratio);
        fprintf(f, "| %s | %.1f | %.0f | %s |\n", what, r[i].ns_per_iter, r[i].mb_per_s, ratio);
    }
    return 0;
}

// --pbkdf2: one row per algorithm, output size and iterations, ns per
// iteration of ours, OpenSSL's and the bound.
static int write_pbkdf2_markdown(FILE *f, const tb_result *r, size_t n)
{
    fputs("| algorithm | output | iterations | td_pbkdf2_hmac, ns an iteration | OpenSSL | "
          "vs OpenSSL | two compressions (" TB_TWO_BLOCKS ") | against them |\n"
          "|---|---:|---:|---:|---:|---:|---:|---:|\n",
          f);
    for (size_t i = 0; i < n; i++) {
        if (strcmp(r[i].backend, TB_AUTO) != 0)
            continue;
        const tb_result *ssl = pbkdf2_row(r, n, r[i].alg, "openssl", r[i].size, r[i].batch);
        const tb_result *bound = NULL;
        for (size_t j = 0; j < n && bound == NULL; j++)
            if (r[j].alg == r[i].alg && strcmp(r[j].backend, TB_TWO_BLOCKS) == 0)
                bound = &r[j];
        char ssl_ns[32] = "-", ratio[32] = "-", bound_ns[32] = "-", against[32] = "-";
        if (ssl != NULL) {
            snprintf(ssl_ns, sizeof ssl_ns, "%.1f", ssl->ns_per_iter);
            snprintf(ratio, sizeof ratio, "%.2fx", ssl->ns_per_iter / r[i].ns_per_iter);
        }
        // The bound is two compressions: an iteration of one output block.
        if (bound != NULL && r[i].size <= td_digest_size(r[i].alg)) {
            snprintf(bound_ns, sizeof bound_ns, "%.1f", bound->ns_per_iter);
            snprintf(against, sizeof against, "%.3fx", r[i].ns_per_iter / bound->ns_per_iter);
        }
        fprintf(f, "| %s | %zu B | %zu | %.1f | %s | %s | %s | %s |\n", td_alg_name(r[i].alg),
                r[i].size, r[i].batch, r[i].ns_per_iter, ssl_ns, ratio, bound_ns, against);
    }
    return 0;
}

// One row per algorithm and series, one column per size: MB/s and the
// ratio to OpenSSL. For the README.
static int write_markdown(FILE *f, const tb_meta *m, const tb_result *r, size_t n)
{
    // The facts of the run in one HTML comment: invisible when rendered,
    // there for whoever edits the README next.
    fputs("<!--\n", f);
    header_lines(f, m, "");
    fputs("-->\n\n", f);
    if (m->merkle)
        return write_merkle_markdown(f, r, n);
    if (m->pbkdf2)
        return write_pbkdf2_markdown(f, r, n);
    fputs("| algorithm | backend |", f);
    // The sizes of the first series; tb_run measures every series at each.
    size_t nsizes = 0;
    while (nsizes < n && same_series(&r[nsizes], &r[0]))
        nsizes++;
    for (size_t z = 0; z < nsizes; z++)
        fprintf(f, " %zu B |", r[z].size);
    fputs("\n|---|---|", f);
    for (size_t z = 0; z < nsizes; z++)
        fputs("---:|", f);
    fputc('\n', f);
    for (size_t i = 0; i < n;) {
        const size_t batch = tb_series_batch(&r[i]);
        fprintf(f, "| %s | %s", td_alg_name(r[i].alg), r[i].backend);
        if (is_path(&r[i], "multi"))
            fprintf(f, " (many, batch %zu)", batch);
        else if (is_path(&r[i], "fixed"))
            fprintf(f, " (fixed, batch %zu)", batch);
        else if (is_path(&r[i], "streams"))
            fprintf(f, " (streams %zu)", batch);
        else if (is_path(&r[i], "squeeze"))
            fputs(" (squeeze)", f);
        fputs(" |", f);
        size_t j = i;
        for (; j < n && same_series(&r[j], &r[i]); j++) {
            // A batch cut down for huge messages says so in its cell.
            char cut[32] = "";
            if (r[j].batch != batch)
                snprintf(cut, sizeof cut, is_path(&r[j], "streams") ? "%zu streams" : "batch %zu",
                         r[j].batch);
            if (r[j].ratio >= 0)
                fprintf(f, " %.0f (%.2fx%s%s) |", r[j].mb_per_s, r[j].ratio, *cut ? ", " : "", cut);
            else if (*cut)
                fprintf(f, " %.0f (%s) |", r[j].mb_per_s, cut);
            else
                fprintf(f, " %.0f |", r[j].mb_per_s);
        }
        fputc('\n', f);
        i = j;
    }
    return 0;
}

int tb_write_results(FILE *f, tb_format format, const tb_meta *meta, const tb_result *r,
                     size_t n)
{
    int rc;
    switch (format) {
    case TB_CARGO:    rc = write_cargo(f, r, n); break;
    case TB_CSV:      rc = write_csv(f, r, n); break;
    case TB_JSON:     rc = write_json(f, r, n); break;
    case TB_MARKDOWN: rc = write_markdown(f, meta, r, n); break;
    default:          rc = write_table(f, meta, r, n); break;
    }
    if (fflush(f) != 0 || ferror(f))
        rc = -1;
    return rc;
}

// --------------------------------------------------------------------- svg

enum { PANEL_W = 480, PANEL_H = 330, PLOT_L = 64, PLOT_R = 16, PLOT_T = 34, PLOT_B = 44 };

static void xml_text(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default:  fputc(*s, f); break;
        }
    }
}

// The smallest 1, 2 or 5 times a power of ten at or above v.
static double nice_ceiling(double v)
{
    if (v <= 0)
        return 1.0;
    const double p = pow(10.0, floor(log10(v)));
    const double steps[] = { 1.0, 2.0, 2.5, 5.0, 10.0 };
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        if (steps[i] * p >= v * 1.0001)
            return steps[i] * p;
    }
    return 10.0 * p;
}

static const char *const palette[] = {
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
    "#17becf", "#8c564b", "#e377c2", "#bcbd22", "#7f7f7f",
};

static void svg_panel(FILE *f, const tb_result *r, size_t n, double ox, double oy)
{
    const double w = PANEL_W - PLOT_L - PLOT_R, h = PANEL_H - PLOT_T - PLOT_B;
    double ymax = 0, xmin = 0, xmax = 0;
    for (size_t i = 0; i < n; i++) {
        const double lx = log10((double)r[i].size);
        ymax = r[i].mb_per_s > ymax ? r[i].mb_per_s : ymax;
        xmin = i == 0 || lx < xmin ? lx : xmin;
        xmax = i == 0 || lx > xmax ? lx : xmax;
    }
    if (xmax - xmin < 1e-9) {
        xmin -= 0.5;
        xmax += 0.5;
    }
    ymax = nice_ceiling(ymax);
    const double x0 = ox + PLOT_L, y0 = oy + PLOT_T;
#define XPOS(sz) (x0 + (log10((double)(sz)) - xmin) / (xmax - xmin) * w)
#define YPOS(v) (y0 + h - (v) / ymax * h)

    fprintf(f, "<g>\n<text x=\"%.1f\" y=\"%.1f\" class=\"title\">", x0 + w / 2, oy + 20.0);
    xml_text(f, td_alg_name(r[0].alg));
    fputs("</text>\n", f);
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" class=\"frame\"/>\n", x0,
            y0, w, h);
    for (int t = 0; t <= 5; t++) {
        const double v = ymax * t / 5.0, y = YPOS(v);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>\n", x0,
                y, x0 + w, y);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"ytick\">%g</text>\n", x0 - 6, y + 4, v);
    }
    // x ticks at the measured sizes (of the first series)
    for (size_t i = 0; i < n && same_series(&r[i], &r[0]); i++) {
        const double x = XPOS(r[i].size);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>\n", x,
                y0, x, y0 + h);
        if (r[i].size >= 1024 && r[i].size % 1024 == 0)
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"xtick\">%zu%s</text>\n", x,
                    y0 + h + 16, r[i].size % (1024 * 1024) == 0 ? r[i].size >> 20 : r[i].size >> 10,
                    r[i].size % (1024 * 1024) == 0 ? " MiB" : " KiB");
        else
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"xtick\">%zu</text>\n", x, y0 + h + 16,
                    r[i].size);
    }
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"axis\">message size, bytes (log scale)</text>\n",
            x0 + w / 2, oy + PANEL_H - 8.0);
    fprintf(f, "<text transform=\"translate(%.1f %.1f) rotate(-90)\" class=\"axis\">MB/s</text>\n",
            ox + 14.0, y0 + h / 2);

    size_t series = 0, colour = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && same_series(&r[j], &r[i]))
            j++;
        const char *style = "", *stroke;
        if (strcmp(r[i].backend, "openssl") == 0) {
            stroke = "#000000";
            style = " stroke-dasharray=\"6 3\"";
        } else if (strcmp(r[i].backend, "openssl-evp") == 0) {
            stroke = "#777777";
            style = " stroke-dasharray=\"2 3\"";
        } else {
            stroke = palette[colour++ % (sizeof palette / sizeof palette[0])];
            if (!is_path(&r[i], "single"))
                style = " stroke-dasharray=\"10 2 2 2\"";
        }
        fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"", stroke,
                style);
        for (size_t k = i; k < j; k++)
            fprintf(f, "%s%.1f,%.1f", k > i ? " " : "", XPOS(r[k].size), YPOS(r[k].mb_per_s));
        fputs("\"/>\n", f);
        for (size_t k = i; k < j; k++)
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>\n", XPOS(r[k].size),
                    YPOS(r[k].mb_per_s), stroke);
        // legend, top left inside the plot
        const double ly = y0 + 14.0 + 15.0 * (double)series;
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                "stroke-width=\"2\"%s/>\n",
                x0 + 8, ly - 4, x0 + 30, ly - 4, stroke, style);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"legend\">", x0 + 36, ly);
        xml_text(f, r[i].backend);
        if (!is_path(&r[i], "single"))
            fprintf(f, " (%s, %zu msgs)",
                    is_path(&r[i], "fixed") ? "td_hash_many_fixed" : "td_hash_many", r[i].batch);
        fputs("</text>\n", f);
        series++;
        i = j;
    }
    fputs("</g>\n", f);
#undef XPOS
#undef YPOS
}

// Whether the picture draws r: the single path, and one batch path (multi,
// or fixed when there is no multi row) at one batch, its pinned backends
// only. auto, td-loop and the OpenSSL loop follow lines already drawn.
static int drawn(const tb_result *r, const char *batch_path, size_t batch)
{
    if (is_path(r, "single"))
        return 1;
    return is_path(r, batch_path) && tb_series_batch(r) == batch
           && strcmp(r->backend, TB_AUTO) != 0 && strcmp(r->backend, TB_TD_LOOP) != 0
           && strcmp(r->backend, "openssl") != 0;
}

static int write_svg(FILE *f, const tb_meta *m, const tb_result *r, size_t n);

int tb_write_svg(FILE *f, const tb_meta *m, const tb_result *all, size_t count)
{
    // The batch path and batch drawn: multi if measured, at the default
    // batch if measured, else at the first.
    const char *batch_path = "fixed";
    size_t batch = 0;
    for (size_t i = 0; i < count; i++) {
        if (is_path(&all[i], "multi") && strcmp(batch_path, "multi") != 0) {
            batch_path = "multi";
            batch = 0;
        }
        if (!is_path(&all[i], batch_path))
            continue;
        if (batch == 0 || tb_series_batch(&all[i]) == TB_DEFAULT_BATCH)
            batch = tb_series_batch(&all[i]);
    }
    tb_result *r = malloc((count ? count : 1) * sizeof *r);
    if (r == NULL)
        return -1;
    size_t n = 0;
    for (size_t i = 0; i < count; i++) {
        if (drawn(&all[i], batch_path, batch))
            r[n++] = all[i];
    }
    const int rc = write_svg(f, m, r, n);
    free(r);
    return rc;
}

static int write_svg(FILE *f, const tb_meta *m, const tb_result *r, size_t n)
{
    size_t npanels = 0;
    for (size_t i = 0; i < n; i++)
        npanels += i == 0 || r[i].alg != r[i - 1].alg;
    const size_t cols = npanels > 1 ? 2 : 1;
    const size_t rows = (npanels + cols - 1) / cols;
    const double top = 56.0;
    const double width = (double)(cols * PANEL_W), height = top + (double)(rows * PANEL_H) + 8.0;

    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"Helvetica, Arial, sans-serif\">\n"
            "<style>\n"
            ".title { font-size: 15px; font-weight: bold; text-anchor: middle; }\n"
            ".head { font-size: 12px; }\n"
            ".frame { fill: #ffffff; stroke: #444444; stroke-width: 1; }\n"
            ".grid { stroke: #dddddd; stroke-width: 1; }\n"
            ".ytick { font-size: 10px; text-anchor: end; }\n"
            ".xtick { font-size: 10px; text-anchor: middle; }\n"
            ".axis { font-size: 11px; text-anchor: middle; }\n"
            ".legend { font-size: 10px; }\n"
            "</style>\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
            width, height, width, height);
    fputs("<text x=\"12\" y=\"20\" class=\"head\">tdbench ", f);
    xml_text(f, m->tool_version);
    fputs(": MB/s by message size, higher is better", f);
    if (m->openssl_version) {
        fputs(". Black dashed: ", f);
        xml_text(f, m->openssl_version);
        fputs(" low-level XXX_Init/Update/Final; grey dotted: EVP_Digest", f);
    }
    fputs("</text>\n<text x=\"12\" y=\"38\" class=\"head\">", f);
    xml_text(f, m->cpu_model);
    if (m->date) {
        fputs(", ", f);
        xml_text(f, m->date);
    }
    fprintf(f, "; median of %u rounds of %.3g ms.</text>\n", m->rounds, m->round_ms);

    size_t panel = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && r[j].alg == r[i].alg)
            j++;
        const size_t row = panel / cols, col = panel % cols;
        svg_panel(f, r + i, j - i, (double)(col * PANEL_W), top + (double)(row * PANEL_H));
        panel++;
        i = j;
    }
    fputs("</svg>\n", f);
    return fflush(f) != 0 || ferror(f) ? -1 : 0;
}
