/* SPDX-License-Identifier: Apache-2.0
 * What tdsum needs from the operating system beyond C11 and POSIX threads:
 * opening and reading files, lines, aligned buffers, the CPU count and the
 * program's name. platform_posix.c, and platform_windows.c, where tdsum acts
 * as coreutils' md5sum family does in Git for Windows and MSYS2.
 */
#ifndef TDSUM_PLATFORM_H
#define TDSUM_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

// opt->binary when neither -b nor -t is given. POSIX: text, which reads the
// same bytes. Windows (coreutils where O_BINARY is not 0): files binary ('*'),
// standard input binary unless it is a console (ts_stdin_mode).
#if defined(_WIN32)
#define TS_BINARY_DEFAULT (-1)
#else
#define TS_BINARY_DEFAULT 0
#endif

// Windows: standard output and error write '\n' as it is, not "\r\n".
// Nothing elsewhere.
void ts_platform_init(void);

// Whether argv0 names the program `name`: it ends in it (on Windows, in any
// case, and with or without ".exe").
bool ts_program_is(const char *argv0, const char *name);

// Online CPUs; 0 or less when unknown.
long ts_online_cpus(void);

// Opens a file to hash (or a key file) for reading: in binary mode and not
// inherited by child processes. A file descriptor, or -1 with errno set.
int ts_open_file(const char *name);

// Opens a check file. On Windows in binary mode, so that CRLF line ends reach
// the parser and a ^Z byte does not end the file.
FILE *ts_open_check_file(const char *name);

// Puts standard input in the mode it is hashed in for opt->binary (-1, 0 or
// 1) and returns whether that is binary, for the '*' marker. Windows: binary
// unless it is a console and -b was not given. POSIX: no change; binary > 0.
bool ts_stdin_mode(int binary);

// read() that retries on EINTR.
ssize_t ts_read(int fd, void *buf, size_t len);

// write() that retries on EINTR: the bytes written, or -1 with errno set.
ssize_t ts_write(int fd, const void *buf, size_t len);

// Tells the system that fd is read from start to end (where it can be told).
void ts_advise_sequential(int fd);

// getline(): the next line of in, '\n' included, NUL-terminated; -1 at the
// end of the file or on an error.
ssize_t ts_getline(char **line, size_t *cap, FILE *in);

// size bytes aligned to align (a power of two); freed by ts_aligned_free.
void *ts_aligned_alloc(size_t align, size_t size);
void ts_aligned_free(void *p);

#if defined(_WIN32)
#include <wchar.h>
// The command line of wmain (tdsum is linked with -municode) in UTF-8, the
// bytes coreutils sees and prints in MSYS2. NULL when out of memory.
char **ts_utf8_argv(int argc, wchar_t **wargv);
#endif

#endif // TDSUM_PLATFORM_H
