# Shared set-up of the two quick-start commands (sourced, not run). Installs only what is
# missing, so a second run costs seconds: Debian packages, npm dependencies, the site build and
# the database migrations.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
DENO="$ROOT/node_modules/.bin/deno"
export DENO_NO_UPDATE_CHECK=1

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
fail() { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }

# Installs Debian packages that are missing; without root, names them and stops. Each argument
# is "command:package", or "/path/of/a/file:package" for a package without a command (a font).
need_debian_packages() {
  local missing=()
  for spec in "$@"; do
    local check="${spec%%:*}" package="${spec##*:}"
    if [[ "$check" == /* ]]; then
      [ -e "$check" ] || missing+=("$package")
    else
      command -v "$check" >/dev/null 2>&1 || missing+=("$package")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    fail "missing Debian packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}"
  fi
  say "installing Debian packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

need_node() {
  command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 ||
    fail "Node.js and npm are required. Install them with: sudo apt-get install -y nodejs npm"
}

# Installs from package-lock.json when it changed since the last install. Not `npm ci`: the
# registry lacks some other platforms' optional binaries (e.g. @astrojs/compiler-binding for
# macOS at the locked version), which npm leaves out of the lockfile and `npm ci` then rejects
# as "out of sync". `npm install --no-save` installs the locked versions without rewriting it.
need_npm_dependencies() {
  local stamp="node_modules/.installed-lock-sha"
  local want
  want="$(sha256sum package-lock.json | cut -d' ' -f1)"
  if [ ! -x "$DENO" ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    say "installing npm dependencies"
    npm install --no-save --no-audit --no-fund --loglevel=error
    echo "$want" >"$stamp"
  fi
}

build_site() {
  say "building the site"
  "$DENO" run -A npm:astro build --root site --silent >/dev/null
}

migrate_database() {
  mkdir -p data
  "$DENO" run -A core/db/migrate.ts >/dev/null
}

# Local secrets, made once and kept in data/secrets.env (never committed): the JWT signing key,
# the key that encrypts stored secrets, the key that encrypts database backups (a backup without
# it cannot be restored: keep a copy away from the backups), a local administrator, the passwords
# of the NATS users (deploy/nats/users.conf) and Web Push's VAPID keys. A secret missing from an
# older file is added to it. Values already set in the environment win, so a deployment passes its
# own.
load_local_secrets() {
  local file="data/secrets.env"
  (umask 077 && touch "$file")
  add_secret() {
    grep -q "^$1=" "$file" || echo "$1=$2" >>"$file"
  }
  add_secret JWT_SECRET "$(head -c 48 /dev/urandom | base64 | tr -d '\n/+=')"
  add_secret DATA_ENCRYPTION_KEY "$(head -c 32 /dev/urandom | base64)"
  add_secret BACKUP_ENCRYPTION_KEY "$(head -c 32 /dev/urandom | base64)"
  add_secret ADMIN_EMAIL "admin@prijavko.localhost"
  add_secret ADMIN_PASSWORD "Admin-$(head -c 12 /dev/urandom | base64 | tr -d '\n/+=')1!"
  # A letter, then hex: nats-server reads a password starting with a digit as a broken number,
  # and hex goes into a nats:// address as it is.
  local user
  for user in API WORKERS TOOLS; do
    add_secret "NATS_${user}_PASSWORD" "n$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  done
  # Web Push's VAPID key pair (issue 35), made together: one key without the other is no pair.
  if ! grep -q "^VAPID_PRIVATE_KEY=" "$file"; then
    sed -i '/^VAPID_PUBLIC_KEY=/d' "$file"
    "$DENO" run --allow-read --allow-env dev/vapid-keys.ts >>"$file"
  fi
  while IFS='=' read -r name value; do
    [ -n "$name" ] && [ -z "${!name:-}" ] && export "$name=$value"
  done <"$file"
  say "administrator: $ADMIN_EMAIL (password in $file)"
}

setup_common() {
  need_node
  need_debian_packages "nats-server:nats-server" "$@"
  need_npm_dependencies
  build_site
}
