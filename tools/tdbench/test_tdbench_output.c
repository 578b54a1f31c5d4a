// SPDX-License-Identifier: Apache-2.0
// tdbench's option parser and writers, without measuring anything: argument
// vectors in, options out; made-up results in, every format parsed back.

#include <ctype.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tdbench.h"

#ifdef TD_BENCH_OPENSSL
#define HAVE_OPENSSL 1
#else
#define HAVE_OPENSSL 0
#endif

static int failures;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                      \
        }                                                                    \
    } while (0)

// ------------------------------------------------------------------ options

static tb_parse_result parse(tb_options *opt, char *err, size_t errlen, ...)
{
    char *argv[32];
    int argc = 0;
    argv[argc++] = "tdbench";
    va_list ap;
    va_start(ap, errlen);
    for (char *a; argc < 31 && (a = va_arg(ap, char *)) != NULL;)
        argv[argc++] = a;
    va_end(ap);
    argv[argc] = NULL;
    err[0] = '\0';
    return tb_parse_options(argc, argv, opt, HAVE_OPENSSL, err, errlen);
}

static void test_options(void)
{
    tb_options o;
    char err[1024];

    CHECK(parse(&o, err, sizeof err, (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.algs == TB_ALL_ALGS && TB_ALL_ALGS == (1u << 14) - 1u);
    CHECK(o.paths == (TB_PATH_SINGLE | TB_PATH_MULTI | TB_PATH_FIXED | TB_PATH_SQUEEZE));
    CHECK(o.nbatches == 1 && o.batches[0] == TB_DEFAULT_BATCH && !o.merkle);
    CHECK(o.nsizes == 4 && o.sizes[0] == 10 && o.sizes[1] == 100 && o.sizes[2] == 1000
          && o.sizes[3] == 10000);
    CHECK(o.format == TB_TABLE && o.nbackends == 0 && o.rounds == 11 && !o.quick);
    CHECK(o.openssl == HAVE_OPENSSL);

    CHECK(parse(&o, err, sizeof err, "-a", "sha256", "--sizes", "64", "--quick", (char *)NULL)
          == TB_PARSE_RUN);
    CHECK(o.algs == 1u << TD_SHA256);
    CHECK(o.nsizes == 1 && o.sizes[0] == 64);
    CHECK(o.quick && o.rounds == 3 && o.round_ms == 10.0);

    CHECK(parse(&o, err, sizeof err, "--algorithm=SHA-512,md5", "-a", "sha512/256",
                "--sizes=16,1K,16KiB,1M,1MiB,7b", "--rounds", "5", "--quick", (char *)NULL)
          == TB_PARSE_RUN);
    CHECK(o.algs == ((1u << TD_SHA512) | (1u << TD_MD5) | (1u << TD_SHA512_256)));
    CHECK(o.nsizes == 6 && o.sizes[0] == 16 && o.sizes[1] == 1024 && o.sizes[2] == 16384
          && o.sizes[3] == 1048576 && o.sizes[4] == 1048576 && o.sizes[5] == 7);
    CHECK(o.rounds == 5 && o.round_ms == 10.0); // an explicit --rounds beats --quick's

    // SHA-3 and SHAKE: the slots after the fixed-output algorithms, in
    // td_alg_from_name's spellings.
    CHECK(parse(&o, err, sizeof err, "-a", "sha3-256,shake128", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.algs == ((1u << TD_SHA3_256) | (1u << TD_ALG_COUNT)));
    CHECK(o.algs == (tb_alg_bit(TD_SHA3_256) | tb_alg_bit(TD_SHAKE128)));
    CHECK(parse(&o, err, sizeof err, "-a", "SHA3_512,SHAKE-256", "-a", "sha3-224", (char *)NULL)
          == TB_PARSE_RUN);
    CHECK(o.algs == ((1u << TD_SHA3_512) | (1u << TD_SHA3_224) | (1u << (TD_ALG_COUNT + 1))));
    CHECK(tb_alg_at(TD_ALG_COUNT) == TD_SHAKE128 && tb_alg_at(TD_ALG_COUNT + 1) == TD_SHAKE256
          && tb_alg_at(TD_SHA3_384) == TD_SHA3_384 && tb_alg_slot(TD_SHAKE256) == TD_ALG_COUNT + 1);
    CHECK(tb_out_size(TD_SHAKE128) == 32 && tb_out_size(TD_SHAKE256) == 64
          && tb_out_size(TD_SHA3_384) == 48);
    CHECK(parse(&o, err, sizeof err, "-a", "shake512", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "sha3-256") != NULL && strstr(err, "shake128") != NULL);
    CHECK(parse(&o, err, sizeof err, "-a", "shake256", "-p", "squeeze", "-b", "portable",
                (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.paths == TB_PATH_SQUEEZE && o.nbackends == 1);
    // SHAKE has no many path: its many-path backend names are not known.
    CHECK(parse(&o, err, sizeof err, "-a", "shake128", "-b", "avx512-x8", (char *)NULL)
          == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "-p", "squeeze,single", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.paths == (TB_PATH_SQUEEZE | TB_PATH_SINGLE));
    CHECK(parse(&o, err, sizeof err, "-p", "squash", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "squeeze") != NULL);

    CHECK(parse(&o, err, sizeof err, "--openssl-sizes", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.nsizes == 6 && o.sizes[0] == 16 && o.sizes[5] == 16384);

    const struct { const char *name; tb_format f; } formats[] = {
        { "table", TB_TABLE }, { "cargo", TB_CARGO }, { "csv", TB_CSV },
        { "json", TB_JSON }, { "markdown", TB_MARKDOWN },
    };
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        CHECK(parse(&o, err, sizeof err, "--format", formats[i].name, (char *)NULL)
              == TB_PARSE_RUN);
        CHECK(o.format == formats[i].f);
    }
    CHECK(parse(&o, err, sizeof err, "-p", "multi", "--clock", "wall", "--batch", "8",
                "--svg", "x.svg", "--no-openssl", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.paths == TB_PATH_MULTI && o.clock == TB_CLOCK_WALL && o.nbatches == 1
          && o.batches[0] == 8);
    CHECK(o.svg_path && strcmp(o.svg_path, "x.svg") == 0 && o.openssl == 0);

    // Paths, alone or as a list; batches as a list, repeats dropped.
    CHECK(parse(&o, err, sizeof err, "-p", "fixed", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.paths == TB_PATH_FIXED);
    CHECK(parse(&o, err, sizeof err, "--path=single,FIXED", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.paths == (TB_PATH_SINGLE | TB_PATH_FIXED));
    CHECK(parse(&o, err, sizeof err, "-p", "multi,all", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.paths == TB_PATH_ALL);
    CHECK(parse(&o, err, sizeof err, "--batch", "1,2,4,8,16,64,1024", (char *)NULL)
          == TB_PARSE_RUN);
    CHECK(o.nbatches == 7 && o.batches[0] == 1 && o.batches[5] == 64 && o.batches[6] == 1024);
    CHECK(parse(&o, err, sizeof err, "--batch=64,4096,64,1", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.nbatches == 3 && o.batches[0] == 64 && o.batches[1] == 4096 && o.batches[2] == 1);
    const char *bad_batches[] = { "0", "4097", "", "1,,2", "-1", "8x", "1.5", "64,", "99999999999999999999" };
    for (size_t i = 0; i < sizeof bad_batches / sizeof bad_batches[0]; i++) {
        CHECK(parse(&o, err, sizeof err, "--batch", bad_batches[i], (char *)NULL)
              == TB_PARSE_ERROR);
        CHECK(strstr(err, "--batch") != NULL);
    }
    CHECK(parse(&o, err, sizeof err, "--batch", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17",
                (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "too many") != NULL);

    // The batch paths' own rows are names -b knows, where those paths run.
    CHECK(parse(&o, err, sizeof err, "-b", "auto,td-loop", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.nbackends == 2 && strcmp(o.backends[0], "auto") == 0
          && strcmp(o.backends[1], "td-loop") == 0);
    CHECK(parse(&o, err, sizeof err, "-p", "fixed", "-b", "auto", (char *)NULL) == TB_PARSE_RUN);
    CHECK(parse(&o, err, sizeof err, "-p", "single", "-b", "auto", (char *)NULL)
          == TB_PARSE_ERROR);
    CHECK(strstr(err, "unknown backend 'auto'") != NULL);

    // --merkle: SHA-256, one size, one batch, the two batch paths; the
    // options that would change that workload are refused.
    CHECK(parse(&o, err, sizeof err, "--merkle", "--quick", "-f", "json", "-b", "auto,td-loop",
                (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.merkle && o.algs == 1u << TD_SHA256 && o.paths == (TB_PATH_MULTI | TB_PATH_FIXED));
    CHECK(o.nsizes == 1 && o.sizes[0] == TB_MERKLE_NODE_SIZE);
    CHECK(o.nbatches == 1 && o.batches[0] == TB_MERKLE_NODES);
    CHECK(o.format == TB_JSON && o.quick && o.nbackends == 2);
    const char *not_with_merkle[] = { "-a", "--algorithm", "-p", "--path", "-s", "--sizes",
                                      "--batch", "--svg" };
    const char *values[] = { "sha256", "sha256", "fixed", "fixed", "64", "64", "1024", "m.svg" };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        CHECK(parse(&o, err, sizeof err, "--merkle", not_with_merkle[i], values[i], (char *)NULL)
              == TB_PARSE_ERROR);
        CHECK(strstr(err, "--merkle") != NULL && strstr(err, not_with_merkle[i]) != NULL);
        CHECK(parse(&o, err, sizeof err, not_with_merkle[i], values[i], "--merkle", (char *)NULL)
              == TB_PARSE_ERROR);
    }
    CHECK(parse(&o, err, sizeof err, "--openssl-sizes", "--merkle", (char *)NULL)
          == TB_PARSE_ERROR);

    CHECK(parse(&o, err, sizeof err, "--backend", "portable", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.nbackends == 1 && strcmp(o.backends[0], "portable") == 0);
    CHECK(parse(&o, err, sizeof err, "--backend", "portable,all", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.nbackends == 0);
#ifdef TD_BENCH_OPENSSL
    CHECK(parse(&o, err, sizeof err, "-b", "openssl-evp", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.nbackends == 1 && strcmp(o.backends[0], "openssl-evp") == 0);
#endif

    CHECK(parse(&o, err, sizeof err, "--help", (char *)NULL) == TB_PARSE_HELP);
    CHECK(parse(&o, err, sizeof err, "-h", (char *)NULL) == TB_PARSE_HELP);
    CHECK(parse(&o, err, sizeof err, "--version", (char *)NULL) == TB_PARSE_VERSION);

    // Bad input: an error with a message that names what was wrong.
    CHECK(parse(&o, err, sizeof err, "-a", "sha3", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "unknown algorithm 'sha3'") != NULL);
    CHECK(parse(&o, err, sizeof err, "-a", "md5,", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "--backend", "nosuch", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "unknown backend 'nosuch'") != NULL && strstr(err, "portable") != NULL);
    CHECK(parse(&o, err, sizeof err, "--no-openssl", "-b", "openssl", (char *)NULL)
          == TB_PARSE_ERROR);
    const char *bad_sizes[] = { "0", "10x", "", "1,,2", "-5", "1G", "999999999999", "1.5K", "K" };
    for (size_t i = 0; i < sizeof bad_sizes / sizeof bad_sizes[0]; i++) {
        CHECK(parse(&o, err, sizeof err, "--sizes", bad_sizes[i], (char *)NULL) == TB_PARSE_ERROR);
        CHECK(strstr(err, "size") != NULL);
    }
    CHECK(parse(&o, err, sizeof err, "--sizes", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "needs a value") != NULL);
    CHECK(parse(&o, err, sizeof err, "--format", "xml", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "--path", "both", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "unknown path 'both'") != NULL);
    CHECK(parse(&o, err, sizeof err, "--path", "single,", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "--merkles", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "--rounds", "0", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "--round-ms", "fast", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "--clock", "tsc", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "--frobnicate", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "unknown option") != NULL);
    CHECK(parse(&o, err, sizeof err, "--quickly", (char *)NULL) == TB_PARSE_ERROR);
    // getopt_long's conventions, as in tdsum: unambiguous abbreviations,
    // clustered short options, no operands.
    CHECK(parse(&o, err, sizeof err, "--merk", "--nominal", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.merkle && o.nominal_clock);
    CHECK(parse(&o, err, sizeof err, "-qa", "md5", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.quick && o.algs == 1u << TD_MD5);
    CHECK(parse(&o, err, sizeof err, "--round", "3", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "'--round'") != NULL);
    CHECK(parse(&o, err, sizeof err, "--quick=1", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "-q", "sha256", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "unexpected argument 'sha256'") != NULL);
    CHECK(parse(&o, err, sizeof err, "-a", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "'-a' needs a value") != NULL);
}

// --streams and --chunk: the streams path alone, counts where batches go and
// chunks where sizes go; the options that would change that are refused.
static void test_streams_options(void)
{
    tb_options o;
    char err[1024];

    CHECK(parse(&o, err, sizeof err, "--streams", "16", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.streams && o.paths == TB_PATH_STREAMS && o.algs == TB_ALL_ALGS);
    CHECK(o.nbatches == 1 && o.batches[0] == 16);
    CHECK(o.nsizes == 5 && o.sizes[0] == 64 && o.sizes[1] == 1024 && o.sizes[2] == 4096
          && o.sizes[3] == 65536 && o.sizes[4] == 1048576);

    CHECK(parse(&o, err, sizeof err, "--chunk=64,1K,64KiB,1M", "-a", "sha1", "--streams",
                "2,4,16,64,4", "-b", "auto,td-loop", "--quick", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.streams && o.paths == TB_PATH_STREAMS && o.algs == 1u << TD_SHA1);
    CHECK(o.nbatches == 4 && o.batches[0] == 2 && o.batches[3] == 64);
    CHECK(o.nsizes == 4 && o.sizes[0] == 64 && o.sizes[2] == 65536 && o.sizes[3] == 1048576);
    CHECK(o.nbackends == 2 && o.quick);
    CHECK(parse(&o, err, sizeof err, "--stream", "8", "--chunk", "4K", "-b", "portable",
                (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.nbatches == 1 && o.batches[0] == 8 && o.nsizes == 1 && o.sizes[0] == 4096);

    const char *bad_counts[] = { "0", "4097", "", "1,,2", "x", "8," };
    for (size_t i = 0; i < sizeof bad_counts / sizeof bad_counts[0]; i++) {
        CHECK(parse(&o, err, sizeof err, "--streams", bad_counts[i], (char *)NULL)
              == TB_PARSE_ERROR);
        CHECK(strstr(err, "--streams") != NULL);
    }
    const char *bad_chunks[] = { "0", "1G", "", "64,", "1.5K" };
    for (size_t i = 0; i < sizeof bad_chunks / sizeof bad_chunks[0]; i++) {
        CHECK(parse(&o, err, sizeof err, "--streams", "4", "--chunk", bad_chunks[i],
                    (char *)NULL) == TB_PARSE_ERROR);
        CHECK(strstr(err, "--chunk") != NULL);
    }
    CHECK(parse(&o, err, sizeof err, "--chunk", "64", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "--chunk goes with --streams") != NULL);
    CHECK(parse(&o, err, sizeof err, "--streams", "4", "--merkle", (char *)NULL)
          == TB_PARSE_ERROR);
    CHECK(strstr(err, "--merkle") != NULL && strstr(err, "--streams") != NULL);

    const char *not_with_streams[] = { "-p", "--path", "-s", "--sizes", "--batch", "--svg" };
    const char *values[] = { "multi", "single", "64", "64", "16", "s.svg" };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        CHECK(parse(&o, err, sizeof err, "--streams", "4", not_with_streams[i], values[i],
                    (char *)NULL) == TB_PARSE_ERROR);
        CHECK(strstr(err, "--streams") != NULL && strstr(err, not_with_streams[i]) != NULL);
        CHECK(parse(&o, err, sizeof err, not_with_streams[i], values[i], "--streams", "4",
                    (char *)NULL) == TB_PARSE_ERROR);
    }
    CHECK(parse(&o, err, sizeof err, "--openssl-sizes", "--streams", "4", (char *)NULL)
          == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "--streams", "4", "-b", "nosuch", (char *)NULL)
          == TB_PARSE_ERROR);
    CHECK(strstr(err, "unknown backend 'nosuch'") != NULL && strstr(err, "td-loop") != NULL);
}

// --pbkdf2 and --iterations: no path, size or batch of its own choosing
// goes with it; -a and -b do.
static void test_pbkdf2_options(void)
{
    tb_options o;
    char err[1024];

    CHECK(parse(&o, err, sizeof err, "--pbkdf2", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.pbkdf2 && o.pbkdf2_iterations == TB_PBKDF2_ITERATIONS && o.paths == 0);
    CHECK(o.algs == TB_ALL_ALGS);
    CHECK(parse(&o, err, sizeof err, "--iterations=4096", "-a", "sha1", "--pbkdf2", "-b",
                "auto,2-blocks", "--quick", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.pbkdf2 && o.pbkdf2_iterations == 4096 && o.algs == 1u << TD_SHA1);
    CHECK(o.nbackends == 2 && strcmp(o.backends[1], TB_TWO_BLOCKS) == 0 && o.quick);
    CHECK(parse(&o, err, sizeof err, "--pbkdf2", "--iterations", "1000000000", (char *)NULL)
          == TB_PARSE_RUN);
    CHECK(o.pbkdf2_iterations == 1000000000u);

    const char *bad_iterations[] = { "0", "1000000001", "", "x", "-5", "12k" };
    for (size_t i = 0; i < sizeof bad_iterations / sizeof bad_iterations[0]; i++) {
        CHECK(parse(&o, err, sizeof err, "--pbkdf2", "--iterations", bad_iterations[i],
                    (char *)NULL) == TB_PARSE_ERROR);
        CHECK(strstr(err, "--iterations") != NULL);
    }
    CHECK(parse(&o, err, sizeof err, "--iterations", "10", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "--iterations goes with --pbkdf2") != NULL);
    const char *other_workloads[][2] = { { "--merkle", NULL }, { "--streams", "4" } };
    for (size_t i = 0; i < 2; i++) {
        CHECK(parse(&o, err, sizeof err, "--pbkdf2", other_workloads[i][0], other_workloads[i][1],
                    (char *)NULL) == TB_PARSE_ERROR);
        CHECK(strstr(err, "--pbkdf2") != NULL && strstr(err, other_workloads[i][0]) != NULL);
    }
    CHECK(parse(&o, err, sizeof err, "--pbkdf2", "--chunk", "64", (char *)NULL)
          == TB_PARSE_ERROR);
    const char *not_with_pbkdf2[] = { "-p", "-s", "--batch", "--svg" };
    const char *values[] = { "single", "64", "16", "s.svg" };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        CHECK(parse(&o, err, sizeof err, "--pbkdf2", not_with_pbkdf2[i], values[i], (char *)NULL)
              == TB_PARSE_ERROR);
        CHECK(strstr(err, "--pbkdf2") != NULL && strstr(err, not_with_pbkdf2[i]) != NULL);
    }
    CHECK(parse(&o, err, sizeof err, "--openssl-sizes", "--pbkdf2", (char *)NULL)
          == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "--pbkdf2", "-b", "portable", (char *)NULL)
          == TB_PARSE_ERROR);
    CHECK(strstr(err, "unknown backend 'portable'") != NULL && strstr(err, "2-blocks") != NULL);
    CHECK(parse(&o, err, sizeof err, "--pbkdf2", "-b", "openssl", (char *)NULL)
          == (HAVE_OPENSSL ? TB_PARSE_RUN : TB_PARSE_ERROR));
}

// ------------------------------------------------------------- fixtures

// Two algorithms, ten series each, two sizes; numbers chosen to exercise
// thousands separators. The series: portable and openssl on the single
// path; auto, portable, td-loop and openssl on the multi path at batch 64;
// auto on the multi path at batch 1024 (cut to 512 at the larger size, as
// tb_run does for huge messages); auto, portable and openssl on the fixed
// path at batch 64.
#define NSERIES 10
#define NRES (2 * NSERIES * 2)

static const struct {
    const char *backend, *path;
    size_t batch;
} series[NSERIES] = {
    { "portable", "single", 1 }, { "openssl", "single", 1 },
    { "auto", "multi", 64 },     { "portable", "multi", 64 },
    { "td-loop", "multi", 64 },  { "openssl", "multi", 64 },
    { "auto", "multi", 1024 },
    { "auto", "fixed", 64 },     { "portable", "fixed", 64 },
    { "openssl", "fixed", 64 },
};

static void make_results(tb_result *r)
{
    static const size_t sizes[2] = { 10, 10000 };
    size_t k = 0;
    for (int a = 0; a < 2; a++) {
        for (int s = 0; s < NSERIES; s++) {
            for (int z = 0; z < 2; z++, k++) {
                tb_result *o = &r[k];
                memset(o, 0, sizeof *o);
                o->alg = a == 0 ? TD_SHA256 : TD_SHA512_256;
                o->path = series[s].path;
                o->backend = series[s].backend;
                o->size = sizes[z];
                o->batch = series[s].batch == 1024 && z == 1 ? 512 : series[s].batch;
                o->batch_asked = series[s].batch;
                o->ns_per_iter = z == 0 ? 42.75 + s : 12345.6 + 1000.0 * s + a;
                o->spread_ns = z == 0 ? 0.9 : 1234.5;
                o->mb_per_s = (double)o->size * 1e3 / o->ns_per_iter;
                o->cycles_per_byte = s == 1 && z == 0 ? -1.0 : 3.25 + s;
                o->counter_per_byte = 2.5;
                o->ratio = s == 3 && a == 1 ? -1.0 : 0.5 + 0.25 * s;
                o->rounds = 7;
                o->iters = 1000u + k;
            }
        }
    }
}

static tb_meta make_meta(void)
{
    tb_meta m;
    memset(&m, 0, sizeof m);
    m.tool_version = "0.1.0";
    m.library_version = "0.1.0";
    m.cpu_model = "Test CPU <&> \"quoted\"";
    m.cpu_features = "sse2";
    m.date = "2025-01-01 00:00 UTC";
    m.openssl_version = "OpenSSL 3.0.0";
    m.clock_name = "thread CPU time";
    m.cycles_label = "TSC cycles";
    m.counter_ghz = 2.6;
    m.core_ghz = 3.8;
    m.rounds = 7;
    m.round_ms = 25;
    m.batch_paths = 1;
    return m;
}

// Runs a writer into a temporary file and returns its text (caller frees).
static char *render_with(const tb_meta *meta, tb_format format, int svg, const tb_result *r,
                         size_t n)
{
    const tb_meta m = *meta;
    FILE *f = tmpfile();
    if (f == NULL) {
        fprintf(stderr, "tmpfile failed\n");
        exit(1);
    }
    const int rc = svg ? tb_write_svg(f, &m, r, n) : tb_write_results(f, format, &m, r, n);
    CHECK(rc == 0);
    const long len = ftell(f);
    rewind(f);
    char *text = calloc((size_t)len + 1, 1);
    if (text == NULL || fread(text, 1, (size_t)len, f) != (size_t)len) {
        fprintf(stderr, "reading back failed\n");
        exit(1);
    }
    fclose(f);
    return text;
}

static char *render(tb_format format, int svg, const tb_result *r, size_t n)
{
    const tb_meta m = make_meta();
    return render_with(&m, format, svg, r, n);
}

static size_t count_of(const char *text, const char *needle)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

// ------------------------------------------------------------------- cargo

static uint64_t parse_thousands(const char **p)
{
    uint64_t v = 0;
    int digits = 0;
    while (isdigit((unsigned char)**p) || (**p == ',' && digits)) {
        if (**p != ',')
            v = v * 10 + (uint64_t)(**p - '0');
        digits++;
        (*p)++;
    }
    return v;
}

// Parses "test NAME<pad> ... bench: <11-wide> ns/iter (+/- D)[ = M MB/s]"
// the way cargo-benchcmp and friends read it. Returns 0 on success.
static int parse_cargo_line(const char *line, char *name, size_t cap, size_t *name_field,
                            uint64_t *ns, uint64_t *dev, uint64_t *mbs)
{
    if (strncmp(line, "test ", 5) != 0)
        return -1;
    const char *p = line + 5;
    const char *dots = strstr(p, " ... bench: ");
    if (dots == NULL)
        return -1;
    *name_field = (size_t)(dots - p);
    size_t nlen = *name_field;
    while (nlen > 0 && p[nlen - 1] == ' ')
        nlen--;
    if (nlen == 0 || nlen >= cap)
        return -1;
    memcpy(name, p, nlen);
    name[nlen] = '\0';
    p = dots + strlen(" ... bench: ");
    const char *num_start = p;
    while (*p == ' ')
        p++;
    *ns = parse_thousands(&p);
    if (p - num_start < 11) // right-aligned in at least 11 columns
        return -1;
    if (strncmp(p, " ns/iter (+/- ", 14) != 0)
        return -1;
    p += 14;
    *dev = parse_thousands(&p);
    if (*p != ')')
        return -1;
    p++;
    *mbs = 0;
    if (strncmp(p, " = ", 3) == 0) {
        p += 3;
        *mbs = parse_thousands(&p);
        if (strcmp(p, " MB/s") != 0)
            return -1;
    } else if (*p != '\0') {
        return -1;
    }
    return 0;
}

// Next line of text (split in place), or NULL at the end.
static char *next_line(char **cursor)
{
    char *line = *cursor;
    if (line == NULL || *line == '\0')
        return NULL;
    char *nl = strchr(line, '\n');
    if (nl) {
        *nl = '\0';
        *cursor = nl + 1;
    } else {
        *cursor = line + strlen(line);
    }
    return line;
}

static void test_cargo(void)
{
    tb_result r[NRES];
    make_results(r);

    // The example line of API.md (cargo bench's format), through the same writer.
    tb_result one = r[0];
    one.alg = TD_SHA256;
    one.size = 1000;
    one.ns_per_iter = 424.9;
    one.spread_ns = 6.2;
    char *single = render(TB_CARGO, 0, &one, 1);
    CHECK(strstr(single, "test sha256_1000 ... bench:         424 ns/iter (+/- 6) = 2358 MB/s\n")
          != NULL);
    free(single);

    char *text = render(TB_CARGO, 0, r, NRES);
    char *cursor = text;
    size_t parsed = 0, groups = 0, group_field = 0, in_group = 0, announced = 0;
    int seen[NRES] = { 0 };
    for (char *line = next_line(&cursor); line; line = next_line(&cursor)) {
        if (strncmp(line, "running ", 8) == 0) {
            groups++;
            group_field = 0;
            in_group = 0;
            announced = (size_t)strtoul(line + 8, NULL, 10);
            continue;
        }
        if (strncmp(line, "test result: ok.", 16) == 0) {
            CHECK(in_group == announced);
            continue;
        }
        if (strncmp(line, "test ", 5) != 0)
            continue;
        char name[64] = "";
        size_t field = 0;
        uint64_t ns = 0, dev = 0, mbs = 0;
        CHECK(parse_cargo_line(line, name, sizeof name, &field, &ns, &dev, &mbs) == 0);
        // Names are padded to one width within a group, as libtest does.
        if (group_field == 0)
            group_field = field;
        CHECK(field == group_field);
        in_group++;
        // Find the result this line stands for: the group order is the
        // order of first appearance of (backend, path).
        int found = 0;
        for (size_t k = 0; k < NRES && !found; k++) {
            char expect[64];
            tb_cargo_name(expect, sizeof expect, r[k].alg, r[k].path, r[k].batch, r[k].size);
            if (seen[k] || strcmp(expect, name) != 0)
                continue;
            const uint64_t want_ns = (uint64_t)r[k].ns_per_iter;
            if (ns != want_ns)
                continue;
            found = 1;
            seen[k] = 1;
            CHECK(dev == (uint64_t)r[k].spread_ns);
            CHECK(want_ns != 0 && mbs == r[k].size * 1000u / want_ns);
        }
        CHECK(found);
        parsed++;
    }
    CHECK(parsed == NRES);
    CHECK(groups == 9); // one per backend and path
    free(text);

    text = render(TB_CARGO, 0, r, NRES);
    CHECK(strstr(text, "test sha512_256_10000 ... bench: ") != NULL);
    CHECK(strstr(text, "test sha512_256_10    ... bench: ") != NULL);
    CHECK(strstr(text, "bench:      12,345 ns/iter (+/- 1,234) = 810 MB/s\n") != NULL);
    // The batch paths: the path and the messages a call in the name, the
    // batch actually run where it was cut.
    CHECK(strstr(text, "     Running tdbench auto (multi path)\n") != NULL);
    CHECK(strstr(text, "     Running tdbench auto (fixed path)\n") != NULL);
    CHECK(strstr(text, "     Running tdbench td-loop (multi path)\n") != NULL);
    CHECK(strstr(text, "test sha256_many64_10 ") != NULL);
    CHECK(strstr(text, "test sha256_many1024_10 ") != NULL);
    CHECK(strstr(text, "test sha256_many512_10000 ") != NULL);
    CHECK(strstr(text, "test sha512_256_fixed64_10000 ") != NULL);
    CHECK(strstr(text, "_many1024_10000") == NULL);
    CHECK(count_of(text, "test sha256_fixed64_10 ") == 3); // auto, portable, openssl
    free(text);

    char name[64];
    tb_cargo_name(name, sizeof name, TD_SHA256, "single", 1, 1000);
    CHECK(strcmp(name, "sha256_1000") == 0);
    tb_cargo_name(name, sizeof name, TD_SHA256, NULL, 1, 1000);
    CHECK(strcmp(name, "sha256_1000") == 0);
    tb_cargo_name(name, sizeof name, TD_SHA256, "multi", 64, 1000);
    CHECK(strcmp(name, "sha256_many64_1000") == 0);
    tb_cargo_name(name, sizeof name, TD_SHA512_256, "fixed", 1024, 64);
    CHECK(strcmp(name, "sha512_256_fixed1024_64") == 0);
    tb_cargo_name(name, 8, TD_SHA512_256, "fixed", 1024, 64); // cut short, still a string
    CHECK(strlen(name) == 7);
    tb_cargo_name(name, sizeof name, TD_SHA3_256, "single", 1, 1000);
    CHECK(strcmp(name, "sha3_256_1000") == 0);
    tb_cargo_name(name, sizeof name, TD_SHA3_512, "multi", 64, 4096);
    CHECK(strcmp(name, "sha3_512_many64_4096") == 0);
    tb_cargo_name(name, sizeof name, TD_SHAKE128, "squeeze", 1, 1024);
    CHECK(strcmp(name, "shake128_squeeze_1024") == 0);
    tb_cargo_name(name, sizeof name, TD_SHAKE256, "single", 1, 10);
    CHECK(strcmp(name, "shake256_10") == 0);
}

// -------------------------------------------------------------------- json

// The writer's text for known rows: one object a line inside one array,
// unknown values null. tools/tdbench/tests/check_json.py reads real runs
// back with Python's json module.
static void test_json(void)
{
    tb_result r[NRES];
    make_results(r);
    char *text = render(TB_JSON, 0, r, NRES);
    const size_t len = strlen(text);
    CHECK(strncmp(text, "[\n", 2) == 0 && len >= 4 && strcmp(text + len - 4, "}\n]\n") == 0);
    CHECK(count_of(text, "\n  {\"alg\": ") == NRES && count_of(text, "},\n") == NRES - 1);
    size_t nulls = 0;
    for (size_t k = 0; k < NRES; k++) {
        char want[256];
        snprintf(want, sizeof want,
                 "{\"alg\": \"%s\", \"path\": \"%s\", \"backend\": \"%s\", \"size\": %zu, "
                 "\"batch\": %zu, \"ns_per_iter\": ",
                 td_alg_name(r[k].alg), r[k].path, r[k].backend, r[k].size, r[k].batch);
        CHECK(strstr(text, want) != NULL);
        nulls += r[k].ratio < 0;
    }
    CHECK(count_of(text, "\"ratio_openssl\": null") == nulls);
    CHECK(count_of(text, "\"path\": \"fixed\"") == 12 && count_of(text, "\"batch\": 512,") == 2);
    free(text);

    // An empty run is still a valid document.
    text = render(TB_JSON, 0, r, 0);
    CHECK(strcmp(text, "[\n]\n") == 0);
    free(text);
}

// ------------------------------------------------------- csv, table, others

static int close_to(double a, double b)
{
    return fabs(a - b) <= 1e-9 * fabs(b) + 1e-12;
}

static void test_csv(void)
{
    tb_result r[NRES];
    make_results(r);
    char *text = render(TB_CSV, 0, r, NRES);
    char *cursor = text;
    char *header = next_line(&cursor);
    CHECK(header && strncmp(header, "alg,path,backend,size,batch,", 28) == 0);
    const size_t columns = header ? count_of(header, ",") + 1 : 0;
    size_t k = 0;
    for (char *line = next_line(&cursor); line; line = next_line(&cursor), k++) {
        CHECK(count_of(line, ",") + 1 == columns);
        char alg[32], path[16], backend[32];
        size_t size, batch;
        double ns;
        // Our own output, whose numbers the other checks compare exactly.
        // NOLINTNEXTLINE(cert-err34-c)
        CHECK(sscanf(line, "%31[^,],%15[^,],%31[^,],%zu,%zu,%lf", alg, path, backend, &size,
                     &batch, &ns) == 6);
        if (k < NRES) {
            CHECK(strcmp(alg, td_alg_name(r[k].alg)) == 0 && strcmp(path, r[k].path) == 0);
            CHECK(strcmp(backend, r[k].backend) == 0 && batch == r[k].batch);
            CHECK(size == r[k].size && close_to(ns, r[k].ns_per_iter));
        }
    }
    CHECK(k == NRES);
    free(text);
}

static void test_table_markdown_svg(void)
{
    tb_result r[NRES];
    make_results(r);
    char *text = render(TB_TABLE, 0, r, NRES);
    CHECK(strstr(text, "algorithm") && strstr(text, "vs openssl") && strstr(text, "cyc/B"));
    CHECK(strstr(text, " batch ") && strstr(text, "ns/msg"));
    CHECK(strstr(text, "Test CPU") && strstr(text, "2025-01-01"));
    CHECK(count_of(text, "portable") == 12 && count_of(text, " openssl ") >= 12);
    CHECK(strstr(text, "0.50x") && strstr(text, "1.00x"));
    // The batch column holds the batch run; ns/msg the time per message.
    char row[160];
    snprintf(row, sizeof row, "%-11s %-7s %-13s %8d %5d ", "sha256", "multi", "auto", 10000, 512);
    CHECK(strstr(text, row) != NULL);
    snprintf(row, sizeof row, "%-11s %-7s %-13s %8d %5d ", "sha512-256", "fixed", "portable", 10,
             64);
    CHECK(strstr(text, row) != NULL);
    CHECK(strstr(text, " 13346.6 ") != NULL); // sha256 single openssl at 10000 B
    // After the header, and between algorithms, paths and batches: each
    // algorithm has 4 groups (single; multi at 64, at 1024; fixed at 64).
    CHECK(count_of(text, "\n\n") == 1 + 3 + 1 + 3);
    free(text);

    text = render(TB_MARKDOWN, 0, r, NRES);
    CHECK(strstr(text, "| algorithm | backend | 10 B | 10000 B |") != NULL);
    CHECK(count_of(text, "\n| sha256 |") == NSERIES
          && count_of(text, "\n| sha512-256 |") == NSERIES);
    CHECK(strstr(text, "| sha256 | portable |") != NULL);
    CHECK(strstr(text, "| sha256 | portable (many, batch 64) |") != NULL);
    CHECK(strstr(text, "| sha256 | td-loop (many, batch 64) |") != NULL);
    CHECK(strstr(text, "| sha256 | auto (fixed, batch 64) |") != NULL);
    CHECK(strstr(text, "| sha256 | openssl (fixed, batch 64) |") != NULL);
    // One row for the batch asked for; the cell of the cut batch says so.
    CHECK(strstr(text, "| sha256 | auto (many, batch 1024) | 205 (2.00x) | 545 (2.00x, batch 512) |")
          != NULL);
    CHECK(strstr(text, "| sha512-256 | portable (many, batch 64) | 219 | 652 |") != NULL);
    CHECK(strncmp(text, "<!--\n", 5) == 0 && count_of(text, "<!--") == 1
          && count_of(text, "-->") == 1);
    free(text);

    text = render(TB_TABLE, 1, r, NRES);
    CHECK(strncmp(text, "<?xml", 5) == 0);
    const size_t len = strlen(text);
    CHECK(len > 8 && strcmp(text + len - 7, "</svg>\n") == 0);
    // One line per backend: the single path, and the pinned multi-path
    // backends at batch 64 (auto, td-loop, the OpenSSL loop, other batches
    // and the fixed path are left out).
    CHECK(count_of(text, "<polyline") == 6);
    CHECK(count_of(text, "(td_hash_many, 64 msgs)") == 2);
    CHECK(strstr(text, "auto") == NULL && strstr(text, "td-loop") == NULL);
    CHECK(count_of(text, "class=\"title\">") == 2); // one panel per algorithm
    CHECK(count_of(text, "<g>") == count_of(text, "</g>"));
    CHECK(strstr(text, "Test CPU &lt;&amp;&gt; &quot;quoted&quot;") != NULL);
    CHECK(strstr(text, "<&>") == NULL);
    free(text);

    // Without batch 64, the first batch measured; without the multi path,
    // the fixed path's pinned backends.
    tb_result other[NRES];
    size_t n = 0;
    for (size_t k = 0; k < NRES; k++) {
        other[n] = r[k];
        if (strcmp(r[k].path, "multi") == 0 && r[k].batch_asked == 64) {
            other[n].batch = other[n].batch_asked = 8;
            n++;
        }
    }
    text = render(TB_TABLE, 1, other, n);
    CHECK(count_of(text, "<polyline") == 2 && count_of(text, "(td_hash_many, 8 msgs)") == 2);
    free(text);
    n = 0;
    for (size_t k = 0; k < NRES; k++) {
        if (strcmp(r[k].path, "fixed") == 0)
            other[n++] = r[k];
    }
    text = render(TB_TABLE, 1, other, n);
    CHECK(count_of(text, "<polyline") == 2
          && count_of(text, "portable (td_hash_many_fixed, 64 msgs)") == 2);
    free(text);
}

// --merkle's Markdown: one row per subject, in words.
static void test_merkle(void)
{
    static const struct {
        const char *path, *backend;
    } rows[] = {
        { "fixed", "auto" }, { "multi", "auto" }, { "fixed", "td-loop" },
        { "fixed", "openssl" }, { "fixed", "avx512-x16" },
    };
    tb_result r[5];
    for (size_t i = 0; i < 5; i++) {
        memset(&r[i], 0, sizeof r[i]);
        r[i].alg = TD_SHA256;
        r[i].path = rows[i].path;
        r[i].backend = rows[i].backend;
        r[i].size = TB_MERKLE_NODE_SIZE;
        r[i].batch = r[i].batch_asked = TB_MERKLE_NODES;
        r[i].ns_per_iter = 40.0 + 10.0 * (double)i;
        r[i].mb_per_s = 64e3 / r[i].ns_per_iter;
        r[i].ratio = 70.0 / r[i].ns_per_iter;
        r[i].rounds = 3;
    }
    r[4].ratio = -1.0;
    tb_meta m = make_meta();
    m.merkle = 1;
    char *text = render_with(&m, TB_MARKDOWN, 0, r, 5);
    CHECK(strstr(text, "merkle:") != NULL && count_of(text, "-->") == 1);
    CHECK(strstr(text, "| sha256 Merkle level: 1024 nodes of 64 B | ns per node | MB/s | "
                       "vs OpenSSL loop |\n|---|---:|---:|---:|\n") != NULL);
    CHECK(strstr(text, "| td_hash_many_fixed, auto | 40.0 | 1600 | 1.75x |\n") != NULL);
    CHECK(strstr(text, "| td_hash_many, auto (nodes in their own buffers) | 50.0 | 1280 | 1.40x |\n")
          != NULL);
    CHECK(strstr(text, "| td_sha256 loop | 60.0 |") != NULL);
    CHECK(strstr(text, "| OpenSSL SHA256_Init/Update/Final loop | 70.0 | 914 | 1.00x |\n") != NULL);
    CHECK(strstr(text, "| td_hash_many_fixed, avx512-x16 pinned | 80.0 | 800 | - |\n") != NULL);
    free(text);

    // The table: one group, no blank lines between paths.
    text = render_with(&m, TB_TABLE, 0, r, 5);
    CHECK(strstr(text, "merkle:") != NULL && count_of(text, "\n\n") == 1);
    char row[160];
    snprintf(row, sizeof row, "%-11s %-7s %-13s %8d %5d ", "sha256", "multi", "auto", 64, 1024);
    CHECK(strstr(text, row) != NULL);
    free(text);
}

// The streams path: 16 streams (auto, a pinned lanes backend, the td_update
// loop, the OpenSSL loop) and 4096 streams (auto, cut to 64 at 64 KiB),
// chunks of 64 B and 64 KiB.
#define NSTREAMS_RES 10

static void make_streams_results(tb_result *r)
{
    static const struct { const char *backend; size_t streams; } rows[] = {
        { "auto", 16 }, { "avx512-x16", 16 }, { "td-loop", 16 }, { "openssl", 16 },
        { "auto", 4096 },
    };
    for (size_t k = 0; k < NSTREAMS_RES; k++) {
        tb_result *o = &r[k];
        memset(o, 0, sizeof *o);
        o->alg = TD_SHA256;
        o->path = "streams";
        o->backend = rows[k / 2].backend;
        o->size = k % 2 ? 65536 : 64;
        o->batch_asked = rows[k / 2].streams;
        o->batch = o->batch_asked == 4096 && o->size == 65536 ? 64 : o->batch_asked;
        o->ns_per_iter = k % 2 ? 20000.0 + 1000.0 * (double)k : 25.5 + (double)k;
        o->spread_ns = 0.5;
        o->mb_per_s = (double)o->size * 1e3 / o->ns_per_iter;
        o->cycles_per_byte = 1.5;
        o->counter_per_byte = 1.1;
        o->ratio = 1.25;
        o->rounds = 3;
        o->iters = 100u + k;
    }
}

static void test_streams_output(void)
{
    tb_result r[NSTREAMS_RES];
    make_streams_results(r);
    tb_meta m = make_meta();
    m.batch_paths = 0;
    m.streams = 1;

    char *text = render_with(&m, TB_TABLE, 0, r, NSTREAMS_RES);
    CHECK(strstr(text, "\nstreams: ") != NULL && strstr(text, "td_update_many") != NULL);
    CHECK(strstr(text, "batches:") == NULL);
    char row[160];
    snprintf(row, sizeof row, "%-11s %-7s %-13s %8d %5d ", "sha256", "streams", "avx512-x16",
             65536, 16);
    CHECK(strstr(text, row) != NULL);
    snprintf(row, sizeof row, "%-11s %-7s %-13s %8d %5d ", "sha256", "streams", "auto", 65536, 64);
    CHECK(strstr(text, row) != NULL);
    CHECK(count_of(text, "\n\n") == 2); // after the header, between 16 and 4096 streams
    CHECK(strstr(text, "cycles a block") == NULL); // chunks are not whole messages
    free(text);

    text = render_with(&m, TB_CARGO, 0, r, NSTREAMS_RES);
    CHECK(strstr(text, "     Running tdbench auto (streams path)\n\nrunning 4 tests\n") != NULL);
    CHECK(count_of(text, "\ntest result: ok.") == 4);
    size_t parsed = 0;
    char *cursor = text;
    for (char *line = next_line(&cursor); line; line = next_line(&cursor)) {
        char name[64] = "", want[64];
        size_t field = 0;
        uint64_t ns = 0, dev = 0, mbs = 0;
        if (strncmp(line, "test ", 5) != 0 || strncmp(line, "test result", 11) == 0)
            continue;
        CHECK(parse_cargo_line(line, name, sizeof name, &field, &ns, &dev, &mbs) == 0);
        int found = 0;
        for (size_t k = 0; k < NSTREAMS_RES && !found && ns != 0; k++) {
            tb_cargo_name(want, sizeof want, r[k].alg, r[k].path, r[k].batch, r[k].size);
            found = strcmp(want, name) == 0 && ns == (uint64_t)r[k].ns_per_iter
                    && mbs == r[k].size * 1000u / ns;
        }
        CHECK(found);
        parsed++;
    }
    CHECK(parsed == NSTREAMS_RES);
    free(text);
    char name[64];
    tb_cargo_name(name, sizeof name, TD_SHA256, "streams", 16, 65536);
    CHECK(strcmp(name, "sha256_streams16_65536") == 0);

    text = render_with(&m, TB_CSV, 0, r, NSTREAMS_RES);
    CHECK(count_of(text, "\nsha256,streams,") == NSTREAMS_RES);
    CHECK(strstr(text, "\nsha256,streams,avx512-x16,65536,16,23000,") != NULL);
    CHECK(strstr(text, "\nsha256,streams,auto,65536,64,29000,") != NULL);
    free(text);

    text = render_with(&m, TB_JSON, 0, r, NSTREAMS_RES);
    CHECK(count_of(text, "\n  {\"alg\": \"sha256\", \"path\": \"streams\", ") == NSTREAMS_RES);
    CHECK(strstr(text, "\"backend\": \"td-loop\", \"size\": 64, \"batch\": 16, "
                       "\"ns_per_iter\": 29.5, ") != NULL);
    CHECK(count_of(text, "},\n") == NSTREAMS_RES - 1 && strstr(text, "}\n]\n") != NULL);
    free(text);

    text = render_with(&m, TB_MARKDOWN, 0, r, NSTREAMS_RES);
    CHECK(strstr(text, "| algorithm | backend | 64 B | 65536 B |") != NULL);
    CHECK(strstr(text, "| sha256 | td-loop (streams 16) | 2169 (1.25x) | 2621 (1.25x) |\n")
          != NULL);
    CHECK(strstr(text, "| sha256 | auto (streams 4096) | 1910 (1.25x) | 2260 (1.25x, 64 streams) |")
          != NULL);
    CHECK(strstr(text, "streams: ") != NULL && count_of(text, "-->") == 1);
    free(text);
}

// The lanes kernels' cost a block: from the largest size of each pinned
// "-xN" row whose batch fills its lanes, and only there.
static void test_lane_costs(void)
{
    static const struct {
        const char *backend;
        size_t size, batch;
    } rows[] = {
        { "avx512-x16", 1024, 64 }, { "avx512-x16", 4087, 64 }, { "shani-x4", 4087, 2 },
        { "auto", 4087, 64 },       { "td-loop", 4087, 64 },
    };
    tb_result r[5];
    for (size_t i = 0; i < 5; i++) {
        memset(&r[i], 0, sizeof r[i]);
        r[i].alg = TD_SHA256;
        r[i].path = "multi";
        r[i].backend = rows[i].backend;
        r[i].size = rows[i].size;
        r[i].batch = r[i].batch_asked = rows[i].batch;
        r[i].ns_per_iter = 1000.0;
        r[i].mb_per_s = (double)r[i].size / 1000.0 * 1e3;
        r[i].cycles_per_byte = 0.5;
        r[i].ratio = -1.0;
        r[i].rounds = 3;
    }
    // 4087 bytes and SHA-256's padding take 64 blocks: 0.5 * 4087 * 16 / 64.
    char *text = render(TB_TABLE, 0, r, 5);
    CHECK(count_of(text, "cycles a block\n") == 1);
    CHECK(strstr(text, "  sha256      multi  avx512-x16     16 lanes     4087 B     64 blocks"
                       "      511 cycles a block\n") != NULL);
    free(text);
    r[1].path = "single";
    text = render(TB_TABLE, 0, r, 5); // 1 KiB is the largest multi row now
    CHECK(strstr(text, " 16 lanes     1024 B     17 blocks      482 cycles a block\n") != NULL);
    free(text);

    // SHA-3's padding is a byte at least, with no length field: 119 bytes
    // are one block of SHA3-256's 136, 136 bytes two, 4096 bytes 31.
    static const size_t sha3_sizes[3] = { 119, 136, 4096 };
    static const char *const sha3_lines[3] = {
        "  sha3-256    fixed  avx512-x8       8 lanes      119 B      1 blocks      952 cycles a block\n",
        "  sha3-256    fixed  avx512-x8       8 lanes      136 B      2 blocks      544 cycles a block\n",
        "  sha3-256    fixed  avx512-x8       8 lanes     4096 B     31 blocks     1057 cycles a block\n",
    };
    for (size_t i = 0; i < 3; i++) {
        memset(&r[0], 0, sizeof r[0]);
        r[0].alg = TD_SHA3_256;
        r[0].path = "fixed";
        r[0].backend = "avx512-x8";
        r[0].size = sha3_sizes[i];
        r[0].batch = r[0].batch_asked = 64;
        r[0].ns_per_iter = 1000.0;
        r[0].mb_per_s = (double)r[0].size;
        r[0].cycles_per_byte = 1.0;
        r[0].ratio = -1.0;
        r[0].rounds = 3;
        text = render(TB_TABLE, 0, r, 1);
        CHECK(strstr(text, sha3_lines[i]) != NULL);
        free(text);
    }
}

// --pbkdf2's rows: SHA-1 at 100000 iterations (ours, OpenSSL's, the
// bound), WPA2's 20 and 32 bytes, and SHA-256's three.
#define NPBKDF2_RES 10

static void make_pbkdf2_results(tb_result *r)
{
    static const struct {
        td_alg alg;
        const char *backend;
        size_t size, iterations;
        double ns;
    } rows[NPBKDF2_RES] = {
        { TD_SHA1, "auto", 20, 100000, 80.0 },     { TD_SHA1, "openssl", 20, 100000, 220.0 },
        { TD_SHA1, TB_TWO_BLOCKS, 20, 100000, 72.0 }, { TD_SHA1, "auto", 20, 4096, 80.5 },
        { TD_SHA1, "openssl", 20, 4096, 221.0 },   { TD_SHA1, "auto", 32, 4096, 96.6 },
        { TD_SHA1, "openssl", 32, 4096, 440.0 },   { TD_SHA256, "auto", 32, 100000, 84.0 },
        { TD_SHA256, "openssl", 32, 100000, 225.0 }, { TD_SHA256, TB_TWO_BLOCKS, 32, 100000, 78.0 },
    };
    for (size_t k = 0; k < NPBKDF2_RES; k++) {
        tb_result *o = &r[k];
        memset(o, 0, sizeof *o);
        o->alg = rows[k].alg;
        o->path = "pbkdf2";
        o->backend = rows[k].backend;
        o->size = rows[k].size;
        o->batch = o->batch_asked = rows[k].iterations;
        o->ns_per_iter = rows[k].ns;
        o->spread_ns = 0.5;
        o->mb_per_s = (double)tb_pbkdf2_bytes(o) * 1e3 / o->ns_per_iter;
        o->cycles_per_byte = 2.5;
        o->counter_per_byte = 1.9;
        o->ratio = 2.0;
        o->rounds = 3;
        o->iters = 1000u + k;
    }
}

static void test_pbkdf2_output(void)
{
    tb_result r[NPBKDF2_RES];
    make_pbkdf2_results(r);
    CHECK(tb_pbkdf2_bytes(&r[0]) == 128 && tb_pbkdf2_bytes(&r[2]) == 128);
    CHECK(tb_pbkdf2_bytes(&r[5]) == 256); // 32 bytes of SHA-1: two output blocks
    tb_meta m = make_meta();
    m.batch_paths = 0;
    m.pbkdf2 = 1;

    char *text = render_with(&m, TB_TABLE, 0, r, NPBKDF2_RES);
    CHECK(strstr(text, "\npbkdf2:  PBKDF2-HMAC") != NULL && strstr(text, "\nratio:") == NULL);
    char row[160];
    snprintf(row, sizeof row, "%-11s %-7s %-13s %8d %5d ", "sha1", "pbkdf2", "2-blocks", 20,
             100000);
    CHECK(strstr(text, row) != NULL);
    CHECK(strstr(text, "pbkdf2: td_pbkdf2_hmac's iteration against two single-block") != NULL);
    CHECK(strstr(text, "      80.0 against      72.0  1.111x\n") != NULL);
    CHECK(strstr(text, "      84.0 against      78.0  1.077x\n") != NULL);
    CHECK(strstr(text, "\nWPA2 (PBKDF2-HMAC-SHA1, 4096 iterations): 32 bytes 395.7 us, 20 bytes "
                       "329.7 us a derivation: 1.200x\n") != NULL);
    free(text);

    text = render_with(&m, TB_MARKDOWN, 0, r, NPBKDF2_RES);
    CHECK(strstr(text, "pbkdf2:") != NULL && count_of(text, "-->") == 1);
    CHECK(strstr(text, "| sha1 | 20 B | 100000 | 80.0 | 220.0 | 2.75x | 72.0 | 1.111x |\n")
          != NULL);
    CHECK(strstr(text, "| sha1 | 20 B | 4096 | 80.5 | 221.0 | 2.75x | 72.0 | 1.118x |\n") != NULL);
    CHECK(strstr(text, "| sha1 | 32 B | 4096 | 96.6 | 440.0 | 4.55x | - | - |\n") != NULL);
    CHECK(strstr(text, "| sha256 | 32 B | 100000 | 84.0 | 225.0 | 2.68x | 78.0 | 1.077x |\n")
          != NULL);
    CHECK(count_of(text, "\n| sha") == 4);
    free(text);

    text = render_with(&m, TB_CARGO, 0, r, NPBKDF2_RES);
    CHECK(strstr(text, "     Running tdbench 2-blocks (pbkdf2 path)\n") != NULL);
    // MB/s over the blocks compressed: 4 of 64 bytes an iteration here.
    CHECK(strstr(text, "test sha1_pbkdf2_4096_32     ... bench:          96 ns/iter (+/- 0) = "
                       "2666 MB/s\n") != NULL);
    free(text);
    char name[64];
    tb_cargo_name(name, sizeof name, TD_SHA512_256, "pbkdf2", 4096, 32);
    CHECK(strcmp(name, "sha512_256_pbkdf2_4096_32") == 0);

    text = render_with(&m, TB_CSV, 0, r, NPBKDF2_RES);
    CHECK(count_of(text, ",pbkdf2,") == NPBKDF2_RES);
    CHECK(strstr(text, "\nsha1,pbkdf2,auto,32,4096,96.6,") != NULL);
    free(text);
    text = render_with(&m, TB_JSON, 0, r, NPBKDF2_RES);
    CHECK(count_of(text, "\"path\": \"pbkdf2\"") == NPBKDF2_RES);
    CHECK(strstr(text, "\"backend\": \"2-blocks\", \"size\": 32, \"batch\": 100000,") != NULL);
    free(text);
}

int main(void)
{
    test_options();
    test_streams_options();
    test_pbkdf2_options();
    test_cargo();
    test_json();
    test_csv();
    test_table_markdown_svg();
    test_merkle();
    test_lane_costs();
    test_streams_output();
    test_pbkdf2_output();
    if (failures) {
        fprintf(stderr, "test_tdbench_output: %d check(s) failed\n", failures);
        return 1;
    }
    printf("test_tdbench_output: ok\n");
    return 0;
}
