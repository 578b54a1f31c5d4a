// SPDX-License-Identifier: Apache-2.0
// Merkle trees over SHA-256 with td_hash_many_fixed, one tree level per call.
//
// Two trees over the same leaves (32 bytes each):
//   the plain binary tree: node = SHA-256(left || right), 64-byte messages;
//   the RFC 6962 (Certificate Transparency) tree: leaf = SHA-256(0x00 || leaf),
//   node = SHA-256(0x01 || left || right), 33- and 65-byte messages.
// Every level is a row of equal-length messages laid end to end, which is
// what td_hash_many_fixed takes. Each tree is also computed with td_sha256,
// one node at a time; the program checks that both ways agree, checks known
// answers (kat.py), and prints how long each way took.
//
// usage: merkle [LEAVES]   (default 1048576, or 16384 when TD_TEST_SHORT is
//                           set in the environment)
// Exit status: 0 when everything agrees, 1 when not, 2 on a usage error or
// when memory runs out.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <turbodigest.h>

#if defined(_WIN32) && !defined(TIME_UTC)
// msvcrt has no timespec_get (the UCRT has): the performance counter.
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#endif

enum {
    HASH = 32,                  // SHA-256 digest, and the size of a leaf here
    LEAF_RECORD = 1 + HASH,     // RFC 6962: 0x00 || leaf
    NODE_RECORD = 1 + 2 * HASH, // RFC 6962: 0x01 || left || right
    RUNS = 3                    // each way is timed this many times; the best counts
};

// ------------------------------------------------------------ the plain tree
//
// A level of m nodes becomes m / 2 parents; when m is odd, its last node
// moves up unchanged. (This gives the tree the same shape as RFC 6962's, and
// does not let a list with its last leaf repeated have the same root, as
// Bitcoin's duplicate-the-last-node rule does.)

// The root of the plain tree over n >= 1 leaves (n * 32 bytes, left as they
// are). nodes is n * 32 bytes of work space. The first level goes from leaves
// to nodes; every later level is hashed in place: td_hash_many_fixed may
// write its digests over its messages when they are at least a digest long.
static int plain_root_many(const uint8_t *leaves, size_t n, uint8_t *nodes,
                           uint8_t root[HASH])
{
    const uint8_t *level = leaves;
    while (n > 1) {
        const size_t pairs = n / 2;
        // Parent j is SHA-256 of the 64 bytes at level + 64 * j: the whole
        // level is one row of 64-byte messages.
        const int status = td_hash_many_fixed(TD_SHA256, pairs, level, 2 * HASH, nodes);
        if (status != TD_OK)
            return status;
        if (n % 2 == 1) // the odd node: td_hash_many_fixed wrote below it
            memmove(nodes + pairs * HASH, level + (n - 1) * HASH, HASH);
        level = nodes;
        n = pairs + n % 2;
    }
    memcpy(root, level, HASH);
    return TD_OK;
}

// The same root with td_sha256, one parent at a time.
static void plain_root_one_by_one(const uint8_t *leaves, size_t n, uint8_t *nodes,
                                  uint8_t root[HASH])
{
    const uint8_t *level = leaves;
    while (n > 1) {
        const size_t pairs = n / 2;
        for (size_t j = 0; j < pairs; j++) {
            uint8_t parent[HASH];
            td_sha256(level + j * 2 * HASH, 2 * HASH, parent);
            memcpy(nodes + j * HASH, parent, HASH);
        }
        if (n % 2 == 1)
            memmove(nodes + pairs * HASH, level + (n - 1) * HASH, HASH);
        level = nodes;
        n = pairs + n % 2;
    }
    memcpy(root, level, HASH);
}

// ------------------------------------------------------- the RFC 6962 tree
//
// RFC 6962 section 2.1 defines the tree head recursively: the empty tree's is
// SHA-256 of the empty string, one leaf's is SHA-256(0x00 || leaf), and n > 1
// leaves split at k, the largest power of two smaller than n, into
// SHA-256(0x01 || head(first k) || head(the rest)). Built bottom up, that is
// the plain tree's shape: pair the nodes of each level from the left and move
// an odd last node up unchanged.

// The RFC 6962 tree head over n >= 0 leaves (n * 32 bytes, left as they are).
// records is n * 33 bytes of work space (the leaf records; the node records
// of a level, 65 bytes for each pair, fit in it too) and nodes n * 32 bytes.
static int rfc6962_head_many(const uint8_t *leaves, size_t n, uint8_t *records,
                             uint8_t *nodes, uint8_t head[HASH])
{
    if (n == 0) {
        td_sha256(NULL, 0, head);
        return TD_OK;
    }
    // The leaf hashes: n records 0x00 || leaf, end to end, in one call.
    for (size_t i = 0; i < n; i++) {
        records[i * LEAF_RECORD] = 0x00;
        memcpy(records + i * LEAF_RECORD + 1, leaves + i * HASH, HASH);
    }
    int status = td_hash_many_fixed(TD_SHA256, n, records, LEAF_RECORD, nodes);

    // Each level: records 0x01 || left || right, end to end, in one call.
    while (status == TD_OK && n > 1) {
        const size_t pairs = n / 2;
        for (size_t j = 0; j < pairs; j++) {
            records[j * NODE_RECORD] = 0x01;
            memcpy(records + j * NODE_RECORD + 1, nodes + j * 2 * HASH, 2 * HASH);
        }
        status = td_hash_many_fixed(TD_SHA256, pairs, records, NODE_RECORD, nodes);
        if (n % 2 == 1)
            memmove(nodes + pairs * HASH, nodes + (n - 1) * HASH, HASH);
        n = pairs + n % 2;
    }
    memcpy(head, nodes, HASH);
    return status;
}

// The same tree head with td_sha256, one node at a time, following the
// recursion of section 2.1 as it is written (depth log2(n)).
static void rfc6962_head_one_by_one(const uint8_t *leaves, size_t n, uint8_t head[HASH])
{
    uint8_t record[NODE_RECORD];
    if (n == 0) {
        td_sha256(NULL, 0, head);
    } else if (n == 1) {
        record[0] = 0x00;
        memcpy(record + 1, leaves, HASH);
        td_sha256(record, LEAF_RECORD, head);
    } else {
        size_t k = 1;
        while (k < n - k) // the largest power of two smaller than n
            k *= 2;
        record[0] = 0x01;
        rfc6962_head_one_by_one(leaves, k, record + 1);
        rfc6962_head_one_by_one(leaves + k * HASH, n - k, record + 1 + HASH);
        td_sha256(record, NODE_RECORD, head);
    }
}

// ------------------------------------------------------------ known answers
//
// Computed by kat.py with Python's hashlib alone (its RFC 6962 recursion is
// first checked against Certificate Transparency's published tree heads), for
// leaf i = SHA-256 of i as 8 big-endian bytes. There is no plain tree without
// leaves. Sizes up to SMALL_MAX are checked on every run.

enum { SMALL_MAX = 1000 };

static const struct known {
    size_t n;
    const char *plain;
    const char *rfc6962;
} known[] = {
    {       0, NULL,
               "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
    {       1, "af5570f5a1810b7af78caf4bc70a660f0df51e42baf91d4de5b2328de0e83dfc",
               "aea833068048b82f42271c18e0076a5230cbc7d711c99de16a5917db14a3b044" },
    {       2, "112d546d426b0f655fabc3e3481c1d626b6f08641fd692d03298caf014b83955",
               "839757d78394f8ad59bc4621831d92396f5d3556fe0059846463a32a21dc9e04" },
    {       3, "07f15c470799d408152313c5b0e914969f00e954b6df62e826e235bd7d06d424",
               "cc23a6e05f95099459e4b62703c223236972a78997b072a65500b30e26bb6ef3" },
    {       4, "80d9a4bf12ae810bd2ccf0fdf95540719ab49b08c99fba603b662745f21273d5",
               "f429b955064dbbcf878a6b817cb02740f0a30f42a1d770195addb021b45b8fdd" },
    {       5, "0abb625a572c0d2ffeed91af669f07b659013679bba43a99e8867e8cfa0129fe",
               "aa33f608b3c7398a5230804ae5bf2cbe372e3e517eab55ef21d7e8a1318b00d9" },
    {       6, "d3fc8a0b8a2daaefef3a736c1319686fb1655872c3a0646907ece34314d91e97",
               "e09719be5ed3cdf6ec907e5ba6ebe019a93dee5e305185c33522ab6325045eec" },
    {       7, "2db9fc07acfc63b075861a7098805c6c95825ca3b54c689e87e49a8b7e162d4f",
               "3bae604504fcab1978311ba9984633ad88b8c104832990123345db6c816b77c8" },
    {       8, "8bad90db1d14c89a4efad7446090ec18ebae364b0faeab226c6f9b16ecec53b0",
               "4f8510360e29047dc8a13d94eae1a0c1b13b9a9debcb179fea8f696965c9591a" },
    {       9, "5b65bed20c466035b6c79178e4efda8f46f0df82a0d2e1299622dc0832de06ae",
               "d9fd369b69012ebe080d03d393a6496f5df398f4db6b0f323684c0e3e4cfaac1" },
    {      17, "b1d9c93cf07ec23ca9c4b6f2b67d183b6e4cabe005382d1eb54dc85cd5c17de5",
               "b041bcceb2c814ba450850c657ea28fb38a6fb017f008794d84f6c0b9c5c55c0" },
    {    1000, "568df767f319eb7daab64f73533edc0717319aded7f9822f5aa58d16f553a724",
               "3cd2dc52dfaef20e0a3c259d94abf99d3e71e2a3837f4089c5e5ea5d34d7a188" },
    {   12345, "6450de0ef4700cd472e1d6f9c2f2d9a3e78ba17f49e4053ac3efd20818840785",
               "2f5e85e2015e9f8d1589f0294f7bca49da72b5b2ac85466e5a991c4f771ad504" },
    {   16384, "95643fd8e33839f0787f32f8e8b60a9ca6dd24ea671f4cde255019212b791839",
               "35e25f77a86280a0c117532625ce97aeaedaa461c0261bcabc24708afa9f6325" },
    { 1048576, "fb08d94feca781eecf80e771e2d34b2676fcf9d0549ab80cf9a82e35aae3cefd",
               "42f315088197efd665fb0441d6aa50435d218c68e7531c81b0f8cca366d47e2f" },
};

static const struct known *known_for(size_t n)
{
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (known[i].n == n)
            return &known[i];
    return NULL;
}

// ------------------------------------------------------------------ helpers

static void to_hex(const uint8_t digest[HASH], char hex[2 * HASH + 1])
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < HASH; i++) {
        hex[2 * i] = digits[digest[i] >> 4];
        hex[2 * i + 1] = digits[digest[i] & 15];
    }
    hex[2 * HASH] = '\0';
}

// Leaf i is SHA-256 of i as 8 big-endian bytes: the same on every platform.
static void make_leaves(uint8_t *leaves, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint8_t index[8];
        uint64_t v = i;
        for (size_t b = sizeof index; b-- > 0; v >>= 8)
            index[b] = (uint8_t)(v & 0xff);
        td_sha256(index, sizeof index, leaves + i * HASH);
    }
}

#if defined(_WIN32) && !defined(TIME_UTC)
static double seconds_now(void)
{
    LARGE_INTEGER freq, now;
    QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&now);
    return (double)now.QuadPart / (double)freq.QuadPart;
}
#else
static double seconds_now(void)
{
    struct timespec ts;
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0.0;
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
#endif

// The buffers every way works on.
typedef struct trees {
    const uint8_t *leaves; // n * 32 bytes
    uint8_t *nodes;        // n * 32 bytes of work space
    uint8_t *records;      // n * 33 bytes of work space
} trees;

typedef enum way { PLAIN_MANY, PLAIN_ONE_BY_ONE, RFC6962_MANY, RFC6962_ONE_BY_ONE } way;

// One root (or tree head) of the first n leaves, computed the given way.
static int compute(way w, const trees *t, size_t n, uint8_t root[HASH])
{
    switch (w) {
    case PLAIN_MANY:
        return plain_root_many(t->leaves, n, t->nodes, root);
    case PLAIN_ONE_BY_ONE:
        plain_root_one_by_one(t->leaves, n, t->nodes, root);
        return TD_OK;
    case RFC6962_MANY:
        return rfc6962_head_many(t->leaves, n, t->records, t->nodes, root);
    case RFC6962_ONE_BY_ONE:
        rfc6962_head_one_by_one(t->leaves, n, root);
        return TD_OK;
    }
    return TD_ERR_ARG;
}

// The best time of RUNS computations, in seconds; negative on an error.
static double best_time(way w, const trees *t, size_t n, uint8_t root[HASH])
{
    double best = -1.0;
    for (int run = 0; run < RUNS; run++) {
        const double start = seconds_now();
        if (compute(w, t, n, root) != TD_OK)
            return -1.0;
        const double took = seconds_now() - start;
        if (best < 0.0 || took < best)
            best = took;
    }
    return best;
}

// Compares a computed root with another way's or with a known answer (hex);
// prints both when they differ. Returns 1 on a difference, else 0.
static int differs(const char *what, size_t n, const uint8_t got[HASH], const char *want)
{
    char hex[2 * HASH + 1];
    to_hex(got, hex);
    if (strcmp(hex, want) == 0)
        return 0;
    printf("MISMATCH: %s, %zu leaves:\n  got  %s\n  want %s\n", what, n, hex, want);
    return 1;
}

// Both trees over the first n leaves, both ways, against each other and
// against the known answers when there are some. Returns the failures.
static int check(size_t n, const uint8_t plain[HASH], const uint8_t plain_ref[HASH],
                 const uint8_t rfc[HASH], const uint8_t rfc_ref[HASH])
{
    const struct known *k = known_for(n);
    char hex[2 * HASH + 1];
    int failures = 0;
    if (n > 0) {
        to_hex(plain_ref, hex);
        failures += differs("plain tree, td_hash_many_fixed against td_sha256", n, plain, hex);
        if (k)
            failures += differs("plain tree, known answer", n, plain_ref, k->plain);
    }
    to_hex(rfc_ref, hex);
    failures += differs("RFC 6962, td_hash_many_fixed against td_sha256", n, rfc, hex);
    if (k)
        failures += differs("RFC 6962, known answer", n, rfc_ref, k->rfc6962);
    return failures;
}

// Every known answer for at most SMALL_MAX leaves, both ways.
static int check_small(const trees *t)
{
    int failures = 0;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        const size_t n = known[i].n;
        uint8_t plain[HASH] = {0}, plain_ref[HASH] = {0}, rfc[HASH] = {0}, rfc_ref[HASH] = {0};
        if (n > SMALL_MAX)
            continue;
        if (n > 0 && (compute(PLAIN_MANY, t, n, plain) != TD_OK ||
                      compute(PLAIN_ONE_BY_ONE, t, n, plain_ref) != TD_OK))
            failures++;
        if (compute(RFC6962_MANY, t, n, rfc) != TD_OK ||
            compute(RFC6962_ONE_BY_ONE, t, n, rfc_ref) != TD_OK)
            failures++;
        failures += check(n, plain, plain_ref, rfc, rfc_ref);
    }
    return failures;
}

static void print_times(double many_s, double one_by_one_s)
{
    printf("    td_hash_many_fixed %9.2f ms, td_sha256 one by one %9.2f ms",
           many_s * 1e3, one_by_one_s * 1e3);
    if (many_s > 0.0)
        printf(" (%.2f times as long)", one_by_one_s / many_s);
    printf("\n");
}

static int usage(void)
{
    fprintf(stderr, "usage: merkle [LEAVES]   (LEAVES >= 1; default 1048576, "
                    "or 16384 with TD_TEST_SHORT set)\n");
    return 2;
}

int main(int argc, char **argv)
{
    size_t n = getenv("TD_TEST_SHORT") ? (size_t)1 << 14 : (size_t)1 << 20;
    if (argc > 2)
        return usage();
    if (argc == 2) {
        // Decimal digits only, and no more leaves than memory can hold.
        n = 0;
        for (const char *p = argv[1]; *p != '\0'; p++) {
            if (*p < '0' || *p > '9' || n > (SIZE_MAX / LEAF_RECORD - 9) / 10)
                return usage();
            n = n * 10 + (size_t)(*p - '0');
        }
        if (n < 1)
            return usage();
    }

    // Room for the main tree and for the small known-answer trees.
    const size_t count = n > SMALL_MAX ? n : SMALL_MAX;
    uint8_t *leaves = malloc(count * HASH);
    uint8_t *nodes = malloc(count * HASH);
    uint8_t *records = malloc(count * LEAF_RECORD);
    if (!leaves || !nodes || !records) {
        fprintf(stderr, "merkle: out of memory for %zu leaves\n", n);
        free(leaves);
        free(nodes);
        free(records);
        return 2;
    }
    make_leaves(leaves, count);
    const trees t = {leaves, nodes, records};

    printf("turbodigest %s, CPU features: %s\n", td_version(), td_cpu_features());
    printf("SHA-256 backends: td_hash_many_fixed %s, td_sha256 %s\n",
           td_backend(TD_SHA256, TD_MULTI), td_backend(TD_SHA256, TD_SINGLE));

    int failures = check_small(&t);
    printf("known answers for the sizes up to %d leaves, both ways: %s\n", SMALL_MAX,
           failures ? "FAILED" : "ok");

    printf("%zu leaves of 32 bytes (leaf i = SHA-256 of i as 8 big-endian bytes), "
           "best of %d runs:\n", n, RUNS);
    uint8_t plain[HASH], plain_ref[HASH], rfc[HASH], rfc_ref[HASH];
    const double plain_s = best_time(PLAIN_MANY, &t, n, plain);
    const double plain_ref_s = best_time(PLAIN_ONE_BY_ONE, &t, n, plain_ref);
    const double rfc_s = best_time(RFC6962_MANY, &t, n, rfc);
    const double rfc_ref_s = best_time(RFC6962_ONE_BY_ONE, &t, n, rfc_ref);
    if (plain_s < 0.0 || rfc_s < 0.0) {
        printf("td_hash_many_fixed failed\n");
        failures++;
    } else {
        char hex[2 * HASH + 1];
        to_hex(plain, hex);
        printf("  plain tree root %s\n", hex);
        print_times(plain_s, plain_ref_s);
        to_hex(rfc, hex);
        printf("  RFC 6962 head   %s\n", hex);
        print_times(rfc_s, rfc_ref_s);
        const int wrong = check(n, plain, plain_ref, rfc, rfc_ref);
        printf("  both ways agree%s: %s\n",
               known_for(n) ? " and match the known answers" : " (no known answers for this size)",
               wrong ? "NO" : "yes");
        failures += wrong;
    }

    free(leaves);
    free(nodes);
    free(records);
    return failures ? 1 : 0;
}
