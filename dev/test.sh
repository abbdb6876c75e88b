#!/usr/bin/env bash
# The gate (`npm test`, `deno task ok`, CI): formatting, lint (with the import-direction rule,
# dev/lint/import-direction.ts), type check, then every test (unit, API, integration with real
# NATS/SMTP/libSQL, browser in Chromium). Ends with the line "N passed, N failed".
# Arguments go to `deno test` (e.g. a test file or --filter); with any, only the tests run.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

# The fonts draw the synthetic MRZ photos (bench/mrz-synth.ts, tests/unit/mrz/synth.test.ts).
setup_common "chromium:chromium" "pdftotext:poppler-utils" \
  "/usr/share/fonts/opentype/ocr-b/OCRB.otf:fonts-ocr-b" \
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:fonts-dejavu-core" \
  "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf:fonts-liberation"

mkdir -p data
report="data/test-report.txt"

# A failed check stops the gate before the tests, with the summary line CI reads.
gate() {
  local what="$1"
  shift
  say "$what"
  if ! "$@"; then
    printf '%s failed\n0 passed, 1 failed\n' "$what"
    exit 1
  fi
}

if [ $# -eq 0 ]; then
  gate "formatting (deno fmt --check)" "$DENO" fmt --check --quiet
  gate "lint and import direction (deno lint)" "$DENO" lint --quiet
  # Astro bundles the islands without type-checking them; the server, workers and tools are
  # checked here too, so a type error anywhere fails the run.
  gate "type check" "$DENO" check --quiet api/main.ts workers/main.ts dev/ deploy/ bench/ \
    shared/ site/src tests/
fi

set +e
NO_COLOR=1 "$DENO" test -A "$@" tests/ 2>&1 | tee "$report"
status=${PIPESTATUS[0]}
set -e

# Deno's summary line reads "ok | 12 passed (3 steps) | 0 failed (2s)".
summary="$(grep -E '^(ok|FAILED) \| [0-9]+ passed' "$report" | tail -n 1 || true)"
passed="$(sed -E 's/^[A-Za-z]+ \| ([0-9]+) passed.*/\1/' <<<"$summary")"
failed="$(sed -E 's/.*\| ([0-9]+) failed.*/\1/' <<<"$summary")"
[ -n "$summary" ] || { passed=0; failed=1; }
echo "${passed} passed, ${failed} failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
