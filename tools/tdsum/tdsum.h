/* SPDX-License-Identifier: Apache-2.0
 * tdsum's modules and what they share: options, the hash of one file, the
 * ordered worker pool, check mode, name escaping. Plain C11 + POSIX threads.
 */
#ifndef TDSUM_H
#define TDSUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "turbodigest.h"

// ------------------------------------------------------------------ options

typedef struct ts_options {
    td_alg alg;
    bool check;                     // -c
    int binary;                     // -1: not given, 0: -t, 1: -b or --tag
    bool tag;                       // --tag
    char delim;                     // '\n', or '\0' with -z
    bool ignore_missing;
    bool quiet;
    bool status;
    bool strict;
    bool warn;
    unsigned jobs;                  // -j, at least 1
    const char *backend;            // --backend, NULL: automatic
    const char *hmac_key_file;      // --hmac-key-file, NULL: plain digests
    bool list_backends;
    bool selftest;
    char **files;                   // operands; "-" when none were given
    size_t nfiles;
    bool files_allocated;
} ts_options;

typedef enum ts_parse_result {
    TS_PARSE_RUN,                   // go on and hash or check
    TS_PARSE_EXIT_OK,               // --help or --version printed: exit 0
    TS_PARSE_EXIT_FAIL,             // message printed: exit 1
} ts_parse_result;

// Parses argv like coreutils' md5sum family does (getopt_long, permuted
// operands, the same conflicts and messages in the same order).
ts_parse_result ts_parse_options(int argc, char **argv, ts_options *opt);
void ts_free_options(ts_options *opt);

// The default algorithm for a program name: md5 for ".../md5sum" and so on
// for the six coreutils names; sha256 otherwise.
td_alg ts_alg_for_program(const char *argv0);

// "MD5", "SHA1", "SHA256"...: coreutils' word for the algorithm, as used in
// --tag lines and in messages.
const char *ts_tag_name(td_alg alg);

// ------------------------------------------------------------ messages

// argv[0] as given, like coreutils' program_name.
extern const char *ts_program;

// "PROG: message[: strerror(errnum)]\n" on stderr; stdout is flushed first so
// that the two streams interleave in the order things happened.
void ts_error(int errnum, const char *fmt, ...)
#if defined(__MINGW32__)
    __attribute__((format(gnu_printf, 2, 3)))   // __USE_MINGW_ANSI_STDIO
#elif defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

// --------------------------------------------------------------- lines

// A line of output built in memory, then written in one write(2), so that
// processes sharing a pipe never splice lines. Zero-initialise; a line that
// could not grow is reported as ENOMEM when written.
typedef struct ts_line {
    char *text;
    size_t len, cap;
    bool oom;
} ts_line;

void ts_line_add(ts_line *line, const char *s, size_t n);
void ts_line_adds(ts_line *line, const char *s);
void ts_line_addc(ts_line *line, char c);
// Flushes stream's stdio buffer, writes the line to its descriptor and
// empties the line. A failure on stdout is kept for ts_stdout_error.
void ts_line_write(ts_line *line, FILE *stream);
void ts_line_free(ts_line *line);
// The errno of the first failed line write to stdout, 0 if none.
int ts_stdout_error(void);

// ------------------------------------------------------------- escaping

// True when coreutils would escape the name: it holds '\\', '\n' or '\r'.
bool ts_name_needs_escape(const char *name);

// Adds name to line, escaping '\\' '\n' '\r' as two characters when escape
// is set (the caller has added the leading backslash).
void ts_put_name(ts_line *line, const char *name, bool escape);

// Turns an escaped check-file name back into bytes, in place. len is the
// escaped length; the result is NUL-terminated. False for an unknown escape,
// a lone trailing backslash or a NUL byte.
bool ts_unescape_name(char *s, size_t len);

// Shell-style quoting for names in messages on stderr (quoted only when
// needed). Returns a pointer into one of a few rotating static buffers, so
// a message can quote two names; long names are cut.
const char *ts_quote(const char *name);

// ---------------------------------------------------------------- hashing

typedef struct ts_hasher {
    td_alg alg;
    bool hmac;
    td_hmac_ctx keyed;              // HMAC state after the key, copied per file
} ts_hasher;

typedef enum ts_status {
    TS_OK = 0,                      // digest holds the whole file's hash
    TS_FAILED,                      // err holds the errno; no digest
    TS_MISSING,                     // ENOENT under --ignore-missing
} ts_status;

typedef struct ts_result {
    ts_status status;
    int err;
    uint8_t digest[TD_MAX_DIGEST_SIZE];
} ts_result;

// Writes the lowercase hex of n bytes and a NUL: 2n + 1 bytes.
void ts_hex(const uint8_t *bytes, size_t n, char *out);

// ------------------------------------------------------- the ordered pool

// Items go in with ts_pool_submit and come out of ts_pool_next in the same
// order, hashed by up to `jobs` threads at once. At most a fixed window of
// items is in flight, each worker owns a fixed set of read buffers, so
// memory does not grow with the number or the size of files.
typedef struct ts_pool ts_pool;

typedef struct ts_item {
    char *name;                     // NULL: a marker that passes through unhashed
    bool owned;                     // free(name) when the item leaves the pool
    void *user;                     // the submitter's data, handed back as is
    ts_result result;
} ts_item;

ts_pool *ts_pool_new(unsigned jobs, const ts_hasher *hasher, bool ignore_missing);
bool ts_pool_full(const ts_pool *pool);
// The pool must not be full. name "-" means standard input; reads of it
// happen one after another in submission order.
void ts_pool_submit(ts_pool *pool, char *name, bool owned, void *user);
// Waits for the oldest item and hands it over (the caller frees name when
// owned). False when nothing is left in the pool.
bool ts_pool_next(ts_pool *pool, ts_item *out);
void ts_pool_free(ts_pool *pool);

// ------------------------------------------------------------ the modes

// Hashes opt->files and prints one line each; true when all were read.
bool ts_compute(const ts_options *opt, const ts_hasher *hasher);
// Checks opt->files as check files; true when all passed.
bool ts_check(const ts_options *opt, const ts_hasher *hasher);
// One check-file line (line[len] == '\0', without its newline) split in
// place into the expected hex and the file name, as --check does; false when
// it is improperly formatted. first forgets what earlier lines said about
// the form in use (a new run). For tests/fuzz/fuzz_check_line.c.
bool ts_split_check_line(char *line, size_t len, td_alg alg, bool first, char **hex, char **name);

#endif // TDSUM_H
