#!/usr/bin/env bash
# The gate (`npm test`, `deno task ok`, CI): formatting, lint (with the import-direction rule,
# dev/lint/import-direction.ts), type check and the unit tests first, so a failure there stops the
# run within minutes; then every other test (API, integration with real NATS/SMTP/libSQL, chaos,
# load, security, browser in Chromium), files in parallel. Ends with what each phase and suite
# cost, the ten slowest tests and the line "N passed, N failed".
#
# Arguments go to `deno test` (e.g. a test file, --filter or --parallel); with any, only those
# tests run, type-checked. TEST_JOBS sets how many test files run at once (default 3, measured in
# docs/benchmarks.md); SCREENSHOTS=1 makes the browser tests save their screenshots
# (tests/support/browser.ts).
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

# The fonts draw the synthetic MRZ photos (bench/mrz-synth.ts, tests/unit/mrz/synth.test.ts).
setup_common "chromium-headless-shell:chromium-headless-shell" "pdftotext:poppler-utils" \
  "/usr/share/fonts/opentype/ocr-b/OCRB.otf:fonts-ocr-b" \
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:fonts-dejavu-core" \
  "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf:fonts-liberation"

mkdir -p data
report="data/test-report.txt"
: >"$report"

# Everything a test writes goes under one directory of the run, removed at the end: temporary
# directories (TMPDIR), the ports handed out (tests/support/ports.ts). Screenshots, when asked
# for, go beside it and stay.
export SCREENSHOT_DIR="${SCREENSHOT_DIR:-${TMPDIR:-/tmp}/prijavko-screenshots}"
run_dir="$(mktemp -d "${TMPDIR:-/tmp}/prijavko-test-XXXXXX")"
trap 'rm -rf "$run_dir"' EXIT
export TMPDIR="$run_dir/tmp" TEST_PORT_CLAIMS="$run_dir/ports"
mkdir -p "$TMPDIR" "$TEST_PORT_CLAIMS"
export DENO_JOBS="${TEST_JOBS:-3}"

passed=0
failed=0
costs=()
flaky=()
tree_before="$(git status --porcelain --untracked-files=all 2>/dev/null || true)"

# Prints the phases' times, the suites' costs and the summary line CI reads.
finish() {
  say "what the gate cost"
  printf '  %s\n' "${costs[@]}"
  "$DENO" run --no-check --allow-read dev/test-report.ts "$run_dir"/*.xml || true
  if [ "${#flaky[@]}" -gt 0 ]; then
    echo "FLAKY: failed in the full run, passed alone: ${flaky[*]}"
  fi
  echo "${passed} passed, ${failed} failed"
}

# A failed check stops the gate before the tests.
gate() {
  local what="$1" start=$SECONDS
  shift
  say "$what"
  if ! "$@"; then
    costs+=("$what: failed after $((SECONDS - start)) s")
    failed=$((failed + 1))
    finish
    exit 1
  fi
  costs+=("$what: $((SECONDS - start)) s")
}

# Runs `deno test` with the remaining arguments and adds its counts to the totals; returns its
# exit status. Deno's summary line reads "ok | 12 passed (3 steps) | 0 failed (2s)".
run_tests() {
  local what="$1" start=$SECONDS n=${#costs[@]} from
  shift
  say "$what"
  # The report holds every phase's output: this phase's summary is in the lines after `from`.
  from=$(($(wc -l <"$report") + 1))
  set +e
  NO_COLOR=1 "$DENO" test -A --junit-path="$run_dir/phase-$n.xml" "$@" 2>&1 | tee -a "$report"
  local status=${PIPESTATUS[0]}
  set -e
  local summary
  summary="$(tail -n "+$from" "$report" | grep -E '^(ok|FAILED) \| [0-9]+ passed' | tail -n 1 ||
    true)"
  if [ -n "$summary" ]; then
    passed=$((passed + $(sed -E 's/^[A-Za-z]+ \| ([0-9]+) passed.*/\1/' <<<"$summary")))
    failed=$((failed + $(sed -E 's/.*\| ([0-9]+) failed.*/\1/' <<<"$summary")))
  elif [ "$status" -ne 0 ]; then
    failed=$((failed + 1))
  fi
  costs+=("$what: $((SECONDS - start)) s")
  return "$status"
}

status=0
if [ $# -eq 0 ]; then
  gate "formatting (deno fmt --check)" "$DENO" fmt --check --quiet
  gate "lint and import direction (deno lint)" "$DENO" lint --quiet
  # Astro bundles the islands without type-checking them; the server, workers and tools are
  # checked here too, so a type error anywhere fails the run. The tests are checked here once,
  # and run with --no-check.
  # A Web Worker's module is loaded by URL, not imported, so it is named here.
  gate "type check" "$DENO" check --quiet api/main.ts workers/main.ts dev/ deploy/ bench/ \
    shared/ site/src tests/ core/services/reservations/import/read-sheet-worker.ts
  if ! run_tests "unit tests" --no-check --parallel tests/unit; then
    finish
    exit 1
  fi
  passed_before=$passed failed_before=$failed
  from=$(($(wc -l <"$report") + 1))
  if ! run_tests "API, integration, security, load, chaos and browser tests" --no-check --parallel \
    tests/e2e tests/chaos tests/integration tests/api tests/security tests/load; then
    status=1
    # A test file that failed under the full run's load is run once more on its own. When it
    # passes then, the run is green, but the file is named as flaky below: its wait or its race
    # is to be found, not forgotten.
    mapfile -t again < <(tail -n "+$from" "$report" |
      sed -nE 's#^\./(tests/[^ ]+\.test\.ts) => .* FAILED.*#\1#p' | sort -u)
    passed_first=$passed failed_first=$failed
    if [ "${#again[@]}" -gt 0 ] && [ "${#again[@]}" -le 3 ] &&
      run_tests "the failed files once more, alone" --no-check "${again[@]}"; then
      status=0
      passed=$((passed_first + failed_first - failed_before)) failed=$failed_before
      flaky=("${again[@]}")
    else
      passed=$passed_first failed=$failed_first
    fi
  fi
else
  run_tests "tests" "$@" || status=$?
fi

# Tests write only to their own temporary directories, never into the tree.
tree_after="$(git status --porcelain --untracked-files=all 2>/dev/null || true)"
if [ "$tree_before" != "$tree_after" ]; then
  echo "the tests changed the tree:"
  diff <(echo "$tree_before") <(echo "$tree_after") || true
  failed=$((failed + 1))
  status=1
fi

finish
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
