# Installs the build into a scratch prefix, then builds examples/consumer
# against it twice, through find_package() and through pkg-config, and checks
# what each program prints. Run by CTest as `cmake -P`.
set(prefix ${BUILD_DIR}/install-check/prefix)
set(work ${BUILD_DIR}/install-check)
file(REMOVE_RECURSE ${work})

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

# sha256("abc"), FIPS 180-4's example.
set(expected "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\n")

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/consumer -B ${work}/cmake
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_C_COMPILER=${C_COMPILER})
run(${CMAKE_COMMAND} --build ${work}/cmake)
run(${work}/cmake/consumer abc)
if(NOT run_output STREQUAL expected)
  message(FATAL_ERROR "find_package consumer printed '${run_output}'")
endif()

find_program(PKG_CONFIG pkg-config)
if(NOT PKG_CONFIG)
  message(FATAL_ERROR "pkg-config not found: it is needed to check turbodigest.pc")
endif()
file(GLOB_RECURSE pc_file ${prefix}/*/turbodigest.pc)
get_filename_component(pc_dir "${pc_file}" DIRECTORY)
set(ENV{PKG_CONFIG_PATH} ${pc_dir})
run(${PKG_CONFIG} --cflags --libs turbodigest)
string(STRIP "${run_output}" flags)
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${C_COMPILER} ${SOURCE_DIR}/examples/consumer/main.c ${flags} -o ${work}/consumer-pc)
# The shared library is found through the rpath-free prefix: point the loader at it.
list(FILTER flags INCLUDE REGEX "^-L")
string(REPLACE "-L" "" libdir "${flags}")
set(ENV{LD_LIBRARY_PATH} ${libdir})
run(${work}/consumer-pc abc)
if(NOT run_output STREQUAL expected)
  message(FATAL_ERROR "pkg-config consumer printed '${run_output}'")
endif()
message(STATUS "install check passed: find_package and pkg-config consumers agree")
