/* SPDX-License-Identifier: Apache-2.0
 * tdbench's modules and what they share: options, one measured point, the
 * header facts printed above the results. Plain C11 at the baseline ISA.
 */
#ifndef TDBENCH_H
#define TDBENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "turbodigest.h"

// --------------------------------------------------------------- algorithms

// The algorithms tdbench measures, by slot: the fixed-output ones at their
// td_alg values (0 .. TD_ALG_COUNT - 1), then SHAKE128 and SHAKE256 (td_alg
// 64 and 65) in the two slots after them. tb_options.algs has a bit a slot.
enum { TB_NALGS = TD_ALG_COUNT + 2 };
#define TB_ALL_ALGS ((1u << TB_NALGS) - 1u)

static inline int tb_is_xof(td_alg alg)
{
    return alg == TD_SHAKE128 || alg == TD_SHAKE256;
}

static inline td_alg tb_alg_at(int slot)
{
    return slot < TD_ALG_COUNT ? (td_alg)slot
                               : slot == TD_ALG_COUNT ? TD_SHAKE128 : TD_SHAKE256;
}

static inline int tb_alg_slot(td_alg alg)
{
    return alg == TD_SHAKE128 ? TD_ALG_COUNT : alg == TD_SHAKE256 ? TD_ALG_COUNT + 1 : (int)alg;
}

static inline unsigned tb_alg_bit(td_alg alg)
{
    return 1u << tb_alg_slot(alg);
}

// Bytes of output a message gives: the digest; SHAKE's single path squeezes
// 32 bytes of SHAKE128 and 64 of SHAKE256 (twice the security strength).
enum { TB_SHAKE128_OUT = 32, TB_SHAKE256_OUT = 64, TB_SQUEEZE_IN = 32 };
static inline size_t tb_out_size(td_alg alg)
{
    return alg == TD_SHAKE128 ? TB_SHAKE128_OUT
           : alg == TD_SHAKE256 ? TB_SHAKE256_OUT : td_digest_size(alg);
}

// ------------------------------------------------------------------ options

typedef enum tb_format { TB_TABLE, TB_CARGO, TB_CSV, TB_JSON, TB_MARKDOWN } tb_format;
typedef enum tb_clock { TB_CLOCK_CPU, TB_CLOCK_WALL } tb_clock;

// The clock when --clock is not given. Windows counts a thread's CPU time in
// scheduler ticks (15.6 ms, and coarser under Wine), too coarse for rounds of
// 16 ms: there the monotonic clock (QueryPerformanceCounter) is the default.
#if defined(_WIN32)
#define TB_DEFAULT_CLOCK TB_CLOCK_WALL
#define TB_CLOCK_HELP "thread CPU time or the monotonic clock (default)"
#else
#define TB_DEFAULT_CLOCK TB_CLOCK_CPU
#define TB_CLOCK_HELP "thread CPU time (default) or the monotonic clock"
#endif

enum {
    TB_MAX_SIZES = 32,
    TB_MAX_BATCHES = 16,
    TB_MAX_BACKEND_NAMES = 16,
    TB_MAX_SIZE = 256u << 20,       // largest message accepted by --sizes
    TB_MAX_BATCH = 4096,            // largest batch accepted by --batch (and --streams)
    TB_DEFAULT_BATCH = 64,          // --batch when not given
    TB_MERKLE_NODES = 1024,         // --merkle: one tree level of this many nodes
    TB_MERKLE_NODE_SIZE = 64,       // ... each two SHA-256 digests
    TB_PBKDF2_ITERATIONS = 100000,  // --pbkdf2 without --iterations
    TB_MAX_PBKDF2_ITERATIONS = 1000000000,
};

// Bits of tb_options.paths. The first two are 1u << TD_SINGLE and
// 1u << TD_MULTI; the fixed path runs the many-path backends (TD_MULTI).
#define TB_PATH_SINGLE 1u           // the typed one-shot, one message a call
#define TB_PATH_MULTI  2u           // td_hash_many over distinct buffers
#define TB_PATH_FIXED  4u           // td_hash_many_fixed over one buffer
#define TB_PATH_SQUEEZE 16u         // SHAKE: absorb TB_SQUEEZE_IN bytes, squeeze size bytes
#define TB_PATH_ALL    (TB_PATH_SINGLE | TB_PATH_MULTI | TB_PATH_FIXED | TB_PATH_SQUEEZE)
#define TB_PATH_STREAMS 8u          // --streams: td_update_many over running hashes

// Backend names of the batch paths that are not the library's: the
// automatic choice (nothing pinned) and the loop of the typed one-shot (of
// td_update on the streams path).
#define TB_AUTO "auto"
#define TB_TD_LOOP "td-loop"
// --pbkdf2's bound: two single-block compressions of the single path's
// backend, timed on their own.
#define TB_TWO_BLOCKS "2-blocks"

typedef struct tb_options {
    unsigned algs;                  // bit tb_alg_bit(alg) per selected algorithm
    unsigned paths;                 // TB_PATH_* bits
    char backends[TB_MAX_BACKEND_NAMES][32]; // none: all of them
    size_t nbackends;
    size_t sizes[TB_MAX_SIZES];
    size_t nsizes;
    tb_format format;
    tb_clock clock;
    const char *svg_path;           // NULL: no picture
    unsigned rounds;                // timed rounds per point
    double round_ms;                // target length of one round
    int round_ms_explicit;          // given by --round-ms: --quick leaves it alone
    size_t batches[TB_MAX_BATCHES]; // messages per call on the multi and fixed paths;
                                    // running hashes with --streams
    size_t nbatches;                // (sizes then hold the chunks)
    int merkle;                     // --merkle: one SHA-256 Merkle tree level
    int streams;                    // --streams: the streams path alone
    int pbkdf2;                     // --pbkdf2: ns per PBKDF2 iteration
    uint64_t pbkdf2_iterations;     // --iterations
    int quick;
    int openssl;                    // measure OpenSSL beside us (when built with it)
    int nominal_clock;              // MB/s at the TSC's nominal clock, not the run's
    int list_backends;
} tb_options;

// What tb_parse_options asks the caller to do.
typedef enum tb_parse_result {
    TB_PARSE_RUN = 0,               // options valid: run the benchmark
    TB_PARSE_HELP = 1,              // print the help, exit 0
    TB_PARSE_VERSION = 3,           // print the version, exit 0
    TB_PARSE_ERROR = 2,             // err holds the message; exit 2
} tb_parse_result;

void tb_default_options(tb_options *opt);
// Parses argv[1..argc-1] into opt (filled with the defaults first). On
// TB_PARSE_ERROR, err receives one line without "tdbench: " or newline.
// Names of backends are checked against td_backends() and, when have_openssl
// is set, "openssl" and "openssl-evp".
tb_parse_result tb_parse_options(int argc, char **argv, tb_options *opt, int have_openssl,
                                 char *err, size_t errlen);
// "10,100,1K,16KiB,1MiB" into sizes; 0 on success, -1 with err filled.
int tb_parse_sizes(const char *list, size_t *sizes, size_t cap, size_t *count, char *err,
                   size_t errlen);
// "1,2,4,64" into batches (1 to TB_MAX_BATCH each, repeats dropped, order
// kept); 0 on success, -1 with err filled.
int tb_parse_batches(const char *list, size_t *batches, size_t cap, size_t *count, char *err,
                     size_t errlen);
void tb_print_help(FILE *f);

// ----------------------------------------------------------------- results

// One measured point. Times are per message: on the multi and fixed paths
// the time of one call (or one loop over the batch) divided by the batch; on
// the streams path per chunk: one round of chunks over all the streams
// divided by the streams (size is the chunk, batch the streams).
typedef struct tb_result {
    td_alg alg;
    const char *path;               // "single", "multi", "fixed", "streams" or "squeeze"
                                    // (SHAKE: size the bytes squeezed after absorbing
                                    // TB_SQUEEZE_IN)
    const char *backend;            // "portable", "shani", ..., "openssl", "openssl-evp";
                                    // multi and fixed also "auto" and "td-loop"
    size_t size;                    // bytes per message
    size_t batch;                   // messages per call: 1 on the single path
    size_t batch_asked;             // the --batch value this row stands for: batch is
                                    // smaller for huge messages; 0: same as batch
    double ns_per_iter;             // median over the rounds
    double spread_ns;               // max - min over the rounds (cargo's +/-)
    double mb_per_s;                // 10^6 bytes per second, from the median
    double cycles_per_byte;         // core cycles (estimated clock); < 0: unknown
    double counter_per_byte;        // cycle-counter ticks (TSC); < 0: no counter
    double ratio;                   // mb_per_s / OpenSSL low-level's at the same size (on
                                    // the multi and fixed paths its loop over the same
                                    // batch); < 0: no baseline
    unsigned rounds;
    uint64_t iters;                 // messages per round
} tb_result;

// Facts printed above the results (table, markdown) or beside them (svg).
typedef struct tb_meta {
    const char *tool_version;
    const char *library_version;
    const char *cpu_model;
    const char *cpu_features;
    const char *date;               // UTC, "YYYY-MM-DD HH:MM"
    const char *openssl_version;    // NULL: built without OpenSSL
    int openssl_absent;             // built without it: the header says so
    const char *openssl_ia32cap;    // the OPENSSL_ia32cap in effect, or NULL
    const char *clock_name;         // "thread CPU time" or "wall clock"
    const char *cycles_label;       // what cycles/byte counts, e.g. "TSC cycles"
    double counter_ghz;             // cycle counter frequency; 0 when none
    double core_ghz;                // estimated core clock; 0 when unknown
    double time_ghz;                // clock that turned core cycles into time; 0: none
    int time_nominal;               // time_ghz is the TSC's nominal rate
    unsigned rounds;
    double round_ms;
    double elapsed_s;               // wall time of the whole run
    int batch_paths;                // the multi or the fixed path was measured
    int merkle;                     // the results are --merkle's
    int streams;                    // the streams path was measured
    int pbkdf2;                     // the results are --pbkdf2's
} tb_meta;

// ------------------------------------------------------------------ output

// Writes results in the chosen format; 0 on success, -1 on an I/O error.
int tb_write_results(FILE *f, tb_format format, const tb_meta *meta, const tb_result *r,
                     size_t n);
int tb_write_svg(FILE *f, const tb_meta *m, const tb_result *all, size_t count);
// The cargo bench name of a point: "sha256_1000" on the single path,
// "sha256_many64_1000" on the multi path and "sha256_fixed64_1000" on the
// fixed path (64 messages a call), "sha256_streams16_65536" on the streams
// path (16 streams fed 65536 bytes each a call).
void tb_cargo_name(char *buf, size_t cap, td_alg alg, const char *path, size_t batch,
                   size_t size);
// The batch of series that r belongs to (batch_asked, or batch).
size_t tb_series_batch(const tb_result *r);
// Bytes a --pbkdf2 row's ns_per_iter compresses (its MB/s and cycles/byte
// count them): two blocks an iteration and output block (the bound's rows
// have one output block: its two compressions).
size_t tb_pbkdf2_bytes(const tb_result *r);

// ----------------------------------------------------------------- measure

// Nanoseconds from the chosen clock (monotonic wall clock, or this thread's
// CPU time, which leaves out the time other processes had the core).
uint64_t tb_now_ns(tb_clock clock);
// The cycle counter (x86 TSC, AArch64 cntvct_el0); 0 where there is none.
uint64_t tb_counter(void);
// Its name ("TSC cycles", "cntvct ticks") or NULL where there is none.
const char *tb_counter_name(void);
// Counter frequency in GHz, measured against the monotonic clock over ~ms
// milliseconds (cntfrq_el0 on AArch64); 0 where there is no counter.
double tb_counter_ghz(double ms);
// The core clock in GHz, from a chain of dependent adds (one cycle each);
// 0 where the estimate is not available.
double tb_core_ghz(tb_clock clock);
// One timing of 16 * n dependent adds: the core clock in GHz over that
// stretch (0 where not available). tdbench runs it beside the subjects in
// every round, so that cycles/byte follow the clock as it drifts.
double tb_core_ghz_once(tb_clock clock, uint64_t n);
// The median of v[0..n-1] (sorts v in place).
double tb_median(double *v, size_t n);

// ---------------------------------------------------------------- openssl

typedef void tb_hash_fn(const void *data, size_t len, uint8_t *out);
// SHAKE: out_len bytes of output.
typedef void tb_xof_fn(const void *data, size_t len, uint8_t *out, size_t out_len);

#ifdef TD_BENCH_OPENSSL
// Fetches the EVP_MDs; 0 on success.
int tb_openssl_init(void);
void tb_openssl_done(void);
const char *tb_openssl_version(void);
// SHA256_Init/Update/Final and siblings; NULL if OpenSSL lacks the algorithm.
tb_hash_fn *tb_openssl_lowlevel(td_alg alg);
// EVP_Digest with a pre-fetched EVP_MD; for SHAKE, EVP_DigestFinalXOF of
// tb_out_size(alg) bytes.
tb_hash_fn *tb_openssl_evp(td_alg alg);
// SHAKE through EVP_DigestInit_ex, EVP_DigestUpdate and EVP_DigestFinalXOF;
// NULL for other algorithms or where OpenSSL lacks it.
tb_xof_fn *tb_openssl_xof(td_alg alg);
// PKCS5_PBKDF2_HMAC with the pre-fetched EVP_MD; 0 on success.
int tb_openssl_pbkdf2(td_alg alg, const void *password, size_t password_len, const void *salt,
                      size_t salt_len, uint64_t iterations, uint8_t *out, size_t out_len);
#endif

// OpenSSL's low-level Init, Update and Final over n contexts of ctx_size
// bytes laid side by side; final writes digest i at out + i * digest size.
typedef struct tb_openssl_streams {
    size_t ctx_size;
    void (*init)(void *ctxs, size_t n);
    void (*update)(void *ctxs, size_t n, const void *const *data, const size_t *lens);
    void (*final)(void *ctxs, size_t n, uint8_t *out);
} tb_openssl_streams;

#ifdef TD_BENCH_OPENSSL
// NULL if OpenSSL lacks the algorithm. SHA-3, which has no low-level
// interface, runs on EVP_MD_CTXs (EVP_DigestUpdate); *evp says which.
const tb_openssl_streams *tb_openssl_streams_of(td_alg alg, int *evp);
#endif

// ---------------------------------------------------------------- streams

// How the streams path feeds its running hashes: td_update_many over all of
// them, td_update on each in turn, or OpenSSL's XXX_Update on each in turn.
typedef enum tb_feed { TB_FEED_MANY, TB_FEED_LOOP, TB_FEED_OPENSSL } tb_feed;

// n running hashes of one algorithm, ours and (when measured) OpenSSL's.
typedef struct tb_streams {
    td_alg alg;
    size_t n;
    td_ctx *ctxs;
    td_ctx **ptrs;                  // ptrs[i] == &ctxs[i], td_update_many's argument
    const tb_openssl_streams *ssl;  // NULL: no OpenSSL contexts
    void *ssl_ctxs;
} tb_streams;

// 0 on success; with_openssl: OpenSSL's contexts too, where it has the alg.
int tb_streams_make(tb_streams *s, td_alg alg, size_t n, int with_openssl);
void tb_streams_free(tb_streams *s);
// Starts every hash afresh (outside the timing).
void tb_streams_start(tb_streams *s, tb_feed how);
// rounds times, chunk data[i] of lens[i] bytes into stream i (the timed part).
void tb_streams_feed(tb_streams *s, tb_feed how, const void *const *data, const size_t *lens,
                     uint64_t rounds);
// Finishes every hash, digest i at out + i * td_digest_size(alg) (outside the
// timing): td_final_many after td_update_many, td_final after the loop.
void tb_streams_finish(tb_streams *s, tb_feed how, uint8_t *out);

// -------------------------------------------------------------------- run

// Verifies, then measures every selected point; cycles/byte from the clock
// rates in meta (0: unknown), and meta->round_ms set to the round length
// used. *out is allocated (caller frees), ordered by algorithm, then series
// (single-path backends; then per batch path, per batch: auto, the pinned
// backends, td-loop, openssl), then size; --streams the same per streams
// count; --merkle has an order of its own (see bench_run.c). Returns 0, or 1 after a digest mismatch or an
// allocation failure (message already printed to stderr).
int tb_run(const tb_options *opt, tb_meta *meta, tb_result **out, size_t *count);

// --pbkdf2's run (tb_run hands it over): per selected algorithm, rows of
// path "pbkdf2" for td_pbkdf2_hmac ("auto"), OpenSSL's PKCS5_PBKDF2_HMAC
// and the bound (TB_TWO_BLOCKS), size the output, batch the iterations,
// ns_per_iter per iteration; with SHA-1, WPA2's 4096 iterations of 20 and
// 32 bytes after them.
int tb_run_pbkdf2(const tb_options *opt, tb_meta *meta, tb_result **out, size_t *count);

#endif // TDBENCH_H
