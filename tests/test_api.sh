#!/bin/sh
# stencilc gen --api: the library of a stencil against the user's own function compiled by cc
# (tests/api/driver.c: buffers whose halos differ, both buffers' contents after the run, the
# in-place and device entry points, the refusals), for the cpu backend with cc and for every
# CUDA backend through tools/cudaemu; then the CLI's naming and its refusals.
. "$(dirname "$0")/lib.sh"
make_tmp

# lib CASE EXAMPLE FUNC DIMS EXTENT BACKEND STEPS... [-- extra driver flags]
lib() {
  case=$1 ex=$2 func=$3 dims=$4 ext=$5 backend=$6; shift 6
  d=$tmp/$case
  mkdir -p "$d"
  extra=
  case $ex in conv2d*) extra=-DCONV2D ;; esac
  if ! "$STENCILC" gen "examples/$ex.c" --api --backend "$backend" -o "$d/lib" >"$d/gen.log" 2>&1; then
    no "$case: gen --api failed: $(head -3 "$d/gen.log")"; return
  fi
  if [ "$backend" = cpu ]; then
    cc -std=c11 -O1 -fopenmp -Wall -Wextra -Werror -c -o "$d/lib.o" "$d/lib.c" >"$d/build.log" 2>&1 &&
      link=cc
  else
    emu_build "$d/lib.cu" "$d/lib.o" -c >"$d/build.log" 2>&1 && link=g++
  fi || { no "$case: the library does not build: $(head -5 "$d/build.log")"; return; }
  if ! cc -std=c11 -O1 -Wall -Wextra -I"$d" -DEXAMPLE="\"$PWD/examples/$ex.c\"" -DFUNC="$func" \
      -DDIMS="$dims" -DEXT="$ext" -DHOST_IS_DEVICE $extra -c -o "$d/driver.o" tests/api/driver.c \
      >"$d/driver.log" 2>&1 ||
    ! $link -fopenmp -o "$d/check" "$d/driver.o" "$d/lib.o" -lm >>"$d/driver.log" 2>&1; then
    no "$case: the driver does not build: $(head -5 "$d/driver.log")"; return
  fi
  if "$d/check" "$@" >"$d/out" 2>&1; then ok; else no "$case: $(grep FAIL "$d/out" | head -3)"; fi
}

lib cpu-j2d5pt j2d5pt j2d5pt 2 40 cpu 0 1 2 7
lib cpu-j3d27pt j3d27pt j3d27pt 3 14 cpu 1 4
lib cpu-conv conv2d-5x5 conv2d 2 36 cpu 1 3
lib cpu-flat star2d3r star2d3r 2 40 cpu 3
lib naive-j2d5pt j2d5pt j2d5pt 2 40 naive 1 4
# n5d fuses 12 steps of j2d5pt: 13 is one full launch, one partial and the last step alone
lib n5d-j2d5pt j2d5pt j2d5pt 2 48 n5d 5 13
lib n5d-star3d star3d1r star3d1r 3 20 n5d 4
lib 25d-j3d7pt j3d7pt j3d7pt 3 20 25d 3
lib ssam-conv conv2d-3x3 conv2d 2 48 ssam 1 4

# Naming: -o NAME.cu is NAME; entry points from the last component; the input is never
# overwritten; nothing is written on a refusal.
cp examples/j2d5pt.c "$tmp/heat.c"
expect 0 "gen --api -o DIR/x-lib.cu" "$STENCILC" gen "$tmp/heat.c" --api -o "$tmp/x-lib.cu"
if [ -f "$tmp/x-lib.h" ] && [ -f "$tmp/x-lib.cu" ] && grep -q 'int x_lib_run(float \*buf0' "$tmp/x-lib.h" &&
  grep -q '#include "x-lib.h"' "$tmp/x-lib.cu"; then ok; else no "gen --api -o x-lib.cu: files or names"; fi
before=$(cksum <"$tmp/heat.c")
expect 2 "gen --api --backend cpu -o the input's own name" \
  "$STENCILC" gen "$tmp/heat.c" --api --backend cpu -o "$tmp/heat"
if [ "$(cksum <"$tmp/heat.c")" = "$before" ] && [ ! -f "$tmp/heat.h" ]; then ok; else no "the input was overwritten"; fi
expect 2 "gen --api -o - (two files)" "$STENCILC" gen "$tmp/heat.c" --api -o -
expect 2 "gen --api of a refused stencil" "$STENCILC" gen tests/bad/halo_too_small.c --api -o "$tmp/bad"
if [ ! -f "$tmp/bad.h" ] && [ ! -f "$tmp/bad.cu" ]; then ok; else no "a refused stencil left files"; fi

expect 2 "gen --api of a stencil program (coefficient grids: not a library yet)" \
  "$STENCILC" gen examples/programs/heat2d_var.c --api -o "$tmp/prog"
if [ ! -f "$tmp/prog.h" ]; then ok; else no "gen --api of a program left files"; fi

# examples/app: the application built as its Makefile says, for the cpu variant with cc and the
# CUDA variant (n5d) through cudaemu (an nvcc that compiles .cu files with tools/cudaemu and
# links with g++); its exit status says whether the library agrees with its own loop. CMake:
# the cpu variant (the CUDA one needs a working CUDA toolchain).
cat >"$tmp/emu-nvcc" <<EOF2
#!/bin/sh
out= src=
while [ \$# -gt 0 ]; do case \$1 in -o) out=\$2; shift ;; *.cu) src=\$1 ;; *.o) objs="\$objs \$1" ;; esac; shift; done
if [ -n "\$src" ]; then exec sh "$PWD/tools/cudaemu/build.sh" "\$src" "\${out:-\${src%.cu}.o}" -O0 -c; fi
exec g++ -fopenmp -o "\$out" \$objs -lm
EOF2
chmod +x "$tmp/emu-nvcc"
app() {
  what=$1; shift
  rm -rf "$tmp/app"
  cp -r examples/app "$tmp/app"
  if ! (cd "$tmp/app" && "$@") >"$tmp/app.log" 2>&1; then no "app ($what) does not build: $(tail -3 "$tmp/app.log")"; return; fi
  exe=$tmp/app/app
  [ -x "$exe" ] || exe=$tmp/app/build/app
  if "$exe" >"$tmp/app.out" 2>&1 && grep -q 'max difference from the plain loop' "$tmp/app.out"; then ok
  else no "app ($what): $(cat "$tmp/app.out")"; fi
  grep mean "$tmp/app.out" >>"$tmp/means"
}
app "make TARGET=cpu" make TARGET=cpu STENCILC="$PWD/$STENCILC"
app "make, CUDA through cudaemu" make NVCC="$tmp/emu-nvcc" STENCILC="$PWD/$STENCILC"
if command -v cmake >/dev/null; then
  app "cmake cpu" sh -c "cmake -S . -B build -DSTENCILC_TARGET=cpu -DSTENCILC='$PWD/$STENCILC' && cmake --build build"
else
  echo "NOTE: no cmake: the CMake example was not built"
fi
# every variant agrees on the printed mean (6 decimals)
if [ "$(sort -u "$tmp/means" | wc -l)" -eq 1 ]; then ok; else no "the variants print different means: $(sort -u "$tmp/means")"; fi

# Run-time scalars are not arguments of the library yet: --api and rewrite refuse them, located,
# and write nothing (rewrite used to write a call that did not compile).
for cmd in "gen --api -o $tmp/scal" "rewrite --target cpu -o $tmp/scal_rw.c"; do
  # shellcheck disable=SC2086
  "$STENCILC" $cmd tests/inputs/heat2d_param_alpha.c >/dev/null 2>"$tmp/scal.err"; rc=$?
  [ $rc -eq 2 ] && grep -q "heat2d_param_alpha.c:[0-9]*:1: error: .*run-time scalars (alpha, r)" "$tmp/scal.err" &&
    [ ! -e "$tmp/scal.h" ] && [ ! -e "$tmp/scal_rw.c" ] && ok || no "$cmd on run-time scalars: exit $rc"
done

summary api
