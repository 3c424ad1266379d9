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
