/* SPDX-License-Identifier: Apache-2.0
 * Compute mode: each file's line, in the order the files were given, as
 * the pool (pool.c) hands the results back.
 */
#include <errno.h>
#include <string.h>

#include "platform.h"
#include "tdsum.h"

void ts_hex(const uint8_t *bytes, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[bytes[i] >> 4];
        out[2 * i + 1] = digits[bytes[i] & 15];
    }
    out[2 * n] = '\0';
}

static void put_digest_line(const ts_options *opt, ts_line *line, const char *name,
                            const uint8_t *digest, bool binary)
{
    char hex[2 * TD_MAX_DIGEST_SIZE + 1];
    ts_hex(digest, td_digest_size(opt->alg), hex);
    bool escape = opt->delim == '\n' && ts_name_needs_escape(name);
    if (escape)
        ts_line_addc(line, '\\');
    if (opt->tag) {
        ts_line_adds(line, ts_tag_name(opt->alg));
        ts_line_adds(line, " (");
        ts_put_name(line, name, escape);
        ts_line_adds(line, ") = ");
        ts_line_adds(line, hex);
    } else {
        ts_line_adds(line, hex);
        ts_line_addc(line, ' ');
        ts_line_addc(line, binary ? '*' : ' ');
        ts_put_name(line, name, escape);
    }
    ts_line_addc(line, opt->delim);
    ts_line_write(line, stdout);
}

bool ts_compute(const ts_options *opt, const ts_hasher *hasher)
{
    ts_pool *pool = ts_pool_new(opt->jobs, hasher, false);
    if (pool == NULL) {
        ts_error(ENOMEM, "cannot start");
        return false;
    }
    // Standard input's mode, set once before any read of it.
    const bool stdin_binary = ts_stdin_mode(opt->binary);
    bool ok = true;
    ts_line line = { 0 };
    size_t submitted = 0;
    for (;;) {
        while (submitted < opt->nfiles && !ts_pool_full(pool)) {
            ts_pool_submit(pool, opt->files[submitted], false, NULL);
            submitted++;
        }
        ts_item it;
        if (!ts_pool_next(pool, &it))
            break;
        if (it.result.status == TS_OK) {
            put_digest_line(opt, &line, it.name, it.result.digest,
                            strcmp(it.name, "-") == 0 ? stdin_binary : opt->binary != 0);
        } else {
            ts_error(it.result.err, "%s", ts_quote(it.name));
            ok = false;
        }
    }
    ts_line_free(&line);
    ts_pool_free(pool);
    return ok;
}
