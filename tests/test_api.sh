#!/bin/sh
# stencilc gen --api: the library of a stencil against the user's own function compiled by cc
# (tests/api/driver.c: buffers whose halos differ, both buffers' contents after the run, the
# in-place and device entry points, the refusals), for the cpu backend with cc and for every
# CUDA backend through tools/cudaemu; then the CLI's naming and its refusals; then run-time
# scalars as arguments (tests/api/scalars.c), stencil programs (tests/api/program.c) and failed
# kernel launches returned, not exits (tests/api/launch_error.c), and so is running out of memory
# in the CPU library (tests/api/out_of_memory.c); convergence loops' libraries against a solver
# written by hand (tests/api/converge.c).
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
lib direct-conv conv2d-4x7 conv2d 2 150 direct 1 3
lib direct-j2d5pt j2d5pt j2d5pt 2 40 direct 2

# An 8-bit image filter (tests/api/image.c): unsigned char buffers, exactly the user's result,
# with the cpu backend and naive through tools/cudaemu; the other backends refuse it.
image_lib() { # CASE BACKEND
  d=$tmp/$1
  mkdir -p "$d"
  if ! "$STENCILC" gen tests/check/gauss3x3_u8.c --api --backend "$2" -o "$d/lib" >"$d/gen.log" 2>&1; then
    no "$1: gen --api failed: $(head -3 "$d/gen.log")"; return
  fi
  if [ "$2" = cpu ]; then
    cc -std=c11 -O1 -fopenmp -Wall -Wextra -Werror -c -o "$d/lib.o" "$d/lib.c" >"$d/build.log" 2>&1 && link=cc
  else
    emu_build "$d/lib.cu" "$d/lib.o" -c >"$d/build.log" 2>&1 && link=g++
  fi || { no "$1: the library does not build: $(head -5 "$d/build.log")"; return; }
  if cc -std=c11 -O1 -Wall -Wextra -I"$d" -DH=23 -DW=31 -c -o "$d/driver.o" tests/api/image.c >"$d/driver.log" 2>&1 &&
    $link -fopenmp -o "$d/check" "$d/driver.o" "$d/lib.o" -lm >>"$d/driver.log" 2>&1 && "$d/check" >"$d/out" 2>&1; then
    ok
  else
    no "$1: $(cat "$d/driver.log"; grep FAIL "$d/out" | head -3)"
  fi
}
image_lib cpu-image-u8 cpu
image_lib naive-image-u8 naive
expect 2 "gen --api --backend n5d of an unsigned char image" \
  "$STENCILC" gen tests/check/gauss3x3_u8.c --api --backend n5d -o "$tmp/img-n5d"

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

expect 2 "gen --api of a stencil program for n5d (it does not take programs)" \
  "$STENCILC" gen examples/programs/heat2d_var.c --api --backend n5d -o "$tmp/prog"
expect 2 "gen --api of a stencil program for 25d (programs only)" \
  "$STENCILC" gen examples/programs/heat3d_var.c --api --backend 25d -o "$tmp/prog"
expect 2 "gen --api --mpi of a stencil" "$STENCILC" gen examples/j2d5pt.c --api --mpi -o "$tmp/prog"
expect 2 "gen --api --mpi of a stencil program" "$STENCILC" gen examples/programs/heat2d_var.c --api --mpi -o "$tmp/prog"
for b in cpu naive; do
  "$STENCILC" gen tests/programs/acoustic3d_src.c --api --backend $b -o "$tmp/prog" >"$tmp/src.log" 2>&1
  rc=$?
  if [ $rc = 2 ] && grep -q "error: the library of a stencil program does not take point sources" "$tmp/src.log"; then ok
  else no "gen --api --backend $b of a program with a point source: exit $rc $(cat "$tmp/src.log")"; fi
  "$STENCILC" gen tests/programs/fdtd2d_hard_const.c --api --backend $b -o "$tmp/prog" >"$tmp/src.log" 2>&1
  rc=$?
  if [ $rc = 2 ] && grep -q "does not take point sources: .*(a constant is injected into 'ez' each step)" "$tmp/src.log"; then ok
  else no "gen --api --backend $b of a program with a hard source of a constant: exit $rc $(cat "$tmp/src.log")"; fi
  "$STENCILC" gen tests/programs/heat2d_neumann.c --api --backend $b -o "$tmp/prog" >"$tmp/src.log" 2>&1
  rc=$?
  if [ $rc = 2 ] && grep -q "heat2d_neumann:9:.*error: the library of a stencil program does not take boundary stages" "$tmp/src.log"; then ok
  else no "gen --api --backend $b of a program with a boundary stage: exit $rc $(cat "$tmp/src.log")"; fi
done
if [ ! -f "$tmp/prog.h" ]; then ok; else no "a refused gen --api of a program left files"; fi

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

# built LIB.cu/LIB.c BACKEND DIR: the library compiled to DIR/lib.o (cc -Werror, or cudaemu); sets link
built() {
  if [ "$2" = cpu ]; then
    cc -std=c11 -O1 -fopenmp -Wall -Wextra -Werror -c -o "$3/lib.o" "$1" >"$3/build.log" 2>&1 && link=cc
  else
    emu_build "$1" "$3/lib.o" -c >"$3/build.log" 2>&1 && link=g++
  fi
}

# Run-time scalars are named arguments: heat2d_param_alpha's alpha (r derived in the library)
# against the user's function (tests/api/scalars.c), cpu and, through cudaemu, naive and n5d.
for backend in cpu naive n5d; do
  d=$tmp/scalars-$backend
  mkdir -p "$d"
  "$STENCILC" gen tests/inputs/heat2d_param_alpha.c --api --backend $backend -o "$d/lib" >"$d/gen.log" 2>&1 &&
    built "$d/lib.$([ $backend = cpu ] && echo c || echo cu)" $backend "$d" &&
    grep -q 'int lib_run(double \*buf0, double \*buf1, long e0, long e1, long steps, double alpha);' "$d/lib.h" ||
    { no "scalars $backend: the library does not build or declares no alpha: $(head -3 "$d/gen.log" "$d/build.log")"; continue; }
  if cc -std=c11 -O1 -Wall -Wextra -I"$d" -DEXAMPLE="\"$PWD/tests/inputs/heat2d_param_alpha.c\"" -c \
       -o "$d/driver.o" tests/api/scalars.c >"$d/driver.log" 2>&1 &&
     $link -fopenmp -o "$d/check" "$d/driver.o" "$d/lib.o" -lm >>"$d/driver.log" 2>&1 &&
     "$d/check" >"$d/out" 2>&1; then ok
  else no "scalars $backend: $(head -3 "$d/driver.log") $(grep FAIL "$d/out" | head -3)"; fi
done

# Stencil programs: the acoustic wave (three levels from t = 1; leapfrog), variable-coefficient
# heat with a scalar, against the examples' own functions (tests/api/program.c: the halo contract
# with buffers whose halos and written interiors differ, run_levels, the refusals), cpu and naive.
for c in ACOUSTIC:acoustic2d LEAPFROG:acoustic2d_leapfrog HEAT_VAR:heat2d_var; do
  case=${c%%:*} ex=${c#*:}
  for backend in cpu naive; do
    d=$tmp/prog-$case-$backend
    mkdir -p "$d"
    "$STENCILC" gen "examples/programs/$ex.c" --api --backend $backend -o "$d/lib" >"$d/gen.log" 2>&1 &&
      built "$d/lib.$([ $backend = cpu ] && echo c || echo cu)" $backend "$d" ||
      { no "program $ex $backend: the library does not build: $(head -3 "$d/gen.log" "$d/build.log")"; continue; }
    if cc -std=c11 -O1 -Wall -Wextra -I"$d" -DEXAMPLE="\"$PWD/examples/programs/$ex.c\"" -DCASE_$case -c \
         -o "$d/driver.o" tests/api/program.c >"$d/driver.log" 2>&1 &&
       $link -fopenmp -o "$d/check" "$d/driver.o" "$d/lib.o" -lm >>"$d/driver.log" 2>&1 &&
       "$d/check" >"$d/out" 2>&1; then ok
    else no "program $ex $backend: $(head -3 "$d/driver.log") $(grep FAIL "$d/out" | head -3)"; fi
  done
done
# the header names the fields' buffers, the coefficient grid, t0 and the scalar
d=$tmp/prog-HEAT_VAR-cpu
if grep -q 'int lib_run(double \*u_0, double \*u_1, const double \*k, long e0, long e1, long t0, long steps, double r);' \
     "$d/lib.h" && grep -q 'Halo contract' "$d/lib.h"; then ok; else no "heat2d_var's header: $(grep 'int lib_run(' "$d/lib.h")"; fi

# A failed kernel launch (a grid beyond the launch limits, which cudaemu refuses as a GPU does)
# is returned as lib_EDEVICE, not an exit, by the libraries of a stencil and of a program; the
# next call succeeds (tests/api/launch_error.c).
for c in single:examples/j2d5pt.c program:examples/programs/heat2d_var.c; do
  kind=${c%%:*} d=$tmp/launch-${c%%:*}
  mkdir -p "$d"
  def=; [ "$kind" = program ] && def=-DPROGRAM
  if "$STENCILC" gen "${c#*:}" --api --backend naive -o "$d/lib" >"$d/gen.log" 2>&1 && built "$d/lib.cu" naive "$d" &&
     grep -q 'kernel launch failed' "$d/lib.h" &&
     cc -std=c11 -O1 -Wall -Wextra -I"$d" $def -c -o "$d/driver.o" tests/api/launch_error.c >"$d/driver.log" 2>&1 &&
     g++ -fopenmp -o "$d/check" "$d/driver.o" "$d/lib.o" -lm >>"$d/driver.log" 2>&1; then
    "$d/check" >"$d/out" 2>&1
    rc=$?
    if [ $rc -eq 0 ] && grep -q 'launch errors returned' "$d/out"; then ok
    else no "$kind library, launch error: exit $rc: $(head -3 "$d/out")"; fi
  else no "$kind library, launch error: does not build: $(head -3 "$d/gen.log" "$d/build.log" "$d/driver.log")"; fi
done

# Out of memory in the CPU library (the buffer of the other level, for lib_run with one) is
# returned as lib_EDEVICE, not an exit, and the next call succeeds (tests/api/out_of_memory.c).
d=$tmp/oom
mkdir -p "$d"
if "$STENCILC" gen examples/j2d5pt.c --api --backend cpu -o "$d/lib" >"$d/gen.log" 2>&1 &&
   cc -std=c11 -O1 -fopenmp -Wall -Wextra -Werror -c -o "$d/lib.o" "$d/lib.c" >"$d/build.log" 2>&1 &&
   cc -std=c11 -O1 -Wall -Wextra -I"$d" -c -o "$d/driver.o" tests/api/out_of_memory.c >"$d/driver.log" 2>&1 &&
   cc -fopenmp -o "$d/check" "$d/driver.o" "$d/lib.o" -lm >>"$d/driver.log" 2>&1; then
  "$d/check" >"$d/out" 2>&1
  rc=$?
  if [ $rc -eq 0 ] && grep -q 'out of memory returned' "$d/out"; then ok
  else no "cpu library, out of memory: exit $rc: $(head -3 "$d/out")"; fi
else no "cpu library, out of memory: does not build: $(head -3 "$d/gen.log" "$d/build.log" "$d/driver.log")"; fi


# Convergence loops (tests/api/converge.c): the library of the laplace2d tutorial (largest change,
# while with a cap), of an L2 norm (sum of squares through sqrt), of a do loop and of the
# tutorial taking the change every 10 iterations only, cpu backend,
# against a solver written by hand in the driver: the iteration count, the residual and both
# buffers exactly, through lib_run (halo contract, in place) and lib_run_levels. The tolerance a
# parameter is the entries' tol, not a scalar argument besides; a constant one is tol too.
for c in TUTORIAL:laplace2d_tutorial L2:jacobi_l2_sum_squares DO:do_while_max_macro EVERY:laplace2d_every_k; do
  k=${c%%:*} f=${c#*:}
  d=$tmp/converge-$k
  mkdir -p "$d"
  if "$STENCILC" gen "tests/check/converge_$f.c" --api --backend cpu -o "$d/lib" >"$d/gen.log" 2>&1 &&
    grep -q '^int lib_run(double \*buf0, double \*buf1, long e0, long e1, double tol, long max_iter,$' "$d/lib.h" &&
    cc -std=c11 -O1 -fopenmp -Wall -Wextra -Werror -c -o "$d/lib.o" "$d/lib.c" >"$d/build.log" 2>&1 &&
    cc -std=c11 -O1 -Wall -Wextra -Werror -I"$d" -DCASE_$k -c -o "$d/driver.o" tests/api/converge.c >"$d/driver.log" 2>&1 &&
    cc -fopenmp -o "$d/check" "$d/driver.o" "$d/lib.o" -lm >>"$d/driver.log" 2>&1 && "$d/check" >"$d/out" 2>&1; then
    ok
  else
    no "converge $k: $(head -3 "$d/gen.log" "$d/build.log" "$d/driver.log"; grep FAIL "$d/out" | head -3)"
  fi
done
# ... the CUDA backends refuse it at the loop, naming the cpu backend; nothing is written
"$STENCILC" gen tests/check/converge_laplace2d_tutorial.c --api --backend naive -o "$tmp/conv-naive" >"$tmp/conv-naive.log" 2>&1
rc=$?
if [ $rc = 2 ] && [ ! -e "$tmp/conv-naive.h" ] && grep -q "converge_laplace2d_tutorial.c:7:1: error: .*cpu" "$tmp/conv-naive.log"; then ok
else no "gen --api --backend naive of a convergence loop: exit $rc: $(cat "$tmp/conv-naive.log")"; fi

summary api
