#!/usr/bin/env bash
# Proves a production install runs: a clean copy of the committed tree installed with
# `npm ci --omit=dev` (no dev tools), given the compiled app (dist/app, built here by
# `npm run build:app` with the dev tools, as a packager does), then the compiled server itself
# (not the tsx fallback of bin/catastro.js) answers a parcel lookup and a map tile of the bundled
# sample. A run-time import left in devDependencies fails here with ERR_MODULE_NOT_FOUND.
# Run from a checkout with its dev dependencies installed (CI runs it after `npm test`).
set -euo pipefail
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
work=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "FAIL: $1"; [ -f "$work/serve.log" ] && tail -20 "$work/serve.log"; exit 1; }

echo "== compiled app (npm run build:app) in $repo"
(cd "$repo" && npm run --silent build:app)

echo "== clean copy, production install only (npm ci --omit=dev)"
git clone -q "$repo" "$work/app"
cd "$work/app"
npm ci --omit=dev --no-audit --no-fund >"$work/install.log" 2>&1 || { tail -20 "$work/install.log"; fail "npm ci --omit=dev"; }
for dev_tool in typescript vite vitest electron electron-builder; do
  [ ! -e "node_modules/$dev_tool" ] || fail "$dev_tool is installed in a production install"
done
cp -R "$repo/dist/app" "$work/app/dist-app" && mkdir -p dist && mv dist-app dist/app

echo "== compiled server (node dist/app/cli/main.js serve)"
node dist/app/cli/main.js serve --auth off --port 0 --data "$work/data" >"$work/serve.log" 2>&1 &
pid=$!
base=
for _ in $(seq 1 120); do
  base=$(sed -n 's/^Listening on \(http[^ ]*\).*/\1/p' "$work/serve.log" | head -1)
  [ -n "$base" ] && break
  kill -0 "$pid" 2>/dev/null || fail "the server exited"
  sleep 0.5
done
[ -n "$base" ] || fail "the server did not start"
ask() { # path → status 200 expected; the answer is left in $work/answer
  local code
  code=$(curl -s -o "$work/answer" -w '%{http_code}' "$base$1")
  [ "$code" = 200 ] || fail "$1 answered $code: $(head -c 300 "$work/answer")"
  echo "   $1: $code, $(wc -c <"$work/answer") bytes"
}
ask /api/catastro/000700100UL74F
grep -q '000700100UL74F' "$work/answer" || fail "the lookup answer does not name the parcel"
ask /api/tiles/parcels/16/31954/24556.pbf
[ -s "$work/answer" ] || fail "the tile is empty"
echo "OK: the production install serves lookups and tiles from the compiled server"
