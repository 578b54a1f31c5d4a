/* SPDX-License-Identifier: Apache-2.0
 * Output lines that reach their file descriptor in one write each: several
 * tdsum processes sharing a pipe (xargs -P, make -j) then never splice each
 * other's lines, as with coreutils, which line-buffers for this reason.
 * stdio cannot promise it: a buffered stream splits a line at its buffer's
 * end, and an unbuffered one writes each call.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"
#include "tdsum.h"

static int stdout_errno;            // the first failed write to stdout

static void reserve(ts_line *line, size_t more)
{
    if (line->oom)
        return;
    if (more <= line->cap - line->len)
        return;
    size_t cap = line->cap ? line->cap : 256;
    while (cap - line->len < more) {
        if (cap > SIZE_MAX / 2) {
            line->oom = true;
            return;
        }
        cap *= 2;
    }
    char *text = realloc(line->text, cap);
    if (text == NULL) {
        line->oom = true;
        return;
    }
    line->text = text;
    line->cap = cap;
}

void ts_line_add(ts_line *line, const char *s, size_t n)
{
    if (n == 0)                     // an empty line has no text yet
        return;
    reserve(line, n);
    if (line->oom)
        return;
    memcpy(line->text + line->len, s, n);
    line->len += n;
}

void ts_line_adds(ts_line *line, const char *s)
{
    ts_line_add(line, s, strlen(s));
}

void ts_line_addc(ts_line *line, char c)
{
    ts_line_add(line, &c, 1);
}

// The whole buffer in as few writes as the descriptor takes: one, unless it
// accepts part (a pipe takes a line below PIPE_BUF bytes whole).
static int write_all(int fd, const char *text, size_t len)
{
    while (len > 0) {
        ssize_t n = ts_write(fd, text, len);
        if (n < 0)
            return errno ? errno : EIO;
        text += n;
        len -= (size_t)n;
    }
    return 0;
}

void ts_line_write(ts_line *line, FILE *stream)
{
    int err = 0;
    fflush(stream);                 // what stdio holds goes first
    if (line->oom)
        err = ENOMEM;
    else
        err = write_all(fileno(stream), line->text, line->len);
    if (err != 0 && stream == stdout && stdout_errno == 0)
        stdout_errno = err;
    line->len = 0;
    line->oom = false;
}

void ts_line_free(ts_line *line)
{
    free(line->text);
    *line = (ts_line){ 0 };
}

int ts_stdout_error(void)
{
    return stdout_errno;
}
