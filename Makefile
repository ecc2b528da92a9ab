# stencilc build. `make` builds build/stencilc; `make asan` a sanitized copy for the tests.
# libclang from Debian's libclang-dev: the newest /usr/lib/llvm-N that has its C headers.
LLVM_DIR ?= $(patsubst %/include/clang-c/Index.h,%,$(lastword $(sort $(wildcard /usr/lib/llvm-*/include/clang-c/Index.h))))
LLVM_INC := $(LLVM_DIR)/include
LLVM_LIB := $(LLVM_DIR)/lib

CC ?= cc
CFLAGS ?= -O2 -g
CFLAGS += -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wshadow -Isrc -Ibuild/gen -I$(LLVM_INC)
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
