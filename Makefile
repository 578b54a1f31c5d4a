# Thin driver over CMake. `make run`: build, then a short tdbench table of
# every backend beside OpenSSL. `make test`: build and run every test.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all build run test test-sanitize test-cross bench plot install clean

all: build

# Configure every time (quick when nothing changed), so that CMAKE_FLAGS
# given to a later make applies too.
build:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/tools/tdbench/tdbench --quick

# The suite on the release build, then the whole of it again under
# AddressSanitizer and UndefinedBehaviorSanitizer, then on every architecture
# that can be emulated here (those whose tools are missing are named).
test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)
	$(MAKE) test-sanitize
	$(MAKE) test-cross

test-sanitize:
	cmake -S . -B $(BUILD)-sanitize -DCMAKE_BUILD_TYPE=Debug -DTD_SANITIZE=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD)-sanitize -j $(JOBS)
	ctest --test-dir $(BUILD)-sanitize --output-on-failure -j $(JOBS)

# AArch64 under qemu (-cpu max, cortex-a57, no crypto), s390x, armhf, i686.
test-cross:
	CMAKE_FLAGS="$(CMAKE_FLAGS)" JOBS=$(JOBS) TD_CROSS_BUILD=$(BUILD)-cross scripts/cross-test.sh

bench: build
	$(BUILD)/tools/tdbench/tdbench

# MB/s against message size for every backend and OpenSSL: docs/tdbench.svg.
plot: build
	$(BUILD)/tools/tdbench/tdbench -a md5,sha1,sha256,sha512 -p single,multi --sizes 16,64,256,1K,4K,16K,64K,1M --rounds 5 --svg docs/tdbench.svg

install: build
	cmake --install $(BUILD)

clean:
	rm -rf $(BUILD) $(BUILD)-sanitize $(BUILD)-cross
