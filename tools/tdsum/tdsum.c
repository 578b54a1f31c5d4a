/* SPDX-License-Identifier: Apache-2.0
 * tdsum: md5sum/sha1sum/sha*sum with the same output, faster backends and
 * files hashed in parallel. main(), messages, and the options that are not
 * coreutils': --list-backends, --selftest, --backend, --hmac-key-file.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "platform.h"
#include "tdsum.h"

// Clears key material in a way the compiler may not drop before free().
static void wipe(void *p, size_t len)
{
#if defined(__GLIBC__) || defined(__FreeBSD__) || defined(__OpenBSD__)
    explicit_bzero(p, len);
#else
    volatile unsigned char *v = p;
    while (len--)
        *v++ = 0;
#endif
}

const char *ts_program = "tdsum";

void ts_error(int errnum, const char *fmt, ...)
{
    fflush(stdout);
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    ts_line line = { 0 };
    ts_line_adds(&line, ts_program);
    ts_line_adds(&line, ": ");
    if (n > 0)                      // cut past 1 KiB: names are quoted short
        ts_line_add(&line, text, (size_t)n < sizeof text ? (size_t)n : sizeof text - 1);
    if (errnum != 0) {
        ts_line_adds(&line, ": ");
        ts_line_adds(&line, strerror(errnum));
    }
    ts_line_addc(&line, '\n');
    ts_line_write(&line, stderr);
    ts_line_free(&line);
}

static const td_alg all_algs[] = {
    TD_MD5, TD_SHA1, TD_SHA224, TD_SHA256, TD_SHA384, TD_SHA512,
    TD_SHA512_224, TD_SHA512_256,
    TD_SHA3_224, TD_SHA3_256, TD_SHA3_384, TD_SHA3_512,
};

static void list_backends(void)
{
    printf("cpu features: %s\n", td_cpu_features());
    for (size_t a = 0; a < sizeof all_algs / sizeof all_algs[0]; a++) {
        td_alg alg = all_algs[a];
        printf("%-11s", td_alg_name(alg));
        for (int path = TD_SINGLE; path <= TD_MULTI; path++) {
            const char *names[32];
            size_t n = td_backends(alg, (td_path)path, names, 32);
            const char *in_use = td_backend(alg, (td_path)path);
            printf("%s", path == TD_SINGLE ? " single:" : "   many:");
            for (size_t i = 0; i < n && i < 32; i++)
                printf(" %s%s", names[i],
                       in_use && strcmp(in_use, names[i]) == 0 ? "*" : "");
        }
        putchar('\n');
    }
    fputs("(* in use; tdsum hashes several files side by side on the many path,\n"
          " a file alone on the single path)\n", stdout);
}

// Reads the whole key file; keys are short, but any length works.
static bool read_key(const char *path, uint8_t **key, size_t *len)
{
    int fd = ts_open_file(path);
    if (fd < 0) {
        ts_error(errno, "%s", ts_quote(path));
        return false;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (buf == NULL) {
            ts_error(ENOMEM, "%s", ts_quote(path));
            close(fd);
            return false;
        }
        ssize_t got = ts_read(fd, buf + n, cap - n);
        if (got < 0) {
            ts_error(errno, "%s", ts_quote(path));
            free(buf);
            close(fd);
            return false;
        }
        if (got == 0)
            break;
        n += (size_t)got;
        if (n == cap) {
            // Not realloc: it could leave a copy of the key behind, unwiped.
            uint8_t *bigger = malloc(cap * 2);
            if (bigger != NULL)
                memcpy(bigger, buf, n);
            wipe(buf, cap);
            free(buf);
            buf = bigger;
            cap *= 2;
        }
    }
    close(fd);
    *key = buf;
    *len = n;
    return true;
}

// Pins name on each path of alg that has it; false when neither has.
static bool use_backend(td_alg alg, const char *name)
{
    const bool single = td_use_backend(alg, TD_SINGLE, name) == TD_OK;
    const bool many = td_use_backend(alg, TD_MULTI, name) == TD_OK;
    return single || many;
}

// coreutils' close_stdout: a write error anywhere fails the run.
static bool close_stdout(void)
{
    int err = ts_stdout_error();
    bool bad = err != 0 || ferror(stdout) != 0;
    if (err == 0)
        err = errno;
    if (fclose(stdout) != 0 && !bad) {
        bad = true;
        err = errno;
    }
    if (bad) {
        if (err != 0)
            ts_error(0, "write error: %s", strerror(err));
        else
            ts_error(0, "write error");
    }
    return !bad;
}

static int tdsum_main(int argc, char **argv)
{
    ts_platform_init();
    if (argc > 0 && argv[0] && argv[0][0])
        ts_program = argv[0];

    ts_options opt;
    switch (ts_parse_options(argc, argv, &opt)) {
    case TS_PARSE_RUN:
        break;
    case TS_PARSE_EXIT_OK:
        return close_stdout() ? EXIT_SUCCESS : EXIT_FAILURE;
    case TS_PARSE_EXIT_FAIL:
        return EXIT_FAILURE;
    }

    // --backend, like TURBODIGEST_BACKEND, applies to each path that has it.
    if (opt.backend && !use_backend(opt.alg, opt.backend)) {
        ts_error(0, "backend '%s' is not usable for %s here (see --list-backends)",
                 opt.backend, td_alg_name(opt.alg));
        ts_free_options(&opt);
        return EXIT_FAILURE;
    }
    if (opt.list_backends || opt.selftest) {
        bool ok = true;
        if (opt.list_backends)
            list_backends();
        if (opt.selftest) {
            int rc = td_selftest();
            if (rc == TD_OK) {
                printf("%s: selftest passed\n", ts_program);
            } else {
                ts_error(0, "selftest FAILED: a backend gives a wrong digest (%s)",
                         td_strerror(rc));
                ok = false;
            }
        }
        ts_free_options(&opt);
        return close_stdout() && ok ? EXIT_SUCCESS : EXIT_FAILURE;
    }

    ts_hasher hasher = { .alg = opt.alg };
    if (opt.hmac_key_file) {
        uint8_t *key;
        size_t key_len;
        if (!read_key(opt.hmac_key_file, &key, &key_len)) {
            ts_free_options(&opt);
            return EXIT_FAILURE;
        }
        hasher.hmac = true;
        td_hmac_init(&hasher.keyed, opt.alg, key, key_len);
        wipe(key, key_len);
        free(key);
    }

    bool ok = opt.check ? ts_check(&opt, &hasher) : ts_compute(&opt, &hasher);
    wipe(&hasher, sizeof hasher);
    ts_free_options(&opt);
    if (!close_stdout())
        ok = false;
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

#if defined(_WIN32)
// Linked with -municode: the command line arrives in UTF-16.
int wmain(int argc, wchar_t **wargv)
{
    char **argv = ts_utf8_argv(argc, wargv);
    if (argv == NULL) {
        fputs("tdsum: memory exhausted\n", stderr);
        return EXIT_FAILURE;
    }
    return tdsum_main(argc, argv);
}
#else
int main(int argc, char **argv)
{
    return tdsum_main(argc, argv);
}
#endif
