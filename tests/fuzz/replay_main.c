/* SPDX-License-Identifier: Apache-2.0
 * A main() for a fuzz target built without libFuzzer: runs
 * LLVMFuzzerTestOneInput once on each file named on the command line, and on
 * each file in each directory named (sorted by name, not recursive). Each
 * input is handed over in a heap block of exactly its size, as libFuzzer
 * does, so that an over-read is seen under AddressSanitizer. A target that
 * finds a mismatch aborts; no inputs at all is a failure too (a corpus
 * directory that went missing).
 *
 * usage: fuzz_TARGET_replay FILE_OR_DIR...
 */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif
// readdir() on a 32-bit system fails with EOVERFLOW on a file system with
// 64-bit inode numbers unless off_t and ino_t are 64 bits wide.
#define _FILE_OFFSET_BITS 64

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dirent.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t replayed;

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return 0;
    }
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (buf == NULL) {
            fprintf(stderr, "%s: out of memory\n", path);
            fclose(f);
            return 0;
        }
        len += fread(buf + len, 1, cap - len, f);
        if (len < cap)
            break;
        cap *= 2;
        uint8_t *bigger = realloc(buf, cap);
        if (bigger == NULL)
            free(buf);
        buf = bigger;
    }
    const int failed = ferror(f);
    fclose(f);
    if (failed) {
        fprintf(stderr, "%s: read error\n", path);
        free(buf);
        return 0;
    }
    // Exactly len bytes (one for an empty input, which is passed as 0).
    uint8_t *exact = malloc(len ? len : 1);
    if (exact == NULL) {
        free(buf);
        return 0;
    }
    memcpy(exact, buf, len);
    free(buf);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    replayed++;
    return 1;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        perror(dir);
        return 0;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    int ok = 1;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **bigger = realloc(names, cap * sizeof *names);
            if (bigger == NULL) {
                ok = 0;
                break;
            }
            names = bigger;
        }
        const size_t size = strlen(dir) + strlen(e->d_name) + 2;
        names[n] = malloc(size);
        if (names[n] == NULL) {
            ok = 0;
            break;
        }
        snprintf(names[n], size, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (ok && stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
            ok = replay_file(names[i]);
        free(names[i]);
    }
    free(names);
    return ok;
}

int main(int argc, char **argv)
{
    int ok = 1;
    for (int i = 1; i < argc && ok; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            ok = 0;
        } else {
            ok = S_ISDIR(st.st_mode) ? replay_dir(argv[i]) : replay_file(argv[i]);
        }
    }
    printf("%s: %zu inputs replayed\n", argc ? argv[0] : "replay", replayed);
    if (!ok || replayed == 0) {
        fprintf(stderr, "%s: %s\n", argc ? argv[0] : "replay",
                ok ? "no inputs found" : "could not read every input");
        return 1;
    }
    return 0;
}
