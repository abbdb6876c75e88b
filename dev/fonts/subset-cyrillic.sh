#!/bin/sh
# Makes the check-in page's Cyrillic font files (site/src/styles/fonts/inter-cyrillic-*.woff2):
# Public Sans has no Cyrillic, so Russian text is drawn in Inter (SIL OFL 1.1, a neo-grotesque of
# the same build), cut down to the Russian alphabet's block in the weights the page uses.
# Needs the Debian packages fonts-inter, python3-fonttools and python3-brotli. Run from the
# repository's root; the files are committed, so the build does not need these packages.
set -eu
out=site/src/styles/fonts
for pair in 400:Regular 600:SemiBold 700:Bold; do
  weight=${pair%%:*}
  style=${pair##*:}
  /usr/bin/python3 -m fontTools.subset "/usr/share/fonts/opentype/inter/Inter-$style.otf" \
    --unicodes="U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116" \
    --layout-features='kern,liga,calt,ccmp,locl,mark,mkmk' \
    --no-hinting --desubroutinize --flavor=woff2 \
    --output-file="$out/inter-cyrillic-$weight.woff2"
done
