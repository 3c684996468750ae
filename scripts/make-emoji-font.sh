#!/bin/sh
# Makes app/styles/fonts/emoji-subset.woff2: the emoji of our own texts, cut from Noto Color Emoji (SIL Open Font
# License 1.1, app/styles/fonts/OFL.txt), for a computer without an emoji font (docs/product.md#icons).
# Needs npm and Debian's python3-fonttools and python3-brotli. Keep EMOJI equal to the unicode-range in
# app/styles/app.css; tests/e2e/pupil-glyphs.spec.ts fails when a text of ours holds an emoji left out here.
set -eu
EMOJI="U+2B50,U+1F31F,U+1F389,U+1F3C6,U+1F44B,U+1F4AA,U+1F4C8,U+1F525,U+1F60A,U+1F680"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent @fontsource/noto-color-emoji@5.3.2 >/dev/null && tar xzf ./*.tgz)
# COLRv1 outlines only (the SVG table would make it 37 KB instead of 8): Chrome and Edge 98+, Firefox 107+. Safari's
# systems all have Apple Color Emoji, listed before this font, so never load it.
/usr/bin/python3 -m fontTools.subset "$work/package/files/noto-color-emoji-emoji-400-normal.woff2" \
  --unicodes="$EMOJI" --flavor=woff2 --layout-features='' --no-hinting --drop-tables+=SVG --name-IDs='*' \
  --output-file=app/styles/fonts/emoji-subset.woff2
ls -l app/styles/fonts/emoji-subset.woff2
