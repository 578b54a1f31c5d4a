// SPDX-License-Identifier: Apache-2.0
// Runs the real tdbench (path in argv[1]): `--quick -a sha256 --sizes 64`
// must list every backend td_backends() gives for SHA-256 on both paths, and
// OpenSSL's two rows when built with it; bad input must exit with status 2.
// No speed is asserted.

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
    FILE *p = popen(cmd, "r");
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

static int has_row(const char *csv, const char *path, const char *backend, const char *size)
{
    char needle[128];
    snprintf(needle, sizeof needle, "\nsha256,%s,%s,%s,", path, backend, size);
    return strstr(csv, needle) != NULL;
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

    // The same run as CSV: one row per backend and path, exactly.
    CHECK(run("--quick -a sha256 --sizes 64 --format csv", out, sizeof out) == 0);
    for (int p = 0; p < 2; p++) {
        const char *names[64];
        const size_t n = td_backends(TD_SHA256, (td_path)p, names, 64);
        for (size_t i = 0; i < n && i < 64; i++) {
            if (!has_row(out, p == TD_SINGLE ? "single" : "multi", names[i], "64")) {
                fprintf(stderr, "no csv row for %s (%s path)\n", names[i],
                        p == TD_SINGLE ? "single" : "multi");
                failures++;
            }
        }
    }
#ifdef TD_BENCH_OPENSSL
    CHECK(has_row(out, "single", "openssl", "64"));
    CHECK(has_row(out, "single", "openssl-evp", "64"));
#endif

    // Bad input: a clear message (not checked here) and exit status 2.
    CHECK(run("-a nosuchalg", out, sizeof out) == 2);
    CHECK(run("--backend nosuchbackend", out, sizeof out) == 2);
    CHECK(run("--sizes 0", out, sizeof out) == 2);
    CHECK(run("--sizes 12x", out, sizeof out) == 2);
    CHECK(run("--format yaml", out, sizeof out) == 2);
    CHECK(run("--no-such-option", out, sizeof out) == 2);
    CHECK(run("--help", out, sizeof out) == 0 && strstr(out, "Usage: tdbench") != NULL);

    if (failures) {
        fprintf(stderr, "test_tdbench_smoke: %d check(s) failed\n", failures);
        return 1;
    }
    printf("test_tdbench_smoke: ok\n");
    return 0;
}
