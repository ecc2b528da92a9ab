# stencilc build. `make` builds build/stencilc; `make asan` a sanitized copy for the tests.
# libclang from Debian's libclang-dev: the newest /usr/lib/llvm-N that has its C headers.
LLVM_DIR ?= $(patsubst %/include/clang-c/Index.h,%,$(lastword $(sort $(wildcard /usr/lib/llvm-*/include/clang-c/Index.h))))
LLVM_INC := $(LLVM_DIR)/include
LLVM_LIB := $(LLVM_DIR)/lib
# clang's own headers (<stddef.h>, <stdarg.h>, ...): the front end passes this -resource-dir so
# that they are found wherever libclang.so itself was installed.
CLANG_RESOURCE_DIR := $(lastword $(sort $(wildcard $(LLVM_DIR)/lib/clang/*/include)))

CC ?= cc
CFLAGS ?= -O2 -g
CFLAGS += -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wshadow -Isrc -Ibuild/gen -Iruntime -I$(LLVM_INC)
ifneq ($(CLANG_RESOURCE_DIR),)
CFLAGS += -DSTENCILC_CLANG_RESOURCE_DIR='"$(patsubst %/include,%,$(CLANG_RESOURCE_DIR))"'
endif
LDLIBS := -L$(LLVM_LIB) -Wl,-rpath,$(LLVM_LIB) -lclang -lm

SRCS := $(wildcard src/*/*.c)
RUNTIME := $(sort $(wildcard runtime/*.h))
OBJS := $(patsubst src/%.c,build/obj/%.o,$(SRCS)) build/obj/runtime_text.o
ASAN_OBJS := $(patsubst build/obj/%,build/asan/%,$(OBJS))
SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

.PHONY: all asan test clean
all: build/stencilc

build/stencilc: $(OBJS)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

asan: build/asan/stencilc
build/asan/stencilc: $(ASAN_OBJS)
	$(CC) $(CFLAGS) $(SANITIZE) -o $@ $^ $(LDLIBS)

build/obj/%.o: src/%.c $(wildcard src/*/*.h) build/gen/runtime_text.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<
build/asan/%.o: src/%.c $(wildcard src/*/*.h) build/gen/runtime_text.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SANITIZE) -c -o $@ $<
build/obj/runtime_text.o build/asan/runtime_text.o: build/gen/runtime_text.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

# The harness code of generated programs lives in runtime/*.h as real C (compiled and tested on
# its own) and is embedded into stencilc as strings, so there is one copy of it.
build/gen/runtime_text.c build/gen/runtime_text.h &: $(RUNTIME) scripts/embed.sh
	@mkdir -p build/gen
	sh scripts/embed.sh build/gen/runtime_text $(RUNTIME)

test: all asan
	sh tests/run.sh

clean:
	rm -rf build

# ---------------------------------------------------------------------------------------------
# Front-end fuzzing (issues 6 and 11). `make fuzz FUZZ_SECONDS=N FUZZ_JOBS=J` builds
# build/fuzz/fuzz_frontend (clang, libFuzzer + ASan + UBSan over src/frontend, src/ir, src/util)
# and runs it for N seconds in J processes on inputs up to 64 KB, #include resolved from
# tests/fuzz/include and the system's headers. Seeds: examples/*.c, tests/bad/*.c,
# tests/inputs/*.c (when present), tests/fuzz/seeds/*.c and the regressions; new inputs are kept
# in FUZZ_WORK/corpus, crashes under FUZZ_WORK/artifacts/ (save them in tests/fuzz/regressions/);
# FUZZ_WORK defaults to build/fuzz; FUZZ_FLAGS adds libFuzzer options (default -timeout=20). The log of each process is FUZZ_WORK/fuzz-K.log (executions,
# coverage).
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= $(shell nproc)
FUZZ_WORK ?= build/fuzz
FUZZ_FLAGS ?= -timeout=20
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_CFLAGS := -O1 -g -std=c11 -D_POSIX_C_SOURCE=200809L -Isrc -I$(LLVM_INC) $(FUZZ_SAN)
FUZZ_SRCS := $(wildcard src/frontend/*.c src/ir/*.c src/util/*.c)
FUZZ_OBJS := $(patsubst src/%.c,build/fuzz/obj/%.o,$(FUZZ_SRCS))
FUZZ_SEEDS := $(wildcard examples/*.c tests/bad/*.c tests/inputs/*.c tests/fuzz/seeds/*.c)

# The seeds copied into folder $(1), each named after its folder too (examples-j2d5pt.c).
fuzz_copy_seeds = for f in $(FUZZ_SEEDS); do cp "$$f" $(1)/$$(basename $$(dirname $$f))-$$(basename $$f); done

.PHONY: fuzz fuzz-build fuzz-bundle fuzz-bundle-dir
fuzz-build: build/fuzz/fuzz_frontend
build/fuzz/obj/%.o: src/%.c $(wildcard src/*/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<
build/fuzz/fuzz_frontend: tests/fuzz/fuzz_frontend.c $(FUZZ_OBJS)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -DFUZZ_INCLUDE_DIR='"$(CURDIR)/tests/fuzz/include"' -fsanitize=fuzzer \
	  -o $@ $^ -L$(LLVM_LIB) -Wl,-rpath,$(LLVM_LIB) -lclang -lm
# stdin is /dev/null: an input that reads it gets end of file, not a wait.
fuzz: build/fuzz/fuzz_frontend
	@mkdir -p $(FUZZ_WORK)/corpus $(FUZZ_WORK)/artifacts $(FUZZ_WORK)/seeds
	$(call fuzz_copy_seeds,$(FUZZ_WORK)/seeds)
	cd $(FUZZ_WORK) && $(CURDIR)/build/fuzz/fuzz_frontend -jobs=$(FUZZ_JOBS) -workers=$(FUZZ_JOBS) \
	  -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -rss_limit_mb=4096 $(FUZZ_FLAGS) \
	  -close_fd_mask=2 -dict=$(CURDIR)/tests/fuzz/stencil.dict -artifact_prefix=artifacts/ \
	  corpus seeds $(CURDIR)/tests/fuzz/regressions </dev/null

# `make fuzz-bundle` packs the fuzzer for a campaign on another Linux x86_64 machine (glibc >= 2.36)
# that has no clang or LLVM: build/fuzz-bundle.tar.xz holds the fuzzer (linked with rpath
# $ORIGIN/lib; built with FUZZ_BUNDLE, it finds tests/fuzz/include and clang's headers beside
# itself), the shared libraries it loads but glibc's, clang's headers, the corpus headers, the
# seeds, the regressions, the dictionary and run-campaign.sh. There:
#   tar -xJf fuzz-bundle.tar.xz && fuzz-bundle/run-campaign.sh JOBS SECONDS [OUTDIR]
# (tests/fuzz/README.md).
FUZZ_BUNDLE := build/fuzz-bundle
# `make fuzz-bundle-dir` makes the folder alone (tests/test_fuzz_bundle.sh runs it; no xz of 200 MB).
fuzz-bundle-dir: $(FUZZ_BUNDLE)/fuzz_frontend scripts/fuzz_bundle.sh tests/fuzz/run-campaign.sh
	rm -rf $(FUZZ_BUNDLE)/seeds && mkdir -p $(FUZZ_BUNDLE)/seeds
	$(call fuzz_copy_seeds,$(FUZZ_BUNDLE)/seeds)
	sh scripts/fuzz_bundle.sh $(FUZZ_BUNDLE) $(patsubst %/include,%,$(CLANG_RESOURCE_DIR))
# Under 60 MiB: the bundle travels where a working tree of at most 64 MiB does.
fuzz-bundle: fuzz-bundle-dir
	rm -f $(FUZZ_BUNDLE).tar.xz
	tar -C build -cf - $(notdir $(FUZZ_BUNDLE)) | xz -9 -T2 >$(FUZZ_BUNDLE).tar.xz
	@size=$$(wc -c <$(FUZZ_BUNDLE).tar.xz); echo "$(FUZZ_BUNDLE).tar.xz: $$((size >> 20)) MiB ($$size bytes)"; \
	  [ $$size -lt $$((60 << 20)) ] || { echo "$(FUZZ_BUNDLE).tar.xz is over 60 MiB" >&2; exit 1; }
$(FUZZ_BUNDLE)/fuzz_frontend: tests/fuzz/fuzz_frontend.c $(FUZZ_OBJS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -DFUZZ_BUNDLE \
	  -DFUZZ_BUNDLE_RESOURCE_DIR='"lib/clang/$(notdir $(patsubst %/include,%,$(CLANG_RESOURCE_DIR)))"' \
	  -fsanitize=fuzzer -o $@ $^ -L$(LLVM_LIB) -Wl,--disable-new-dtags,-rpath,'$$ORIGIN/lib' -lclang -lm

# ---------------------------------------------------------------------------------------------
# Random stencil generator for differential testing (issue 6): build/stencilgen.
all: build/stencilgen
build/stencilgen: tools/stencilgen.c
	@mkdir -p build
	$(CC) -O2 -g -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wshadow -o $@ $<

# ---------------------------------------------------------------------------------------------
# Install (issue 10). Generated programs carry their runtime (embedded in stencilc), so the binary
# is all they need; tools/cudaemu (run CUDA programs on the CPU) goes to share/stencilc/cudaemu,
# the man page (its version from src/util/version.h) to share/man/man1, LICENSE and README to share/doc/stencilc.
#   make install PREFIX=/usr/local DESTDIR=   and   make uninstall (the same PREFIX and DESTDIR)
PREFIX ?= /usr/local
VERSION := $(shell sed -n 's/^\#define STENCILC_VERSION "\(.*\)"/\1/p' src/util/version.h)
BINDIR := $(DESTDIR)$(PREFIX)/bin
MAN1DIR := $(DESTDIR)$(PREFIX)/share/man/man1
DATADIR := $(DESTDIR)$(PREFIX)/share/stencilc
DOCDIR := $(DESTDIR)$(PREFIX)/share/doc/stencilc

.PHONY: install uninstall
install: build/stencilc
	install -d $(BINDIR) $(MAN1DIR) $(DATADIR)/cudaemu $(DOCDIR)
	install -m 755 build/stencilc $(BINDIR)/stencilc
	sed 's/@VERSION@/$(VERSION)/' doc/stencilc.1 >$(MAN1DIR)/stencilc.1
	chmod 644 $(MAN1DIR)/stencilc.1
	install -m 644 tools/cudaemu/cuda_runtime.h $(DATADIR)/cudaemu/cuda_runtime.h
	install -m 644 tools/cudaemu/cufft.h $(DATADIR)/cudaemu/cufft.h
	install -m 755 tools/cudaemu/build.sh $(DATADIR)/cudaemu/build.sh
	install -m 644 LICENSE README.md $(DOCDIR)

uninstall:
	rm -f $(BINDIR)/stencilc $(MAN1DIR)/stencilc.1
	rm -rf $(DATADIR) $(DOCDIR)

# Random stencil program generator (issue 18): build/programgen.
all: build/programgen
build/programgen: tools/programgen.c
	@mkdir -p build
	$(CC) -O2 -g -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wshadow -o $@ $<
