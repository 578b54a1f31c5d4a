// SPDX-License-Identifier: Apache-2.0
// A program that uses an installed turbodigest: prints SHA-256 of its
// first argument, so the install check can compare it with a known digest.

#include <stdio.h>
#include <string.h>

#include <turbodigest.h>

int main(int argc, char **argv)
{
    const char *msg = argc > 1 ? argv[1] : "";
    uint8_t digest[32];
    if (td_hash(TD_SHA256, msg, strlen(msg), digest) != TD_OK)
        return 1;
    for (size_t i = 0; i < sizeof digest; i++)
        printf("%02x", digest[i]);
    printf("\n");
    return 0;
}
