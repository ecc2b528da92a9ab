#!/bin/sh
# Fills the folder of `make fuzz-bundle-dir` (which has linked DIR/fuzz_frontend with rpath
# $ORIGIN/lib and copied the seeds into DIR/seeds) so that it runs on a machine without LLVM;
# `make fuzz-bundle` packs it. See tests/fuzz/README.md.
#   sh scripts/fuzz_bundle.sh DIR CLANG_RESOURCE_DIR
# DIR/lib: every shared library the fuzzer loads except glibc's own (libstdc++ and libgcc_s are
# carried too: the other machine's may be older); DIR/lib/clang/VERSION/include: clang's headers
# (<stddef.h>, <stdarg.h>, ...); DIR/include: the corpus headers; the dictionary, the regressions
# and run-campaign.sh.
set -e
dir=$1 resource=$2
[ -x "$dir/fuzz_frontend" ] && [ -f "$resource/include/stddef.h" ] || {
  echo "usage: $0 DIR CLANG_RESOURCE_DIR (DIR/fuzz_frontend built, RESOURCE/include/stddef.h there)" >&2
  exit 2
}
rm -rf "$dir/lib" "$dir/include" "$dir/regressions" "$dir/work"
mkdir -p "$dir/lib/clang"

# ldd lists what the loader would take here, the libraries of libclang included.
ldd "$dir/fuzz_frontend" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' |
  while read -r name path; do
    case $name in
      libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*|libresolv.so.*|libutil.so.*|ld-linux*) ;;
      *) cp -L "$path" "$dir/lib/$name" ;;
    esac
  done
[ -f "$dir/lib/$(ldd "$dir/fuzz_frontend" | awk '/libclang/ { print $1 }')" ] || {
  echo "$0: libclang was not found by ldd" >&2
  exit 1
}
cp -RL "$resource" "$dir/lib/clang/"
cp -R tests/fuzz/include "$dir/include"
cp -R tests/fuzz/regressions "$dir/regressions"
cp tests/fuzz/stencil.dict "$dir/stencil.dict"
cp tests/fuzz/run-campaign.sh "$dir/run-campaign.sh"
chmod 755 "$dir/run-campaign.sh"

