// SPDX-License-Identifier: Apache-2.0
// tdbench: every algorithm on every turbodigest backend usable here, OpenSSL
// beside them. main: options, self-test, the facts of the run, the writers.

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tdbench.h"

#define TB_VERSION TD_VERSION_STRING

#ifdef TD_BENCH_OPENSSL
#define HAVE_OPENSSL 1
#else
#define HAVE_OPENSSL 0
#endif

// "model name" from /proc/cpuinfo (x86), else a generic answer.
static void cpu_model(char *buf, size_t cap)
{
    snprintf(buf, cap, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0 && strncmp(line, "Model\t", 6) != 0)
            continue;
        const char *colon = strchr(line, ':');
        if (colon == NULL)
            continue;
        colon++;
        while (*colon == ' ' || *colon == '\t')
            colon++;
        snprintf(buf, cap, "%s", colon);
        buf[strcspn(buf, "\n")] = '\0';
        break;
    }
    fclose(f);
}

static void list_backends(FILE *f, const tb_options *opt)
{
    for (int a = 0; a < TB_NALGS; a++) {
        if (!(opt->algs & (1u << a)))
            continue;
        const td_alg alg = tb_alg_at(a);
        // The fixed and the streams path run the many-path backends; all
        // three add the automatic choice, the loop (of the typed one-shot or
        // td_update) and OpenSSL's. SHAKE has the single and the squeeze
        // path, both on the single-path backends; OpenSSL has SHA-3 and
        // SHAKE through EVP alone.
        static const char *const path_names[5] = { "single", "multi", "fixed", "streams",
                                                   "squeeze" };
        const int xof = tb_is_xof(alg);
        const char *const ssl = td_digest_size(alg) && alg < TD_SHA3_224 ? "openssl"
                                                                         : "openssl-evp";
        for (int p = 0; p < 5; p++) {
            if (xof ? p != 0 && p != 4 : p == 4)
                continue;
            const char *names[32];
            const td_path lib_path = p == 0 || p == 4 ? TD_SINGLE : TD_MULTI;
            const size_t n = td_backends(alg, lib_path, names, 32);
            fprintf(f, "%-11s %-7s", td_alg_name(alg), path_names[p]);
            const int batch = p != 0 && p != 4;
            if (batch)
                fputs(" " TB_AUTO, f);
            for (size_t i = 0; i < n && i < 32; i++)
                fprintf(f, " %s", names[i]);
            if (batch)
                fputs(" " TB_TD_LOOP, f);
            if (opt->openssl)
                fprintf(f, p == 0 && strcmp(ssl, "openssl") == 0 ? " openssl openssl-evp"
                                                                 : " %s", ssl);
            fputc('\n', f);
        }
    }
}

int main(int argc, char **argv)
{
    tb_options opt;
    char err[1024];
    switch (tb_parse_options(argc, argv, &opt, HAVE_OPENSSL, err, sizeof err)) {
    case TB_PARSE_HELP:
        tb_print_help(stdout);
        return 0;
    case TB_PARSE_VERSION:
        printf("tdbench %s (turbodigest %s)%s\n", TB_VERSION, td_version(),
               HAVE_OPENSSL ? ", built with OpenSSL" : ", built without OpenSSL");
        return 0;
    case TB_PARSE_ERROR:
        fprintf(stderr, "tdbench: %s\n", err);
        return 2;
    default:
        break;
    }
    if (opt.list_backends) {
        list_backends(stdout, &opt);
        return 0;
    }

    // Like xxhsum -b: no figures from a library that computes wrong digests.
    const int st = td_selftest();
    if (st != TD_OK) {
        fprintf(stderr, "tdbench: self-test failed: %s\n", td_strerror(st));
        return 1;
    }

    tb_meta meta;
    memset(&meta, 0, sizeof meta);
    char model[256], date[64] = "";
    cpu_model(model, sizeof model);
    const time_t now = time(NULL);
    const struct tm *utc = gmtime(&now);
    if (utc)
        strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", utc);
    meta.tool_version = TB_VERSION;
    meta.library_version = td_version();
    meta.cpu_model = model;
    meta.cpu_features = td_cpu_features();
    meta.date = date;
    meta.clock_name = opt.clock == TB_CLOCK_CPU ? "thread CPU time" : "monotonic wall clock";
    meta.cycles_label = tb_counter_name();
    meta.openssl_absent = !HAVE_OPENSSL;
    meta.rounds = opt.rounds;
    meta.round_ms = opt.round_ms;
#ifdef TD_BENCH_OPENSSL
    if (opt.openssl) {
        tb_openssl_init();
        meta.openssl_version = tb_openssl_version();
        meta.openssl_ia32cap = getenv("OPENSSL_ia32cap");
    }
#endif

    const uint64_t t0 = tb_now_ns(TB_CLOCK_WALL);
    meta.counter_ghz = tb_counter_ghz(20.0);
    meta.core_ghz = tb_core_ghz(opt.clock);
    tb_result *results = NULL;
    size_t n = 0;
    int status = tb_run(&opt, &meta, &results, &n);
    meta.elapsed_s = (double)(tb_now_ns(TB_CLOCK_WALL) - t0) / 1e9;

    if (status == 0) {
        if (tb_write_results(stdout, opt.format, &meta, results, n) != 0) {
            fprintf(stderr, "tdbench: error writing the results\n");
            status = 1;
        }
        if (opt.svg_path) {
            FILE *f = fopen(opt.svg_path, "w");
            if (f == NULL || tb_write_svg(f, &meta, results, n) != 0) {
                fprintf(stderr, "tdbench: cannot write %s\n", opt.svg_path);
                status = 1;
            }
            if (f != NULL && fclose(f) != 0 && status == 0) {
                fprintf(stderr, "tdbench: cannot write %s\n", opt.svg_path);
                status = 1;
            }
        }
        if (opt.format == TB_TABLE)
            printf("\n(%zu points in %.1f s)\n", n, meta.elapsed_s);
    }
    free(results);
#ifdef TD_BENCH_OPENSSL
    if (opt.openssl)
        tb_openssl_done();
#endif
    return status;
}
