/* SPDX-License-Identifier: Apache-2.0
 * The dispatch types: backend table rows, the many path's rules and batch
 * shapes, and dispatch.c's entry points. Which row takes what is decided
 * there.
 */
#ifndef TD_DISPATCH_H
#define TD_DISPATCH_H

#include <stddef.h>
#include <stdint.h>

#include "td_backend.h"
#include "turbodigest.h"

// A row's nodes function, if it has one: the member of its family.
typedef union td_nodes_fn {
    td_sha1_nodes_fn   *sha1;
    td_sha256_nodes_fn *sha256;
} td_nodes_fn;

// A row's function: the member of its family and kind (dispatch.c's row
// macros check the function's type against it).
typedef union td_blocks_fn {
    td_md5_blocks_fn         *md5;
    td_sha1_blocks_fn        *sha1;
    td_sha256_blocks_fn      *sha256;
    td_sha512_blocks_fn      *sha512;
    td_sha3_blocks_fn        *sha3;
    td_md5_blocks_many_fn    *md5_many;
    td_sha1_blocks_many_fn   *sha1_many;
    td_sha256_blocks_many_fn *sha256_many;
    td_sha512_blocks_many_fn *sha512_many;
    td_sha3_blocks_many_fn   *sha3_many;
} td_blocks_fn;

// What a row's function is, and so how many.c calls it and splits a batch.
typedef enum td_row_kind {
    TD_ROW_SINGLE,  // td_<family>_blocks_fn: one message at a time
    TD_ROW_LANES,   // td_<family>_blocks_many_fn in vector lanes: a pass
                    // costs the same however many lanes are full
    TD_ROW_STREAMS, // td_<family>_blocks_many_fn whose messages each add
                    // their own rounds (SHA-NI streams)
} td_row_kind;

// One row of a backend table (backends/backends.def): usable when the build
// has it and the CPU every bit of cpu_needs. Which rows the automatic choice
// takes is for the family's rules (td_many_rule).
typedef struct td_backend_row {
    const char  *name;
    uint32_t     cpu_needs; // TD_CPU_* bits
    td_blocks_fn blocks;
    uint32_t     lanes;     // the most messages a call: 1 for TD_ROW_SINGLE
    td_row_kind  kind;
    td_nodes_fn  nodes;     // streams of SHA-1 and SHA-224/256: NULL, or
                            // messages of one block and the shared one
                            // (Merkle nodes) to their digests
    int          nodes_level; // 1: nodes takes any count in one call (a
                              // level's pipeline); 0: a batch's, as blocks
    td_sha3_squeeze_fn *squeeze; // SHA-3's single path: NULL, or SHAKE's
                                 // output blocks with the state kept in
                                 // registers between them
    int          built;     // 0 where this build left the row's object out
} td_backend_row;

// How many of left messages row takes in its next call, on the many path:
// as many as it has lanes; where its messages are streams, more than one
// call's worth but less than two split evenly (5 in fours as 3 + 2), since a
// stream's time grows with each message and one alone runs at its chain's
// latency (docs/performance-notes.md, "Splitting a batch among streams").
// For a single-path row, one. The one splitting rule of the many path:
// backends take what they are given.
static inline size_t td_row_batch(const td_backend_row *row, size_t left)
{
    const size_t width = row->lanes;
    if (row->kind == TD_ROW_STREAMS && left > width && left < 2 * width)
        return (left + 1) / 2;
    return left <= width ? left : width;
}

// A family's backends for one path, in backends.def's order: on the many
// path all of them, on the single path those of TD_ROW_SINGLE (the last
// ones); the last row is "portable".
typedef struct td_backend_table {
    const td_backend_row *rows;
    size_t                count;
} td_backend_table;

// The shape of a batch of messages, as far as the rules tell batches apart:
// TD_BATCH_NODES when each message is one data block followed by the shared
// block given by its schedule (a Merkle level's nodes: 64 bytes for SHA-256),
// TD_BATCH_ANY otherwise.
typedef enum td_batch_shape { TD_BATCH_ANY, TD_BATCH_NODES, TD_BATCH_SHAPES } td_batch_shape;

// When the automatic choice takes a row: for count messages hashed side by
// side, count >= min_count, on a CPU with every bit of cpu_with and none of
// cpu_without, for batches of any shape or only for nodes. A family's rules
// are tried in order; the first that holds and names a row usable here wins.
// It takes as many of the messages as its kind and lanes allow (many.c),
// and the rules are asked again for the rest. The single path takes the
// first rule for one message that names a single-path row. A row no rule
// names is used only where it is pinned.
typedef struct td_many_rule {
    uint32_t       row;          // its index in the family's table
    uint32_t       min_count;
    uint32_t       cpu_with;     // TD_CPU_* bits
    uint32_t       cpu_without;
    td_batch_shape shape;        // TD_BATCH_NODES: for nodes only
} td_many_rule;

// The backend in use for alg on path; alg and path must be valid. One atomic
// load after the first call. On the many path, with nothing pinned, the row
// the automatic choice takes for a full batch (td_backend's answer).
TD_HIDDEN const td_backend_row *td_backend_row_for(td_alg alg, td_path path);

// The many-path row for count messages of alg in a batch of the given shape,
// choosing it first where that is not done yet (the inline reader is
// many_row.h's td_many_row_for).
TD_HIDDEN const td_backend_row *td_many_row_first(td_alg alg, size_t count,
                                                  td_batch_shape shape);

// Every row built in for a family and path, usable here or not.
TD_HIDDEN td_backend_table td_backend_table_of(td_family family, td_path path);

// Whether the CPU can run a row.
TD_HIDDEN int td_backend_row_usable(const td_backend_row *row);

#endif // TD_DISPATCH_H
