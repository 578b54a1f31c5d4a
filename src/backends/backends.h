/* SPDX-License-Identifier: Apache-2.0
 * Every backend's block function, grouped by family. The contract is in
 * td_backend.h; the tables that list them are in dispatch.c.
 */
#ifndef TD_BACKENDS_H
#define TD_BACKENDS_H

#include "../td_backend.h"

// MD5
TD_HIDDEN td_md5_blocks_fn td_md5_blocks_portable;
TD_HIDDEN td_md5_blocks_fn td_md5_blocks_avx512;
TD_HIDDEN td_md5_blocks_many_fn td_md5_blocks_many_avx512_x16; // 16 lanes
TD_HIDDEN td_md5_blocks_many_fn td_md5_blocks_many_avx512_x32; // 32 lanes, x86-64 only
TD_HIDDEN td_md5_blocks_many_fn td_md5_blocks_many_avx2_x16;   // 16 lanes, two groups of 8
TD_HIDDEN td_md5_blocks_many_fn td_md5_blocks_many_avx2_x8;    // 8 lanes

// SHA-1
TD_HIDDEN td_sha1_blocks_fn td_sha1_blocks_portable;
TD_HIDDEN td_sha1_blocks_fn td_sha1_blocks_armv8;
TD_HIDDEN td_sha1_blocks_fn td_sha1_blocks_shani;
TD_HIDDEN td_sha1_blocks_fn td_sha1_blocks_shani_msg;
TD_HIDDEN td_sha1_blocks_fn td_sha1_blocks_avx2;
TD_HIDDEN td_sha1_blocks_fn td_sha1_blocks_ssse3;
TD_HIDDEN td_sha1_blocks_many_fn td_sha1_blocks_many_avx512_x16; // 16 lanes
TD_HIDDEN td_sha1_blocks_many_fn td_sha1_blocks_many_shani_x4;   // up to 4 streams interleaved
TD_HIDDEN td_sha1_blocks_many_fn td_sha1_blocks_many_shani_avx512_x4; // the same, AVX-512VL
TD_HIDDEN td_sha1_nodes_fn td_sha1_nodes_shani_x4;        // 64-byte messages to digests
TD_HIDDEN td_sha1_nodes_fn td_sha1_nodes_shani_avx512_x4; // the same, AVX-512VL

// SHA-224/256
TD_HIDDEN td_sha256_blocks_fn td_sha256_blocks_portable;
TD_HIDDEN td_sha256_blocks_fn td_sha256_blocks_armv8;
TD_HIDDEN td_sha256_blocks_fn td_sha256_blocks_shani;
TD_HIDDEN td_sha256_blocks_fn td_sha256_blocks_avx2;
TD_HIDDEN td_sha256_blocks_fn td_sha256_blocks_ssse3;
TD_HIDDEN td_sha256_blocks_many_fn td_sha256_blocks_many_avx512_x16; // 16 lanes
TD_HIDDEN td_sha256_blocks_many_fn td_sha256_blocks_many_avx512_x8;  // 8 lanes, YMM
TD_HIDDEN td_sha256_blocks_many_fn td_sha256_blocks_many_shani_x4;   // up to 4 streams interleaved
TD_HIDDEN td_sha256_blocks_many_fn td_sha256_blocks_many_shani_x32;  // 32 a call, 4 at a time
TD_HIDDEN td_sha256_nodes_fn td_sha256_nodes_shani_x32; // its Merkle nodes to digests
TD_HIDDEN td_sha256_nodes_fn td_sha256_nodes_shani_x4;  // the same in lockstep fours
TD_HIDDEN td_sha256_blocks_many_fn td_sha256_blocks_many_shani_avx512_x4; // the same, AVX-512VL
TD_HIDDEN td_sha256_blocks_many_fn td_sha256_blocks_many_shani_avx512_x32; // and x32, AVX-512VL
TD_HIDDEN td_sha256_nodes_fn td_sha256_nodes_shani_avx512_x32; // its Merkle nodes to digests
TD_HIDDEN td_sha256_nodes_fn td_sha256_nodes_shani_avx512_x4;  // the same in lockstep fours
TD_HIDDEN td_sha256_blocks_many_fn td_sha256_blocks_many_avx2_x8;    // 8 lanes

// SHA-384/512, SHA-512/t
TD_HIDDEN td_sha512_blocks_fn td_sha512_blocks_portable;
TD_HIDDEN td_sha512_blocks_fn td_sha512_blocks_armv8_sha512;
TD_HIDDEN td_sha512_blocks_fn td_sha512_blocks_avx2;
TD_HIDDEN td_sha512_blocks_fn td_sha512_blocks_avx512;
TD_HIDDEN td_sha512_blocks_fn td_sha512_blocks_avx512_scalar;
TD_HIDDEN td_sha512_blocks_many_fn td_sha512_blocks_many_avx512_x8;  // 8 lanes
TD_HIDDEN td_sha512_blocks_many_fn td_sha512_blocks_many_avx512_x4;  // 4 lanes, YMM
TD_HIDDEN td_sha512_blocks_many_fn td_sha512_blocks_many_avx2_x4;    // 4 lanes

#endif // TD_BACKENDS_H
