# x86 instruction-set objects: one td_add_isa() per instruction set, each with
# a probe that the compiler must build before the backend is compiled in.
# The CPU bits a backend needs at run time are in its row in src/dispatch.c.

# SHA-1 and SHA-224/256 with the SHA extensions (also in 32-bit mode). The
# probe has no semicolon: td_add_isa's argument parsing would split on it.
td_add_isa(sha_ni
  FLAGS -msse4.1 -mssse3 -msha
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm_sha256rnds2_epu32(_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()))) {} }"
  SOURCES src/backends/sha256_shani.c src/backends/sha1_shani.c)

# SHA-384/512: scalar RORX rounds, the schedule of two blocks in YMM registers.
td_add_isa(sha512_avx2
  FLAGS -mavx2 -mbmi2 -mbmi
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm256_castsi256_si128(_mm256_alignr_epi8(_mm256_setzero_si256(), _mm256_setzero_si256(), 8))) + (int)_bzhi_u32(1u, 1u) + (int)_andn_u32(1u, 1u)) {} }"
  SOURCES src/backends/sha512_avx2.c)

# The same with the schedule's rotates and three-input XORs in AVX-512VL.
td_add_isa(sha512_avx512
  FLAGS -mavx512f -mavx512vl -mavx2 -mbmi2 -mbmi
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm256_castsi256_si128(_mm256_ternarylogic_epi64(_mm256_ror_epi64(_mm256_setzero_si256(), 1), _mm256_setzero_si256(), _mm256_setzero_si256(), 0x96))) + (int)_bzhi_u32(1u, 1u) + (int)_andn_u32(1u, 1u)) {} }"
  SOURCES src/backends/sha512_avx512.c)

# MD5, one message in XMM registers: VPTERNLOGD round functions, VPROLD.
td_add_isa(md5_avx512
  FLAGS -mavx512f -mavx512vl
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm_add_epi32(_mm_rol_epi32(_mm_ternarylogic_epi32(_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128(), 0xca), 7), _mm_loadu_si32(\"abcd\")))) {} }"
  SOURCES src/backends/md5_avx512.c)

# SHA-1 and SHA-224/256 without the SHA extensions: scalar RORX rounds, the
# schedule of two blocks in YMM registers (one per 128-bit half).
td_add_isa(sha256_avx2
  FLAGS -mavx2 -mbmi -mbmi2
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm256_castsi256_si128(_mm256_alignr_epi8(_mm256_setzero_si256(), _mm256_setzero_si256(), 4))) + (int)_bzhi_u32(1u, 1u)) {} }"
  SOURCES src/backends/sha256_avx2.c)
td_add_isa(sha1_avx2
  FLAGS -mavx2 -mbmi -mbmi2
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm256_castsi256_si128(_mm256_alignr_epi8(_mm256_setzero_si256(), _mm256_setzero_si256(), 8))) + (int)_bzhi_u32(1u, 1u)) {} }"
  SOURCES src/backends/sha1_avx2.c)

# The same for older CPUs: the schedule of one block in XMM registers.
td_add_isa(sha256_ssse3
  FLAGS -mssse3
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm_alignr_epi8(_mm_setzero_si128(), _mm_setzero_si128(), 4))) {} }"
  SOURCES src/backends/sha256_ssse3.c)
td_add_isa(sha1_ssse3
  FLAGS -mssse3
  PROBE "#include <immintrin.h>
int main(void) { if (_mm_cvtsi128_si32(_mm_alignr_epi8(_mm_setzero_si128(), _mm_setzero_si128(), 8))) {} }"
  SOURCES src/backends/sha1_ssse3.c)
