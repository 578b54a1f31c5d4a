/* SPDX-License-Identifier: Apache-2.0
 * tdsum's system layer on POSIX systems (platform.h): thin wrappers over
 * open, read, posix_fadvise, getline, sysconf and aligned_alloc.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "platform.h"

void ts_platform_init(void)
{
}

bool ts_program_is(const char *argv0, const char *name)
{
    size_t len = strlen(argv0), nl = strlen(name);
    return len >= nl && strcmp(argv0 + len - nl, name) == 0;
}

long ts_online_cpus(void)
{
    return sysconf(_SC_NPROCESSORS_ONLN);
}

int ts_open_file(const char *name)
{
    int fd;
    do
        fd = open(name, O_RDONLY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    return fd;
}

FILE *ts_open_check_file(const char *name)
{
    return fopen(name, "r");
}

bool ts_stdin_mode(int binary)
{
    return binary > 0;
}

ssize_t ts_read(int fd, void *buf, size_t len)
{
    ssize_t n;
    do
        n = read(fd, buf, len);
    while (n < 0 && errno == EINTR);
    return n;
}

ssize_t ts_write(int fd, const void *buf, size_t len)
{
    ssize_t n;
    do
        n = write(fd, buf, len);
    while (n < 0 && errno == EINTR);
    return n;
}

void ts_advise_sequential(int fd)
{
    (void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
}

ssize_t ts_getline(char **line, size_t *cap, FILE *in)
{
    return getline(line, cap, in);
}

void *ts_aligned_alloc(size_t align, size_t size)
{
    return aligned_alloc(align, size);
}

void ts_aligned_free(void *p)
{
    free(p);
}
