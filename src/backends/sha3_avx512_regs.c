/* SPDX-License-Identifier: Apache-2.0
 * Keccak-f[1600] absorbing SHA-3 and SHAKE blocks, one message at a time,
 * with each of the 25 lanes in element 0 of its own XMM register: theta's
 * parities and chi as VPTERNLOGQ, rho as VPROLQ, pi by renaming. No
 * instruction crosses elements, so there is no shuffle at all; the price is
 * the whole register file (25 lanes, 5 of theta's mixes, 2 spare), which
 * neither GCC nor Clang allocates without spills and moves: hence inline
 * assembly, x86-64 only (docs/performance-notes.md, "Keccak-f[1600] in 25
 * XMM registers"). Needs AVX-512F and VL.
 */
#include "../td_backend.h"
#include "backends.h"

#if defined(__x86_64__) && defined(__GNUC__)

#include "keccak_constants.h"

// The assembly's vocabulary, AT&T operand order (sources first). The
// register numbers go through one more macro so that D0 .. D4 expand.
#define XMM(n) XMM_(n)
#define XMM_(n) "%%xmm" #n
#define MOVE(from, to) "vmovdqa64 " XMM(from) ", " XMM(to) "\n\t"
#define ROL(n, from, to) "vprolq $" #n ", " XMM(from) ", " XMM(to) "\n\t"
#define XOR(a, b, to) "vpxorq " XMM(a) ", " XMM(b) ", " XMM(to) "\n\t"
// a = a ^ b ^ c (0x96) or a ^ (~b & c) (0xd2), into a.
#define TERNLOG(imm, c, b, a) "vpternlogq $" #imm ", " XMM(c) ", " XMM(b) ", " XMM(a) "\n\t"

// At the start of a round lane (x, y) is in register x + 5y.
//
// theta: column x's parity into register c.
#define PARITY(c, a0, a1, a2, a3, a4) MOVE(a0, c) TERNLOG(0x96, a2, a1, c) TERNLOG(0x96, a4, a3, c)
// D[x] = C[x - 1] ^ rol(C[x + 1], 1), into d.
#define MIX(d, c_prev, c_next) ROL(1, c_next, d) XOR(c_prev, d, d)
// The parities in 25 .. 29 become the mixes in place, in an order that
// overwrites each parity after its two uses; 27 and 29 are then free.
#define D0 30
#define D1 28
#define D2 31
#define D3 25
#define D4 26
#define THETA                                                                                  \
    PARITY(25, 0, 5, 10, 15, 20) PARITY(26, 1, 6, 11, 16, 21) PARITY(27, 2, 7, 12, 17, 22)      \
    PARITY(28, 3, 8, 13, 18, 23) PARITY(29, 4, 9, 14, 19, 24)                                 \
    MIX(D0, 29, 26) MIX(D2, 26, 28) MIX(D4, 28, 25) MIX(D1, 25, 27) MIX(D3, 27, 29)

// theta's mix and rho's rotation of the lane in register r, in place: the
// register now holds the lane pi moves it to.
#define RHO(r, d, n) XOR(d, r, r) ROL(n, r, r)

// chi along the row whose lanes x = 0 .. 4 are in registers r0 .. r4, in
// place (each VPTERNLOGQ overwrites its first operand), r0 and r1 saved in
// the spare registers for the last two.
#define CHI(r0, r1, r2, r3, r4)                                                                \
    MOVE(r0, 27) MOVE(r1, 29) TERNLOG(0xd2, r2, r1, r0) TERNLOG(0xd2, r3, r2, r1)             \
    TERNLOG(0xd2, r4, r3, r2) TERNLOG(0xd2, 27, r4, r3) TERNLOG(0xd2, 29, 27, r4)

// rho, pi and chi a row at a time, the last row first (measured the best
// order). Row y after pi is lanes ((x + 3y) mod 5, x) for x = 0 .. 4, each
// left in its own register (FIPS 202: pi sets A'[x, y] = A[(x + 3y) mod 5,
// x]); rho's offsets are FIPS 202's.
#define ROWS                                                                                   \
    RHO(2, D2, 62) RHO(8, D3, 55) RHO(14, D4, 39) RHO(15, D0, 41) RHO(21, D1, 2)             \
    RHO(4, D4, 27) RHO(5, D0, 36) RHO(11, D1, 10) RHO(17, D2, 15) RHO(23, D3, 56)            \
    RHO(1, D1, 1) RHO(7, D2, 6) RHO(13, D3, 25) RHO(19, D4, 8) RHO(20, D0, 18)               \
    RHO(3, D3, 28) RHO(9, D4, 20) RHO(10, D0, 3) RHO(16, D1, 45) RHO(22, D2, 61)             \
    XOR(D0, 0, 0) RHO(6, D1, 44) RHO(12, D2, 43) RHO(18, D3, 21) RHO(24, D4, 14)             \
    CHI(2, 8, 14, 15, 21) CHI(4, 5, 11, 17, 23) CHI(1, 7, 13, 19, 20) CHI(3, 9, 10, 16, 22)   \
    CHI(0, 6, 12, 18, 24)

// iota on lane (0, 0): the round constant broadcast from memory.
#define IOTA "vpxorq (%[rc])%{1to2%}, %%xmm0, %%xmm0\n\t"

// Back to lane (x, y) in register x + 5y: each new lane is still in the
// register of the old lane pi moved to it; the moves go around pi's one
// cycle of 24 lanes through the spare register 27 and cost no execution
// unit.
#define RENAME                                                                                 \
    MOVE(1, 27) MOVE(6, 1) MOVE(9, 6) MOVE(22, 9) MOVE(14, 22) MOVE(20, 14) MOVE(2, 20)        \
    MOVE(12, 2) MOVE(13, 12) MOVE(19, 13) MOVE(23, 19) MOVE(15, 23) MOVE(4, 15) MOVE(24, 4)    \
    MOVE(21, 24) MOVE(8, 21) MOVE(16, 8) MOVE(5, 16) MOVE(3, 5) MOVE(18, 3) MOVE(17, 18)       \
    MOVE(11, 17) MOVE(7, 11) MOVE(10, 7) MOVE(27, 10)

#define LOAD(i) "vmovq " #i "*8(%[a]), %%xmm" #i "\n\t"
#define STORE(i) "vmovq %%xmm" #i ", " #i "*8(%[a])\n\t"
#define EACH_LANE(op)                                                                          \
    op(0) op(1) op(2) op(3) op(4) op(5) op(6) op(7) op(8) op(9) op(10) op(11) op(12) op(13)    \
    op(14) op(15) op(16) op(17) op(18) op(19) op(20) op(21) op(22) op(23) op(24)
#define EACH_LANE_AFTER_0(op)                                                                  \
    op(1) op(2) op(3) op(4) op(5) op(6) op(7) op(8) op(9) op(10) op(11) op(12) op(13) op(14)   \
    op(15) op(16) op(17) op(18) op(19) op(20) op(21) op(22) op(23) op(24)

// The first rate / 8 lanes of a block, read straight from the message (a
// broadcast load of exactly 8 bytes a lane) or written straight to SHAKE's
// output (x86 is little-endian: a block's bytes are the lanes'); label 2
// follows the last lane of the rate.
#define ABSORB_FIRST "vpxorq (%[p])%{1to2%}, %%xmm0, %%xmm0\n\t"
#define ABSORB(i)                                                                              \
    "cmp $" #i ", %[words]\n\t"                                                                \
    "jbe 2f\n\t"                                                                               \
    "vpxorq " #i "*8(%[p])%{1to2%}, %%xmm" #i ", %%xmm" #i "\n\t"
#define SQUEEZE_FIRST "vmovq %%xmm0, (%[p])\n\t"
#define SQUEEZE(i)                                                                             \
    "cmp $" #i ", %[words]\n\t"                                                                \
    "jbe 2f\n\t"                                                                               \
    "vmovq %%xmm" #i ", " #i "*8(%[p])\n\t"

// The 24 rounds, the round constants from the start of td_keccak_rc.
#define PERMUTE                                                                                \
    "mov %[rc_table], %[rc]\n\t"                                                               \
    "mov $24, %k[rounds]\n\t"                                                                  \
    ".p2align 5\n"                                                                             \
    "1:\n\t"                                                                                   \
    THETA ROWS IOTA RENAME                                                                     \
    "add $8, %[rc]\n\t"                                                                        \
    "dec %k[rounds]\n\t"                                                                       \
    "jnz 1b\n\t"

// The loop over blocks: the state loaded once, BLOCK for each block of rate
// bytes at %[p], the state stored back.
#define BLOCKS(BLOCK)                                                                          \
    EACH_LANE(LOAD)                                                                            \
    "3:\n\t"                                                                                   \
    BLOCK                                                                                      \
    "add %[rate], %[p]\n\t"                                                                    \
    "dec %[nblocks]\n\t"                                                                       \
    "jnz 3b\n\t"                                                                               \
    EACH_LANE(STORE)

// Both functions' operands, ptr the block pointer (%[p]) that moves.
#define OPERANDS(ptr)                                                                          \
    : [p] "+r"(ptr), [nblocks] "+r"(nblocks), [rc] "=&r"(rc), [rounds] "=&r"(rounds)           \
    : [a] "r"(state->a), [rate] "r"(rate), [words] "r"(rate / 8), [rc_table] "r"(td_keccak_rc) \
    : "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",  \
      "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16", "xmm17", "xmm18", \
      "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", "xmm26", "xmm27",         \
      "xmm28", "xmm29", "xmm30", "xmm31"

// Each function is one asm statement, so that nothing the compiler does
// comes between two rounds or two blocks (the state stays in registers
// throughout): its text is longer than the 4095 characters ISO C promises a
// string literal.
#pragma GCC diagnostic ignored "-Woverlength-strings"

void td_sha3_blocks_avx512_regs(td_sha3_state *state, const uint8_t *data, size_t nblocks,
                                size_t rate)
{
    const uint64_t *rc;
    unsigned rounds;
    __asm__ volatile(BLOCKS(ABSORB_FIRST EACH_LANE_AFTER_0(ABSORB) "2:\n\t" PERMUTE)
                     OPERANDS(data));
}

void td_sha3_squeeze_avx512_regs(td_sha3_state *state, uint8_t *out, size_t nblocks, size_t rate)
{
    const uint64_t *rc;
    unsigned rounds;
    __asm__ volatile(BLOCKS(PERMUTE SQUEEZE_FIRST EACH_LANE_AFTER_0(SQUEEZE) "2:\n\t")
                     OPERANDS(out));
}

#else
// 32-bit x86 has 8 vector registers; the row is left out there (backends.def).
typedef int td_sha3_avx512_regs_needs_x86_64;
#endif
