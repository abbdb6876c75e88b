#!/usr/bin/env bash
# Runs every test (unit, API, integration with real NATS/SMTP/libSQL, browser in Chromium) and
# ends with the line "N passed, N failed".
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

setup_common "chromium:chromium" "pdftotext:poppler-utils"

mkdir -p data
report="data/test-report.txt"

# The site's islands are bundled by Astro, which does not type-check; the tests below only reach
# what they import. So the site's TypeScript is checked here, and a type error fails the run.
say "type-checking the site"
if ! "$DENO" check --quiet site/src; then
  echo "0 passed, 1 failed"
  exit 1
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
