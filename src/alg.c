// SPDX-License-Identifier: Apache-2.0
// Algorithm facts: sizes, names and name parsing.

#include <string.h>

#include "td_internal.h"

static const td_alg_info alg_infos[TD_ALG_COUNT] = {
    [TD_MD5]        = { "md5",        TD_FAMILY_MD5,    16, 64 },
    [TD_SHA1]       = { "sha1",       TD_FAMILY_SHA1,   20, 64 },
    [TD_SHA224]     = { "sha224",     TD_FAMILY_SHA256, 28, 64 },
    [TD_SHA256]     = { "sha256",     TD_FAMILY_SHA256, 32, 64 },
    [TD_SHA384]     = { "sha384",     TD_FAMILY_SHA512, 48, 128 },
    [TD_SHA512]     = { "sha512",     TD_FAMILY_SHA512, 64, 128 },
    [TD_SHA512_224] = { "sha512-224", TD_FAMILY_SHA512, 28, 128 },
    [TD_SHA512_256] = { "sha512-256", TD_FAMILY_SHA512, 32, 128 },
};

const td_alg_info *td_alg_info_of(td_alg alg)
{
    return &alg_infos[alg];
}

static int alg_is_valid(td_alg alg)
{
    // The enum's underlying type may be unsigned: compare as unsigned.
    return (unsigned)alg < (unsigned)TD_ALG_COUNT;
}

size_t td_digest_size(td_alg alg)
{
    return alg_is_valid(alg) ? alg_infos[alg].digest_size : 0;
}

size_t td_block_size(td_alg alg)
{
    return alg_is_valid(alg) ? alg_infos[alg].block_size : 0;
}

const char *td_alg_name(td_alg alg)
{
    return alg_is_valid(alg) ? alg_infos[alg].name : NULL;
}

// Reduces a spelling to lower-case letters and digits, dropping '-', '_' and
// '/', so "SHA-512/256", "sha512_256" and "sha512-256" all become
// "sha512256". A "sha2" prefix followed by a digest size ("SHA2-256") is
// folded to "sha". Returns 0 when the name is too long or has other bytes.
static int normalise_name(const char *name, char *out, size_t cap)
{
    size_t n = 0;
    for (const char *p = name; *p; p++) {
        char c = *p;
        if (c == '-' || c == '_' || c == '/')
            continue;
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
            return 0;
        if (n + 1 >= cap)
            return 0;
        out[n++] = c;
    }
    out[n] = '\0';
    if (strncmp(out, "sha2", 4) == 0 && (strncmp(out + 4, "224", 3) == 0 ||
                                         strncmp(out + 4, "256", 3) == 0 ||
                                         strncmp(out + 4, "384", 3) == 0 ||
                                         strncmp(out + 4, "512", 3) == 0))
        memmove(out + 3, out + 4, n - 3); // "sha2256" -> "sha256", with the NUL
    return 1;
}

int td_alg_from_name(const char *name, td_alg *alg)
{
    if (name == NULL || alg == NULL)
        return TD_ERR_ARG;
    char norm[24];
    if (!normalise_name(name, norm, sizeof norm))
        return TD_ERR_ARG;
    for (int i = 0; i < TD_ALG_COUNT; i++) {
        char canon[24];
        normalise_name(alg_infos[i].name, canon, sizeof canon);
        if (strcmp(norm, canon) == 0) {
            *alg = (td_alg)i;
            return TD_OK;
        }
    }
    return TD_ERR_ARG;
}
