# Sourced by scripts/run and scripts/test: installs the webapp's npm packages with `npm ci`
# only when package-lock.json changed since the last install, so running one script after
# the other does not wipe and reinstall node_modules (~20 s) for nothing.
webapp_deps() {
  local stamp=webapp/node_modules/.leffaseura-lock.sha256
  local wanted
  wanted=$(sha256sum webapp/package-lock.json | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    echo "webapp/node_modules matches package-lock.json"
    return
  fi
  (cd webapp && npm ci --no-audit --no-fund --loglevel=error)
  echo "$wanted" >"$stamp"
}

# The webapp's checks (typecheck, lint, unit tests, build) depend only on its own files and
# on openapi.yaml. After they pass, their inputs' hash is kept in node_modules (which a new
# `npm ci` wipes); a later run with the same hash skips them, so a Rust-only change is not
# held up by two minutes of webapp checks. A fresh clone (CI) always runs them; FULL=1 too.
webapp_inputs_hash() {
  git ls-files -z --cached --others --exclude-standard -- webapp openapi.yaml |
    sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1
}

webapp_checks() {
  local stamp=webapp/node_modules/.leffaseura-checked.sha256
  # index.html names every hashed asset, so its hash tells whether dist/ is the build those
  # inputs made (scripts/run may have rebuilt it from other sources since).
  local inputs built
  inputs=$(webapp_inputs_hash)
  built=$(sha256sum webapp/dist/index.html 2>/dev/null | cut -d' ' -f1 || true)
  if [ "${FULL:-0}" != "1" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$inputs $built" ]; then
    echo "SKIPPED: webapp and openapi.yaml unchanged since their last green check (FULL=1 runs it anyway)"
    return
  fi
  (cd webapp && npm run --silent check:api && npm run --silent typecheck && npm run --silent lint &&
    npm test && npx vite build)
  built=$(sha256sum webapp/dist/index.html | cut -d' ' -f1)
  echo "$inputs $built" >"$stamp"
}
