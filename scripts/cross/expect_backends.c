/* SPDX-License-Identifier: Apache-2.0
 * Checks which backends the library picks on the CPU it runs on, for the
 * cross tests (scripts/cross-test.sh): under qemu the CPU model decides what
 * must be chosen, and a backend that silently drops out would otherwise
 * leave the suite green on portable alone.
 *
 * usage: expect_backends CHECK...
 *   ALG=NAME     the automatic single-path choice for ALG is NAME
 *   ALG!NAME     NAME is not usable for ALG (td_use_backend refuses it)
 *   cpu=TEXT     td_cpu_features() is exactly TEXT
 * Also runs td_selftest(). Exit status 0 when every check holds.
 */
#include <stdio.h>
#include <string.h>

#include "turbodigest.h"

int main(int argc, char **argv)
{
    int failures = 0;
    const int selftest = td_selftest();

    printf("expect_backends: cpu features \"%s\", selftest %s\n", td_cpu_features(),
           td_strerror(selftest));
    if (selftest != TD_OK)
        failures++;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const size_t split = strcspn(arg, "=!");
        char alg_name[32];
        td_alg alg;
        int ok;

        if (arg[split] == '\0' || split >= sizeof alg_name) {
            fprintf(stderr, "expect_backends: cannot read \"%s\"\n", arg);
            return 2;
        }
        memcpy(alg_name, arg, split);
        alg_name[split] = '\0';
        const char *want = arg + split + 1;
        if (strcmp(alg_name, "cpu") == 0) {
            ok = strcmp(td_cpu_features(), want) == 0;
        } else if (td_alg_from_name(alg_name, &alg) != TD_OK) {
            fprintf(stderr, "expect_backends: unknown algorithm \"%s\"\n", alg_name);
            return 2;
        } else if (arg[split] == '=') {
            const char *got = td_backend(alg, TD_SINGLE);
            ok = got != NULL && strcmp(got, want) == 0;
            if (!ok)
                printf("expect_backends:   %s chose \"%s\"\n", alg_name, got ? got : "(none)");
        } else {
            ok = td_use_backend(alg, TD_SINGLE, want) == TD_ERR_UNSUPPORTED;
            td_use_backend(alg, TD_SINGLE, NULL);
        }
        printf("expect_backends: %-24s %s\n", arg, ok ? "ok" : "FAILED");
        failures += !ok;
    }
    return failures ? 1 : 0;
}
