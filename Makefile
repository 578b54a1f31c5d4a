# Thin driver over CMake. `make run`: build, then a short tdbench table of
# every backend beside OpenSSL. `make test`: build and run every test.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all build run test test-sanitize test-valgrind test-tsan test-cross test-windows fuzz lint bench plot install clean

all: build

# Configure every time (quick when nothing changed), so that CMAKE_FLAGS
# given to a later make applies too.
build:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/tools/tdbench/tdbench --quick

# The suite on the release build, then under valgrind's memcheck, then the
# whole of it again under AddressSanitizer and UndefinedBehaviorSanitizer,
# the threads test under ThreadSanitizer, then on every architecture
# that can be emulated here, then the Windows build under Wine (those whose
# tools are missing are named), then every fuzz target for a minute in the
# clang build, then clang-tidy and cppcheck.
test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)
	$(MAKE) test-valgrind
	$(MAKE) test-sanitize
	$(MAKE) test-tsan
	$(MAKE) test-cross
	$(MAKE) test-windows
	$(MAKE) fuzz
	$(MAKE) lint

test-sanitize:
	cmake -S . -B $(BUILD)-sanitize -DCMAKE_BUILD_TYPE=Debug -DTD_SANITIZE=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD)-sanitize -j $(JOBS)
	ctest --test-dir $(BUILD)-sanitize --output-on-failure -j $(JOBS)

# The release build's programs under valgrind's memcheck (errors fail the
# test), left out: the slow ones, the tools' tests, which are shell scripts
# and CMake runs, and the Python suite (valgrind would check the interpreter;
# the module runs under ASan in test-sanitize). valgrind shows the program
# neither AVX-512 nor SHA-NI, so this also checks that detection trusts CPUID
# and XGETBV.
# TD_TEST_SHORT=1 and TD_DIFF_MESSAGES=50 shorten the longest tests.
VALGRIND_OPTIONS ?= --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite
test-valgrind: build
	@command -v valgrind >/dev/null || { echo "test-valgrind: valgrind not found (Debian: apt-get install valgrind)"; exit 1; }
	TD_TEST_SHORT=1 TD_DIFF_MESSAGES=50 ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) \
	  -T memcheck --overwrite MemoryCheckCommand=$$(command -v valgrind) \
	  --overwrite "MemoryCheckCommandOptions=$(VALGRIND_OPTIONS)" \
	  -LE 'slow|tools|python' -E '^install_consumer$$'

# Threads that make their first calls at once, then hash side by side
# (tests/test_threads.c), built with ThreadSanitizer: a data race fails it.
test-tsan:
	cmake -S . -B $(BUILD)-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTD_TSAN=ON \
	  -DTD_BUILD_TOOLS=OFF $(CMAKE_FLAGS)
	cmake --build $(BUILD)-tsan -j $(JOBS) --target test_threads
	TD_TEST_SHORT=1 ctest --test-dir $(BUILD)-tsan --output-on-failure -R '^test_threads$$'

# AArch64 under qemu (-cpu max, cortex-a57, no crypto), s390x, armhf, i686.
test-cross:
	CMAKE_FLAGS="$(CMAKE_FLAGS)" JOBS=$(JOBS) TD_CROSS_BUILD=$(BUILD)-cross scripts/cross-test.sh

# x86-64 Windows with MinGW-w64, its suite under Wine; AArch64 Windows
# compiled with clang. The native tdsum is there to compare CPU detection.
test-windows: build
	CMAKE_FLAGS="$(CMAKE_FLAGS)" JOBS=$(JOBS) TD_WINDOWS_BUILD=$(BUILD)-windows \
	  TD_NATIVE_TDSUM=$(BUILD)/tools/tdsum/tdsum scripts/windows-test.sh

# The libFuzzer targets of tests/fuzz, built with clang under AddressSanitizer
# and UndefinedBehaviorSanitizer (with everything else: the clang build of
# the whole tree), each run for FUZZ_SECONDS, FUZZ_JOBS at a time
# (scripts/fuzz.sh). `make fuzz FUZZ_SECONDS=3600` for a long run.
CLANG ?= clang
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= 2
fuzz:
	cmake -S . -B $(BUILD)-fuzz -DCMAKE_C_COMPILER=$(CLANG) -DCMAKE_BUILD_TYPE=Debug \
	  "-DCMAKE_C_FLAGS_DEBUG=-g -O1" -DTD_SANITIZE=ON -DTD_FUZZ=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD)-fuzz -j $(JOBS)
	FUZZ_ARGS="$(FUZZ_ARGS)" scripts/fuzz.sh $(BUILD)-fuzz $(FUZZ_SECONDS) $(FUZZ_JOBS)

# clang-tidy (checks in .clang-tidy) and cppcheck on src/ and tools/, from the
# compile database of a clang configuration; nothing is built (scripts/lint.sh).
lint:
	cmake -S . -B $(BUILD)-lint -DCMAKE_C_COMPILER=$(CLANG) -DCMAKE_BUILD_TYPE=Debug \
	  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON $(CMAKE_FLAGS)
	scripts/lint.sh $(BUILD)-lint $(JOBS)

bench: build
	$(BUILD)/tools/tdbench/tdbench

# MB/s against message size for every backend and OpenSSL: docs/tdbench.svg.
plot: build
	$(BUILD)/tools/tdbench/tdbench -a md5,sha1,sha256,sha512 -p single,multi --sizes 16,64,256,1K,4K,16K,64K,1M --rounds 5 --svg docs/tdbench.svg

install: build
	cmake --install $(BUILD)

clean:
	rm -rf $(BUILD) $(BUILD)-sanitize $(BUILD)-tsan $(BUILD)-cross $(BUILD)-windows $(BUILD)-windows-arm64 $(BUILD)-fuzz $(BUILD)-lint
