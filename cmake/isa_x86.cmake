# x86 instruction-set objects: one td_add_isa() per instruction set, each with
# a probe that the compiler must build before its backends are compiled in.
# Its files, and the CPU bits each backend needs at run time, are in the
# backend's line of src/backends/backends.def; SOURCES adds other files.

# SHA-1 and SHA-224/256 with the SHA extensions (also in 32-bit mode). The
# probe has no semicolon: td_add_isa's argument parsing would split on it.
td_add_isa(sha_ni
  FLAGS -msse4.1 -mssse3 -msha
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm_sha256rnds2_epu32(_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()))) {} }")

# The SHA-1 and SHA-256 SHA-NI streams again with AVX-512VL: 32 vector
# registers.
td_add_isa(sha_ni_avx512
  FLAGS -msse4.1 -mssse3 -msha -mavx512f -mavx512vl
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm_ternarylogic_epi32(_mm_sha256rnds2_epu32(_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()), _mm_setzero_si128(), _mm_setzero_si128(), 0x96))) {} }")

# SHA-384/512: scalar RORX rounds, the schedule of two blocks in YMM registers.
td_add_isa(sha512_avx2
  FLAGS -mavx2 -mbmi2 -mbmi
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm256_castsi256_si128(_mm256_alignr_epi8(_mm256_setzero_si256(), _mm256_setzero_si256(), 8))) + (int)_bzhi_u32(1u, 1u) + (int)_andn_u32(1u, 1u)) {} }")

# The same schedule with AVX-512VL rotates and three-input XORs: beside each
# round split between XMM and scalar registers (sha512_avx512.c), and beside
# all-scalar rounds (sha512_avx512_scalar.c).
td_add_isa(sha512_avx512
  FLAGS -mavx512f -mavx512vl -mavx2 -mbmi2 -mbmi
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm256_castsi256_si128(_mm256_ternarylogic_epi64(_mm256_ror_epi64(_mm256_setzero_si256(), 1), _mm256_setzero_si256(), _mm256_setzero_si256(), 0x96))) + (int)_bzhi_u32(1u, 1u) + (int)_andn_u32(1u, 1u)) {} }")

# MD5, one message in XMM registers: VPTERNLOGD round functions, VPROLD.
td_add_isa(md5_avx512
  FLAGS -mavx512f -mavx512vl
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm_add_epi32(_mm_rol_epi32(_mm_ternarylogic_epi32(_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128(), 0xca), 7), _mm_loadu_si32(\"abcd\")))) {} }")

# MD5 on the many path, 16 messages in the 32-bit elements of ZMM registers
# (VPTERNLOGD round functions, VPROLD).
td_add_isa(md5_avx512_x16
  FLAGS -mavx512f
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm512_castsi512_si128(_mm512_shuffle_i32x4(_mm512_rol_epi32(_mm512_ternarylogic_epi32(_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), 0xca), 7), _mm512_unpacklo_epi32(_mm512_setzero_si512(), _mm512_setzero_si512()), 0x44)))) {} }")

# The same with 8 messages in YMM registers for CPUs with AVX2 only.
td_add_isa(md5_avx2_x8
  FLAGS -mavx2
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm256_castsi256_si128(_mm256_inserti128_si256(_mm256_unpacklo_epi64(_mm256_andnot_si256(_mm256_setzero_si256(), _mm256_slli_epi32(_mm256_setzero_si256(), 7)), _mm256_setzero_si256()), _mm_setzero_si128(), 1)))) {} }")

# SHA-1 on the many path, 16 messages in the 32-bit elements of ZMM registers
# (VPTERNLOGD, VPROLD, VPSHUFB).
td_add_isa(sha1_avx512_x16
  FLAGS -mavx512f -mavx512bw
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm512_castsi512_si128(_mm512_shuffle_epi8(_mm512_shuffle_i32x4(_mm512_rol_epi32(_mm512_ternarylogic_epi32(_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), 0x96), 5), _mm512_unpacklo_epi32(_mm512_setzero_si512(), _mm512_setzero_si512()), 0x44), _mm512_setzero_si512())))) {} }")

# SHA-1 and SHA-224/256 without the SHA extensions: scalar RORX rounds, the
# schedule of two blocks in YMM registers (one per 128-bit half).
td_add_isa(sha256_avx2
  FLAGS -mavx2 -mbmi -mbmi2
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm256_castsi256_si128(_mm256_alignr_epi8(_mm256_setzero_si256(), _mm256_setzero_si256(), 4))) + (int)_bzhi_u32(1u, 1u)) {} }")
td_add_isa(sha1_avx2
  # -mtune=skylake: GCC 12's Skylake instruction scheduling orders the rounds
  # ~5% faster than -mtune=generic (16 KiB: 0.965x -> 1.01x OpenSSL, Sapphire
  # Rapids); Skylake is also the typical CPU this backend runs on.
  FLAGS -mavx2 -mbmi -mbmi2 -mtune=skylake
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm256_castsi256_si128(_mm256_alignr_epi8(_mm256_setzero_si256(), _mm256_setzero_si256(), 8))) + (int)_bzhi_u32(1u, 1u)) {} }")

# PBKDF2's chain with one byte shuffle turning each state into the next
# block (src/pbkdf2.c takes it where the CPU has SSSE3).
td_add_isa(pbkdf2_ssse3
  FLAGS -mssse3
  PROBE "#include <tmmintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm_shuffle_epi8(_mm_setzero_si128(), _mm_setzero_si128()))) {} }"
  SOURCES src/pbkdf2_ssse3.c)

# The same for older CPUs: the schedule of one block in XMM registers.
td_add_isa(sha256_ssse3
  FLAGS -mssse3
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm_alignr_epi8(_mm_setzero_si128(), _mm_setzero_si128(), 4))) {} }")
td_add_isa(sha1_ssse3
  FLAGS -mssse3
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm_alignr_epi8(_mm_setzero_si128(), _mm_setzero_si128(), 8))) {} }")

# SHA-224/256 on the many path, 16 messages in the 32-bit elements of ZMM
# registers (VPROLD, VPTERNLOGD), or 8 in YMM registers.
td_add_isa(sha256_avx512_x16
  FLAGS -mavx512f -mavx512bw -mavx512vl
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm512_castsi512_si128(_mm512_shuffle_epi8(_mm512_ternarylogic_epi32(_mm512_ror_epi32(_mm512_setzero_si512(), 7), _mm512_setzero_si512(), _mm512_setzero_si512(), 0x96), _mm512_setzero_si512())))) {} }")

# The same 8 messages at a time in YMM registers, for CPUs without AVX-512.
td_add_isa(sha256_avx2_x8
  FLAGS -mavx2
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm256_castsi256_si128(_mm256_shuffle_epi8(_mm256_permute2x128_si256(_mm256_slli_epi32(_mm256_setzero_si256(), 7), _mm256_setzero_si256(), 0x20), _mm256_setzero_si256())))) {} }")

# SHA-384/512 on the many path, 8 messages in the 64-bit elements of ZMM
# registers (VPRORQ, VPTERNLOGQ, VPSHUFB), or 4 in YMM registers.
td_add_isa(sha512_avx512_x8
  FLAGS -mavx512f -mavx512bw -mavx512vl
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm512_castsi512_si128(_mm512_shuffle_epi8(_mm512_shuffle_i64x2(_mm512_ternarylogic_epi64(_mm512_ror_epi64(_mm512_setzero_si512(), 7), _mm512_setzero_si512(), _mm512_setzero_si512(), 0x96), _mm512_unpacklo_epi64(_mm512_setzero_si512(), _mm512_setzero_si512()), 0x88), _mm512_setzero_si512()))) + _mm256_extract_epi32(_mm256_ror_epi64(_mm256_setzero_si256(), 1), 0)) {} }")

# The same 4 messages at a time in YMM registers, for CPUs without AVX-512.
td_add_isa(sha512_avx2_x4
  FLAGS -mavx2
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm256_castsi256_si128(_mm256_shuffle_epi8(_mm256_permute2x128_si256(_mm256_slli_epi64(_mm256_unpacklo_epi64(_mm256_setzero_si256(), _mm256_setzero_si256()), 7), _mm256_setzero_si256(), 0x20), _mm256_setzero_si256())))) {} }")

# Keccak-f[1600] on the many path, 8 states in the 64-bit elements of 25 ZMM
# registers (VPTERNLOGQ, VPROLQ, masked loads, 64-bit chunk shuffles), or 4
# in YMM registers.
td_add_isa(sha3_avx512_x8
  FLAGS -mavx512f -mavx512vl
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm512_castsi512_si128(_mm512_shuffle_i64x2(_mm512_ternarylogic_epi64(_mm512_rol_epi64(_mm512_setzero_si512(), 7), _mm512_maskz_loadu_epi64(1, (const void *)0), _mm512_unpacklo_epi64(_mm512_setzero_si512(), _mm512_setzero_si512()), 0xd2), _mm512_setzero_si512(), 0x88))) + _mm256_extract_epi32(_mm256_rol_epi64(_mm256_setzero_si256(), 1), 0)) {} }")

# The same 4 states at a time in YMM registers, for CPUs without AVX-512.
td_add_isa(sha3_avx2_x4
  FLAGS -mavx2
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm256_castsi256_si128(_mm256_shuffle_epi8(_mm256_permute2x128_si256(_mm256_andnot_si256(_mm256_slli_epi64(_mm256_setzero_si256(), 7), _mm256_maskload_epi64((const long long *)0, _mm256_setzero_si256())), _mm256_setzero_si256(), 0x20), _mm256_setzero_si256())))) {} }")

# Keccak-f[1600] on one message: the state as seven lines of the 5 x 5 plane
# in YMM registers, with VPTERNLOGQ, VPROLVQ, VALIGNQ and masked blends.
td_add_isa(sha3_avx512
  FLAGS -mavx512f -mavx512vl
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm256_castsi256_si128(_mm256_mask_blend_epi64(5, _mm256_alignr_epi64(_mm256_rolv_epi64(_mm256_ternarylogic_epi64(_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(), 0xd2), _mm256_setzero_si256()), _mm256_setzero_si256(), 1), _mm256_permute4x64_epi64(_mm256_setzero_si256(), 0x39))))) {} }")

# The same seven lines with AVX2 alone (shifts for rotations, VPBLENDD).
td_add_isa(sha3_avx2
  FLAGS -mavx2
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm256_castsi256_si128(_mm256_blend_epi32(_mm256_sllv_epi64(_mm256_andnot_si256(_mm256_setzero_si256(), _mm256_setzero_si256()), _mm256_setzero_si256()), _mm256_permute4x64_epi64(_mm256_setzero_si256(), 0x39), 0xcc)))) {} }")
