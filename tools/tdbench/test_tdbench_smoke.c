// SPDX-License-Identifier: Apache-2.0
// Runs the real tdbench (path in argv[1]): `--quick -a sha256 --sizes 64`
// must list every backend td_backends() gives for SHA-256 on each path (the
// many-path ones on the multi and the fixed path, beside auto, td-loop and
// the OpenSSL loop), and OpenSSL's rows when built with it; --batch lists,
// -p fixed, --merkle and --streams give the rows they promise, in every
// format; bad input must exit with status 2. No speed is asserted.

#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "tdbench.h"

static int failures;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                      \
        }                                                                    \
    } while (0)

static char tool[4096];

// Runs tdbench with args; stdout into out (NUL-terminated); returns the
// exit status, or -1 if it did not exit normally.
static int run(const char *args, char *out, size_t cap)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "'%s' %s 2>/dev/null", tool, args);
    FILE *p = popen(cmd, "r"); // NOLINT(cert-env33-c): the test runs the tool as a user would
    if (p == NULL)
        return -1;
    size_t n = 0;
    while (n + 1 < cap) {
        const size_t got = fread(out + n, 1, cap - 1 - n, p);
        if (got == 0)
            break;
        n += got;
    }
    out[n] = '\0';
    const int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void check_streams(void);
static void check_pbkdf2(void);
static void check_sha3(void);

static int has_row(const char *csv, const char *path, const char *backend, const char *size,
                   const char *batch)
{
    char needle[128];
    snprintf(needle, sizeof needle, "\nsha256,%s,%s,%s,%s,", path, backend, size, batch);
    return strstr(csv, needle) != NULL;
}

static size_t count_of(const char *text, const char *needle)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

// Each many-path backend, auto, td-loop and (built with it) the OpenSSL
// loop on a batch path at one batch, in CSV.
static void check_batch_rows(const char *csv, const char *path, const char *batch)
{
    const char *names[64];
    const size_t n = td_backends(TD_SHA256, TD_MULTI, names, 64);
    for (size_t i = 0; i < n && i < 64; i++) {
        if (!has_row(csv, path, names[i], "64", batch)) {
            fprintf(stderr, "no csv row for %s (%s path, batch %s)\n", names[i], path, batch);
            failures++;
        }
    }
    CHECK(has_row(csv, path, "auto", "64", batch));
    CHECK(has_row(csv, path, "td-loop", "64", batch));
#ifdef TD_BENCH_OPENSSL
    CHECK(has_row(csv, path, "openssl", "64", batch));
#endif
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_tdbench_smoke PATH-TO-TDBENCH\n");
        return 2;
    }
    snprintf(tool, sizeof tool, "%s", argv[1]);
    static char out[1 << 20];

    // The table, as a user runs it: every backend's name appears.
    CHECK(run("--quick -a sha256 --sizes 64", out, sizeof out) == 0);
    for (int p = 0; p < 2; p++) {
        const char *names[64];
        const size_t n = td_backends(TD_SHA256, (td_path)p, names, 64);
        CHECK(n >= 1);
        for (size_t i = 0; i < n && i < 64; i++) {
            if (strstr(out, names[i]) == NULL) {
                fprintf(stderr, "backend %s missing from the table\n", names[i]);
                failures++;
            }
        }
    }
    CHECK(strstr(out, "sha256") != NULL);
    CHECK(strstr(out, " fixed ") != NULL && strstr(out, " auto ") != NULL
          && strstr(out, " td-loop ") != NULL);

    // The same run as CSV: one row per backend and path, exactly; the
    // batch paths at the default batch.
    CHECK(run("--quick -a sha256 --sizes 64 --format csv", out, sizeof out) == 0);
    const char *names[64];
    const size_t n = td_backends(TD_SHA256, TD_SINGLE, names, 64);
    for (size_t i = 0; i < n && i < 64; i++) {
        if (!has_row(out, "single", names[i], "64", "1")) {
            fprintf(stderr, "no csv row for %s (single path)\n", names[i]);
            failures++;
        }
    }
    check_batch_rows(out, "multi", "64");
    check_batch_rows(out, "fixed", "64");
    CHECK(count_of(out, "\nsha256,multi,") == count_of(out, "\nsha256,fixed,"));
#ifdef TD_BENCH_OPENSSL
    CHECK(has_row(out, "single", "openssl", "64", "1"));
    CHECK(has_row(out, "single", "openssl-evp", "64", "1"));
    CHECK(!has_row(out, "multi", "openssl-evp", "64", "64"));
#endif

    // A list of batches on the fixed path alone.
    CHECK(run("--quick --round-ms 1 -a sha256 --sizes 64 --batch 1,4 -p fixed --format csv", out,
              sizeof out) == 0);
    check_batch_rows(out, "fixed", "1");
    check_batch_rows(out, "fixed", "4");
    CHECK(strstr(out, ",single,") == NULL && strstr(out, ",multi,") == NULL);
    CHECK(!has_row(out, "fixed", "auto", "64", "64"));

    // Cargo names carry the path and the batch.
    CHECK(run("--quick --round-ms 1 -a sha256 --sizes 64 --batch 16 -b auto --format cargo", out,
              sizeof out) == 0);
    CHECK(strstr(out, "test sha256_many16_64 ") != NULL);
    CHECK(strstr(out, "test sha256_fixed16_64 ") != NULL);

    // --merkle as JSON: the rows it promises, and a well-formed array of
    // one object a line.
    CHECK(run("--merkle --quick --round-ms 1 --format json", out, sizeof out) == 0);
    const size_t objects = count_of(out, "\n  {\"alg\": \"sha256\", ");
    CHECK(strncmp(out, "[\n", 2) == 0 && strstr(out, "}\n]\n") != NULL);
    CHECK(objects >= 4 && count_of(out, "},\n") == objects - 1);
    CHECK(count_of(out, "\"size\": 64, \"batch\": 1024,") == objects);
    CHECK(strstr(out, "\"path\": \"fixed\", \"backend\": \"auto\"") != NULL);
    CHECK(strstr(out, "\"path\": \"multi\", \"backend\": \"auto\"") != NULL);
    CHECK(strstr(out, "\"path\": \"fixed\", \"backend\": \"td-loop\"") != NULL);
    CHECK(count_of(out, "\"path\": \"multi\"") == 1);
    for (size_t i = 0; i < td_backends(TD_SHA256, TD_MULTI, names, 64) && i < 64; i++) {
        char needle[96];
        snprintf(needle, sizeof needle, "\"path\": \"fixed\", \"backend\": \"%s\"", names[i]);
        CHECK(strstr(out, needle) != NULL);
    }
#ifdef TD_BENCH_OPENSSL
    CHECK(strstr(out, "\"path\": \"fixed\", \"backend\": \"openssl\"") != NULL);
    CHECK(count_of(out, "\"ratio_openssl\": null") == 0);
#endif

    check_streams();
    check_pbkdf2();

    // Bad input: a clear message (not checked here) and exit status 2.
    CHECK(run("-a nosuchalg", out, sizeof out) == 2);
    CHECK(run("--backend nosuchbackend", out, sizeof out) == 2);
    CHECK(run("--sizes 0", out, sizeof out) == 2);
    CHECK(run("--sizes 12x", out, sizeof out) == 2);
    CHECK(run("--format yaml", out, sizeof out) == 2);
    CHECK(run("--batch 0", out, sizeof out) == 2);
    CHECK(run("--batch 1,,4", out, sizeof out) == 2);
    CHECK(run("--path both", out, sizeof out) == 2);
    CHECK(run("-p single -b auto", out, sizeof out) == 2);
    CHECK(run("--merkle -a sha1", out, sizeof out) == 2);
    CHECK(run("--no-such-option", out, sizeof out) == 2);
    CHECK(run("--chunk 64", out, sizeof out) == 2);
    CHECK(run("--streams 0", out, sizeof out) == 2);
    CHECK(run("--streams 4 -p multi", out, sizeof out) == 2);
    CHECK(run("--streams 4 --sizes 64", out, sizeof out) == 2);
    CHECK(run("--pbkdf2 --sizes 64", out, sizeof out) == 2);
    CHECK(run("--pbkdf2 --streams 4", out, sizeof out) == 2);
    CHECK(run("--pbkdf2 --iterations 0", out, sizeof out) == 2);
    CHECK(run("--iterations 1000", out, sizeof out) == 2);
    CHECK(run("--pbkdf2 -b shani", out, sizeof out) == 2);
    CHECK(run("--help", out, sizeof out) == 0 && strstr(out, "Usage: tdbench") != NULL
          && strstr(out, "--merkle") != NULL && strstr(out, "_many") != NULL
          && strstr(out, "--streams") != NULL && strstr(out, "--chunk") != NULL
          && strstr(out, "--pbkdf2") != NULL && strstr(out, "--iterations") != NULL);

    check_sha3();
    if (failures) {
        fprintf(stderr, "test_tdbench_smoke: %d check(s) failed\n", failures);
        return 1;
    }
    printf("test_tdbench_smoke: ok\n");
    return 0;
}

// --streams 2,16 --chunk 64,1K: every many-path backend, auto, td-loop and
// (built with it) the OpenSSL loop at both counts and chunks, in CSV; the
// same rows as table, cargo and JSON lines.
static void check_streams(void)
{
    static char out[1 << 20];
    const char *args = "--quick --round-ms 1 -a sha256 --streams 2,16 --chunk 64,1K";
    char cmd[256];
    snprintf(cmd, sizeof cmd, "%s --format csv", args);
    CHECK(run(cmd, out, sizeof out) == 0);
    const char *names[64];
    const size_t n = td_backends(TD_SHA256, TD_MULTI, names, 64);
    size_t rows = 0;
    for (int b = 0; b < 2; b++) {
        const char *streams = b ? "16" : "2";
        for (size_t i = 0; i < n && i < 64; i++) {
            if (!has_row(out, "streams", names[i], "64", streams)
                || !has_row(out, "streams", names[i], "1024", streams)) {
                fprintf(stderr, "no csv rows for %s (%s streams)\n", names[i], streams);
                failures++;
            }
        }
        CHECK(has_row(out, "streams", "auto", "64", streams));
        CHECK(has_row(out, "streams", "td-loop", "1024", streams));
#ifdef TD_BENCH_OPENSSL
        CHECK(has_row(out, "streams", "openssl", "1024", streams));
        rows += 2;
#endif
        rows += 2 * (n + 2);
    }
    CHECK(count_of(out, "\nsha256,") == rows && count_of(out, "\nsha256,streams,") == rows);

    snprintf(cmd, sizeof cmd, "%s --format json", args);
    CHECK(run(cmd, out, sizeof out) == 0);
    CHECK(strncmp(out, "[\n", 2) == 0 && strstr(out, "}\n]\n") != NULL);
    CHECK(count_of(out, "\n  {\"alg\": \"sha256\", \"path\": \"streams\", ") == rows);
    CHECK(count_of(out, "},\n") == rows - 1);

    snprintf(cmd, sizeof cmd, "%s --format cargo -b auto,td-loop", args);
    CHECK(run(cmd, out, sizeof out) == 0);
    CHECK(strstr(out, "     Running tdbench auto (streams path)\n") != NULL);
    CHECK(strstr(out, "test sha256_streams2_64 ") != NULL);
    CHECK(strstr(out, "test sha256_streams16_1024 ") != NULL);
    CHECK(count_of(out, "test sha256_streams") == 8);

    snprintf(cmd, sizeof cmd, "%s -b auto", args);
    CHECK(run(cmd, out, sizeof out) == 0);
    CHECK(strstr(out, "\nstreams: ") != NULL);
    CHECK(count_of(out, "\nsha256      streams auto ") == 4);
}

// --pbkdf2 with SHA-1 and MD5 at 1000 iterations: ours, OpenSSL's (built
// with it) and the bound at a digest of output, WPA2's 20 and 32 bytes at
// 4096 iterations with SHA-1 alone; the table's summary lines, cargo's
// names, Markdown's table of its own.
static void check_pbkdf2(void)
{
    static char out[1 << 16];
    CHECK(run("--pbkdf2 --iterations 1000 --quick --round-ms 1 -a sha1,md5 --format csv", out,
              sizeof out) == 0);
    CHECK(strstr(out, "\nsha1,pbkdf2,auto,20,1000,") != NULL);
    CHECK(strstr(out, "\nsha1,pbkdf2,2-blocks,20,1000,") != NULL);
    CHECK(strstr(out, "\nmd5,pbkdf2,auto,16,1000,") != NULL);
    CHECK(strstr(out, "\nmd5,pbkdf2,2-blocks,16,1000,") != NULL);
    CHECK(strstr(out, "\nsha1,pbkdf2,auto,20,4096,") != NULL);
    CHECK(strstr(out, "\nsha1,pbkdf2,auto,32,4096,") != NULL);
    CHECK(strstr(out, "\nmd5,pbkdf2,auto,32,4096,") == NULL && strstr(out, ",4096,") != NULL);
    CHECK(strstr(out, ",single,") == NULL && strstr(out, ",multi,") == NULL);
#ifdef TD_BENCH_OPENSSL
    CHECK(strstr(out, "\nsha1,pbkdf2,openssl,20,1000,") != NULL);
    CHECK(strstr(out, "\nsha1,pbkdf2,openssl,32,4096,") != NULL);
    CHECK(count_of(out, "\n") == 1 + 3 + 3 + 4);
#else
    CHECK(count_of(out, "\n") == 1 + 2 + 2 + 2);
#endif
    CHECK(run("--pbkdf2 --iterations 1000 --quick --round-ms 1 -a sha1", out, sizeof out) == 0);
    CHECK(strstr(out, "\npbkdf2: td_pbkdf2_hmac's iteration against two single-block") != NULL);
    CHECK(strstr(out, "\nWPA2 (PBKDF2-HMAC-SHA1, 4096 iterations): 32 bytes ") != NULL);
    CHECK(run("--pbkdf2 --iterations 1000 --quick --round-ms 1 -a sha1 -b auto --format cargo",
              out, sizeof out) == 0);
    CHECK(strstr(out, "test sha1_pbkdf2_1000_20 ") != NULL);
    CHECK(strstr(out, "test sha1_pbkdf2_4096_32 ") != NULL && strstr(out, "2-blocks") == NULL);
    CHECK(run("--pbkdf2 --iterations 1000 --quick --round-ms 1 -a sha256 --format markdown", out,
              sizeof out) == 0);
    CHECK(strstr(out, "| algorithm | output | iterations |") != NULL);
    CHECK(strstr(out, "\n| sha256 | 32 B | 1000 | ") != NULL);
}

// A CSV row of any algorithm: "\nALG,PATH,BACKEND,SIZE,BATCH,".
static int has_alg_row(const char *csv, const char *alg, const char *path, const char *backend,
                       const char *size, const char *batch)
{
    char needle[128];
    snprintf(needle, sizeof needle, "\n%s,%s,%s,%s,%s,", alg, path, backend, size, batch);
    return strstr(csv, needle) != NULL;
}

// -a sha3-256,shake128: SHA3-256's single path on every single-path backend
// and (built with it) OpenSSL's EVP, its batch paths on every many-path
// backend with auto, td-loop and the EVP loop; SHAKE128's single path and
// its squeeze of 1 KiB from 32 bytes beside EVP_DigestFinalXOF, and no
// batch rows for it; --streams for SHA-3 (EVP_DigestUpdate beside it);
// cargo names; a sha3 -b that SHAKE lacks refused.
static void check_sha3(void)
{
    static char out[1 << 20];
    CHECK(run("--quick --round-ms 1 -a sha3-256,shake128 --sizes 64,1024 --format csv", out,
              sizeof out) == 0);
    const td_alg algs[2] = { TD_SHA3_256, TD_SHAKE128 };
    for (int a = 0; a < 2; a++) {
        const char *alg = td_alg_name(algs[a]);
        const char *names[64];
        size_t n = td_backends(algs[a], TD_SINGLE, names, 64);
        CHECK(n >= 1);
        for (size_t i = 0; i < n && i < 64; i++) {
            if (!has_alg_row(out, alg, "single", names[i], "1024", "1")) {
                fprintf(stderr, "no csv row for %s %s (single path)\n", alg, names[i]);
                failures++;
            }
            if (algs[a] == TD_SHAKE128 && !has_alg_row(out, alg, "squeeze", names[i], "1024", "1")) {
                fprintf(stderr, "no csv row for %s %s (squeeze path)\n", alg, names[i]);
                failures++;
            }
        }
#ifdef TD_BENCH_OPENSSL
        CHECK(has_alg_row(out, alg, "single", "openssl-evp", "64", "1"));
        CHECK(!has_alg_row(out, alg, "single", "openssl", "64", "1"));
#endif
        if (algs[a] == TD_SHAKE128)
            continue;
        n = td_backends(algs[a], TD_MULTI, names, 64);
        for (size_t i = 0; i < n && i < 64; i++) {
            if (!has_alg_row(out, alg, "multi", names[i], "1024", "64")
                || !has_alg_row(out, alg, "fixed", names[i], "64", "64")) {
                fprintf(stderr, "no csv rows for %s %s (batch paths)\n", alg, names[i]);
                failures++;
            }
        }
        CHECK(has_alg_row(out, alg, "multi", "auto", "1024", "64"));
        CHECK(has_alg_row(out, alg, "multi", "td-loop", "1024", "64"));
#ifdef TD_BENCH_OPENSSL
        CHECK(has_alg_row(out, alg, "multi", "openssl-evp", "1024", "64"));
        CHECK(has_alg_row(out, alg, "fixed", "openssl-evp", "64", "64"));
#endif
    }
#ifdef TD_BENCH_OPENSSL
    CHECK(has_alg_row(out, "shake128", "squeeze", "openssl-evp", "1024", "1"));
#endif
    CHECK(count_of(out, "\nshake128,multi,") == 0 && count_of(out, "\nshake128,fixed,") == 0);
    CHECK(count_of(out, "\nshake128,squeeze,") >= 2 && count_of(out, "\nsha3-256,squeeze,") == 0);

    CHECK(run("--quick --round-ms 1 -a sha3-512,shake256 --sizes 64 -b portable --format cargo",
              out, sizeof out) == 0);
    CHECK(strstr(out, "test sha3_512_64 ") != NULL && strstr(out, "test shake256_64 ") != NULL);
    CHECK(strstr(out, "test shake256_squeeze_64 ") != NULL);
    CHECK(strstr(out, "test sha3_512_many64_64 ") != NULL);

    CHECK(run("--quick --round-ms 1 -a sha3-224,shake128 --streams 8 --chunk 200 --format csv",
              out, sizeof out) == 0);
    CHECK(has_alg_row(out, "sha3-224", "streams", "auto", "200", "8"));
    CHECK(has_alg_row(out, "sha3-224", "streams", "td-loop", "200", "8"));
#ifdef TD_BENCH_OPENSSL
    CHECK(has_alg_row(out, "sha3-224", "streams", "openssl-evp", "200", "8"));
#endif
    CHECK(strstr(out, "\nshake128,") == NULL);

    // SHAKE has no many path: a many-path backend alone is not one of its.
    CHECK(run("-a shake128 -b avx2-x4,avx512-x8", out, sizeof out) == 2);
}
