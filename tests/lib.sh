# Shared helpers of the test suites (sourced): counting, expectations, the summary line, and the
# stand-in nvcc of the suites that run stencilc's build steps without the CUDA toolkit.
#   . tests/lib.sh
#   ok "what"            count a pass
#   no "what" [detail]   count a failure and say why
#   expect CODE "what" CMD...   run CMD (output discarded); pass when it exits CODE
#   summary NAME         print "NAME: N passed, N failed"; returns non-zero when any failed
cd "$(dirname "$0")/.." || exit 1
STENCILC=${STENCILC:-build/stencilc}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
no() { fail=$((fail + 1)); echo "FAIL: $*"; }
expect() {
  _want=$1 _what=$2; shift 2
  "$@" >/dev/null 2>&1
  _rc=$?
  if [ $_rc -eq "$_want" ]; then ok; else no "$_what: exit $_rc, want $_want"; fi
}
summary() {
  echo "$1: $pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}
