# AArch64 instruction-set objects: one td_add_isa() per instruction set, each
# with a probe that the compiler must build before its backends are compiled
# in. Its files, and the CPU bits each backend needs at run time
# (TD_CPU_ARM_SHA1/SHA2/SHA512/SHA3, from src/cpu_arm.c), are in the backend's
# line of src/backends/backends.def.
#
# Flags: GCC 12 puts the SHA-1/SHA-256 intrinsics behind "+crypto" (AES and
# SHA2 together: "+sha2" alone fails with "target specific option mismatch")
# and the SHA-512 and SHA-3 ones behind "arch=armv8.2-a+sha3"; Clang takes
# "+sha2" and "+sha3". The first candidate that builds the probe wins; set
# TD_ARMV8_FLAGS, TD_ARMV8_SHA512_FLAGS or TD_ARMV8_SHA3_FLAGS to choose
# yourself. MSVC needs no flags. Only the backend files get them: the rest
# of the library stays at the baseline.
# Probes have no semicolons: td_add_isa's argument parsing would split on them.

set(TD_ARMV8_FLAGS "" CACHE STRING
  "Flags for the ARMv8 SHA1/SHA2 backend files (empty: the first that works)")
set(TD_ARMV8_SHA512_FLAGS "" CACHE STRING
  "Flags for the ARMv8.2 SHA512 backend file (empty: the first that works)")
set(TD_ARMV8_SHA3_FLAGS "" CACHE STRING
  "Flags for the ARMv8.2 SHA3 (Keccak) backend file (empty: the first that works)")
option(TD_ARMV8_SHA512_ASM
  "Use inline assembly for the SHA512 instructions even where the compiler has the intrinsics" OFF)

# Probes: semicolon-free, since td_add_isa's argument parsing would split on
# a semicolon. Each also refuses big-endian AArch64: the backends load words
# with vrev32q_u8/vrev64q_u8 and assume little-endian lane order, as on every
# AArch64 OS that ships today.
set(td_armv8_probe "#if defined(__AARCH64EB__)
#error big-endian AArch64
#endif
#include <arm_neon.h>
int main(void) { if (vgetq_lane_u32(vsha256hq_u32(vdupq_n_u32(0), vdupq_n_u32(0), vdupq_n_u32(0)), 0) + vgetq_lane_u32(vsha1cq_u32(vdupq_n_u32(0), 0u, vdupq_n_u32(0)), 0)) {} }")

set(td_sha512_probe "#if defined(__AARCH64EB__)
#error big-endian AArch64
#endif
#include <arm_neon.h>
int main(void) { if (vgetq_lane_u64(vsha512hq_u64(vsha512su1q_u64(vsha512su0q_u64(vdupq_n_u64(0), vdupq_n_u64(1)), vdupq_n_u64(2), vdupq_n_u64(3)), vdupq_n_u64(4), vsha512h2q_u64(vdupq_n_u64(5), vdupq_n_u64(6), vdupq_n_u64(7))), 0)) {} }")

set(td_sha3_probe "#if defined(__AARCH64EB__)
#error big-endian AArch64
#endif
#include <arm_neon.h>
int main(void) { if (vgetq_lane_u64(vbcaxq_u64(veor3q_u64(vdupq_n_u64(0), vdupq_n_u64(1), vdupq_n_u64(2)), vrax1q_u64(vdupq_n_u64(3), vdupq_n_u64(4)), vxarq_u64(vdupq_n_u64(5), vdupq_n_u64(6), 7)), 0)) {} }")

# The inline-assembly fallback: the assembler must know the instruction.
# It needs semicolons, so it is only ever passed to check_c_source_compiles,
# quoted, never through td_add_isa.
set(td_sha512_asm_probe "#if defined(__AARCH64EB__)
#error big-endian AArch64
#endif
#include <arm_neon.h>
int main(void) { uint64x2_t z = vdupq_n_u64(1);
  __asm__(\"sha512h %q0, %q1, %2.2d\" : \"+w\"(z) : \"w\"(z), \"w\"(z));
  return (int)vgetq_lane_u64(z, 0); }")

# Sets out to the first flag set in the list (each a comma-separated string)
# that builds the probe, or to NOTFOUND. Each candidate is cached by name.
function(td_arm_pick_flags out probe_var)
  foreach(candidate IN LISTS ARGN)
    string(MAKE_C_IDENTIFIER "TD_ARM_${probe_var}_${candidate}" result_var)
    string(REPLACE "," ";" flags "${candidate}")
    string(REPLACE ";" " " CMAKE_REQUIRED_FLAGS "${flags}")
    check_c_source_compiles("${${probe_var}}" ${result_var})
    if(${result_var})
      set(${out} "${flags}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} "NOTFOUND" PARENT_SCOPE)
endfunction()

if(MSVC)
  set(td_armv8_candidates ",")
  set(td_sha512_candidates ",")
  set(td_sha3_candidates ",")
else()
  set(td_armv8_candidates "-march=armv8-a+sha2" "-march=armv8-a+crypto")
  set(td_sha512_candidates "-march=armv8.2-a+sha3" "-march=armv8.2-a+crypto+sha3")
  set(td_sha3_candidates "-march=armv8.2-a+sha3" "-march=armv8.2-a+crypto+sha3")
endif()

# SHA-1 and SHA-224/256: "armv8".
if(TD_ARMV8_FLAGS)
  set(td_armv8_candidates "${TD_ARMV8_FLAGS}")
  string(REPLACE ";" "," td_armv8_candidates "${td_armv8_candidates}")
endif()
td_arm_pick_flags(td_armv8_flags td_armv8_probe ${td_armv8_candidates})
if(td_armv8_flags STREQUAL "NOTFOUND")
  message(STATUS "turbodigest: no ARMv8 SHA1/SHA2 intrinsics with this compiler: "
    "armv8 backend left out")
else()
  message(STATUS "turbodigest: armv8 backend flags: ${td_armv8_flags}")
  td_add_isa(armv8
    FLAGS ${td_armv8_flags}
    PROBE "${td_armv8_probe}")
endif()

# SHA-384/512 and SHA-512/t: "armv8-sha512". Intrinsics first; where the
# compiler lacks them but its assembler knows the instructions, the same
# file with TD_SHA512_INLINE_ASM.
if(TD_ARMV8_SHA512_FLAGS)
  set(td_sha512_candidates "${TD_ARMV8_SHA512_FLAGS}")
  string(REPLACE ";" "," td_sha512_candidates "${td_sha512_candidates}")
endif()
set(td_sha512_asm OFF)
if(TD_ARMV8_SHA512_ASM)
  set(td_sha512_flags "NOTFOUND")
else()
  td_arm_pick_flags(td_sha512_flags td_sha512_probe ${td_sha512_candidates})
endif()
if(td_sha512_flags STREQUAL "NOTFOUND" AND NOT MSVC)
  td_arm_pick_flags(td_sha512_flags td_sha512_asm_probe ${td_sha512_candidates})
  if(NOT td_sha512_flags STREQUAL "NOTFOUND")
    set(td_sha512_asm ON)
  endif()
endif()
if(td_sha512_flags STREQUAL "NOTFOUND")
  message(STATUS "turbodigest: no ARMv8.2 SHA512 instructions with this compiler: "
    "armv8-sha512 backend left out")
else()
  message(STATUS "turbodigest: armv8-sha512 backend flags: ${td_sha512_flags} "
    "(inline assembly: ${td_sha512_asm})")
  if(td_sha512_asm)
    set(td_sha512_isa_probe "int main(void) { }") # checked above, directly
  else()
    set(td_sha512_isa_probe "${td_sha512_probe}")
  endif()
  td_add_isa(armv8_sha512
    FLAGS ${td_sha512_flags}
    PROBE "${td_sha512_isa_probe}")
  if(td_sha512_asm)
    target_compile_definitions(td_isa_armv8_sha512 PRIVATE TD_SHA512_INLINE_ASM=1)
  endif()
endif()

# Keccak-f[1600] (SHA-3, SHAKE): "armv8-sha3", intrinsics only (GCC 8+,
# Clang 7+).
if(TD_ARMV8_SHA3_FLAGS)
  set(td_sha3_candidates "${TD_ARMV8_SHA3_FLAGS}")
  string(REPLACE ";" "," td_sha3_candidates "${td_sha3_candidates}")
endif()
td_arm_pick_flags(td_sha3_flags td_sha3_probe ${td_sha3_candidates})
if(td_sha3_flags STREQUAL "NOTFOUND")
  message(STATUS "turbodigest: no ARMv8.2 SHA3 intrinsics with this compiler: "
    "armv8-sha3 backend left out")
else()
  message(STATUS "turbodigest: armv8-sha3 backend flags: ${td_sha3_flags}")
  td_add_isa(armv8_sha3
    FLAGS ${td_sha3_flags}
    PROBE "${td_sha3_probe}")
endif()
