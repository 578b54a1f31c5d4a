// SPDX-License-Identifier: Apache-2.0
// Algorithm facts: sizes, names and name parsing.

#include <string.h>

#include "td_internal.h"

// The facts of alg, fixed-output or SHAKE; NULL for an unknown alg.
static const td_alg_info *info_of(td_alg alg)
{
    td_alg index;
    return td_alg_index(alg, &index) ? td_alg_info_of(index) : NULL;
}

size_t td_digest_size(td_alg alg)
{
    const td_alg_info *info = info_of(alg);
    return info ? info->digest_size : 0;
}

size_t td_block_size(td_alg alg)
{
    const td_alg_info *info = info_of(alg);
    return info ? info->block_size : 0;
}

const char *td_alg_name(td_alg alg)
{
    const td_alg_info *info = info_of(alg);
    return info ? info->name : NULL;
}

// Lower-cases name into out; 0 if it does not fit.
static int lower_copy(const char *name, char *out, size_t cap)
{
    size_t n = 0;
    for (; name[n] != '\0'; n++) {
        if (n + 1 >= cap)
            return 0;
        const char c = name[n];
        out[n] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
    }
    out[n] = '\0';
    return 1;
}

// Skips one separator from set, if there is one.
static const char *skip_sep(const char *p, const char *set)
{
    return *p != '\0' && strchr(set, *p) != NULL ? p + 1 : p;
}

// Takes a digest size in bits; returns the rest of the string or NULL.
static const char *take_bits(const char *p, int *bits)
{
    static const int sizes[] = { 224, 256, 384, 512 };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        char text[4];
        text[0] = (char)('0' + sizes[i] / 100);
        text[1] = (char)('0' + sizes[i] / 10 % 10);
        text[2] = (char)('0' + sizes[i] % 10);
        text[3] = '\0';
        if (strncmp(p, text, 3) == 0) {
            *bits = sizes[i];
            return p + 3;
        }
    }
    return NULL;
}

// SHA-3 and SHAKE: "sha3" + "-" or "_" + size ("sha3-256", "SHA3_512"),
// "shake" + optional "-" or "_" + 128 or 256 ("shake128", "SHAKE-256").
static int parse_keccak_name(const char *name, td_alg *alg)
{
    if (strncmp(name, "shake", 5) == 0) {
        const char *p = skip_sep(name + 5, "-_");
        if (strcmp(p, "128") == 0 || strcmp(p, "256") == 0) {
            *alg = p[0] == '1' ? TD_SHAKE128 : TD_SHAKE256;
            return 1;
        }
        return 0;
    }
    if (strncmp(name, "sha3", 4) != 0 || (name[4] != '-' && name[4] != '_'))
        return 0;
    int bits;
    const char *p = take_bits(name + 5, &bits);
    if (p == NULL || *p != '\0')
        return 0;
    *alg = bits == 224 ? TD_SHA3_224 : bits == 256 ? TD_SHA3_256 : bits == 384 ? TD_SHA3_384
                                                                               : TD_SHA3_512;
    return 1;
}

// The accepted spellings, case-insensitive: "md5"; "sha1", "sha-1";
// "sha" + optional "2" + size, with optional "-" or "_" between the parts
// ("sha256", "SHA-256", "SHA2-256", "sha2_256"); and for SHA-512/t a "/",
// "-" or "_" before t ("sha512/256", "sha512_256", "SHA-512/224"); SHA-3
// and SHAKE as parse_keccak_name takes them.
static int parse_name(const char *name, td_alg *alg)
{
    if (strcmp(name, "md5") == 0) {
        *alg = TD_MD5;
        return 1;
    }
    if (parse_keccak_name(name, alg))
        return 1;
    if (strncmp(name, "sha", 3) != 0)
        return 0;
    const char *p = skip_sep(name + 3, "-_");
    if (strcmp(p, "1") == 0) {
        *alg = TD_SHA1;
        return 1;
    }
    // "sha2" followed by a size needs a separator: "sha2-256", not "sha2256".
    if (p[0] == '2' && (p[1] == '-' || p[1] == '_'))
        p += 2;
    int bits, t = 0;
    p = take_bits(p, &bits);
    if (p == NULL)
        return 0;
    if (*p != '\0') {
        if (bits != 512 || strchr("/-_", *p) == NULL)
            return 0;
        p = take_bits(p + 1, &t);
        if (p == NULL || *p != '\0' || (t != 224 && t != 256))
            return 0;
    }
    switch (bits) {
    case 224: *alg = TD_SHA224; break;
    case 256: *alg = TD_SHA256; break;
    case 384: *alg = TD_SHA384; break;
    default:  *alg = t == 224 ? TD_SHA512_224 : t == 256 ? TD_SHA512_256 : TD_SHA512; break;
    }
    return 1;
}

int td_alg_from_name(const char *name, td_alg *alg)
{
    if (name == NULL || alg == NULL)
        return TD_ERR_ARG;
    char lower[16] = { 0 }; // zeroed for the static analyzer, which does not follow strncmp
    td_alg found;
    if (!lower_copy(name, lower, sizeof lower) || !parse_name(lower, &found))
        return TD_ERR_ARG;
    *alg = found;
    return TD_OK;
}
