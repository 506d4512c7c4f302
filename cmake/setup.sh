#!/usr/bin/env bash
# Install what building and testing fscheck needs on Debian 12 (bookworm).
#
#   cmake/setup.sh
#
# Installs only the packages that are missing, and prints nothing when all are
# there, so it is cheap to run before every build. Runs apt-get as root, or
# through sudo when started by another user.
#
# Environment:
#   LIBCLANG_LLVM_VERSION  also install libclang-N-dev for that LLVM version
#                          (for cmake -DLIBCLANG_LLVM_VERSION=N; 14 is libclang-dev).
set -euo pipefail

packages=(
  build-essential     # cc, make, libc headers
  cmake
  pkg-config
  git
  ca-certificates
  libclang-dev        # libclang 14 and its builtin headers
  clang               # clang-14, the compiler the tests also use
  libclang-rt-14-dev  # clang's sanitizer runtimes and libFuzzer (tests/fuzz, .ci/run)
  clang-tools         # clang-apply-replacements
  libtree-sitter-dev
  libcmocka-dev
  libjansson-dev
  libyaml-dev
  nodejs              # npm fetches the tree-sitter-c grammar at configure time,
                      # and the SARIF schema validator at test time
  npm
  python3             # tests/sarif_content.py
  groff-base          # tests/help_man.sh checks the man page with groff -ww
  strace
  patch
  valgrind
  time                # /usr/bin/time -v for tests/bench/bench.sh
  clang-tidy          # clang-tidy-14, what tests/bench/bench.sh compares with
)

if [[ -n "${LIBCLANG_LLVM_VERSION:-}" && "${LIBCLANG_LLVM_VERSION}" != 14 ]]; then
  if [[ ! "${LIBCLANG_LLVM_VERSION}" =~ ^[0-9]+$ ]]; then
    echo "setup.sh: LIBCLANG_LLVM_VERSION must be a number such as 19, not '${LIBCLANG_LLVM_VERSION}'" >&2
    exit 2
  fi
  packages+=("libclang-${LIBCLANG_LLVM_VERSION}-dev")
fi

# A package counts as present when dpkg has it installed. nodejs and npm also
# count as present when their command is there: some Node.js builds (such as
# NodeSource's nodejs package) bundle npm and conflict with Debian's npm.
is_installed() {
  local status
  status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null) || status=""
  [[ "${status:1:1}" == i ]]
}

missing=()
for pkg in "${packages[@]}"; do
  case "${pkg}" in
    nodejs) command -v node >/dev/null 2>&1 && continue ;;
    npm) command -v npm >/dev/null 2>&1 && continue ;;
  esac
  if command -v dpkg-query >/dev/null 2>&1 && is_installed "${pkg}"; then
    continue
  fi
  missing+=("${pkg}")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup.sh: apt-get not found; this script supports Debian 12. Install these packages by hand:" >&2
  echo "  ${missing[*]}" >&2
  exit 1
fi

if [[ ${EUID} -eq 0 ]]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "setup.sh: missing packages: ${missing[*]}" >&2
  echo "setup.sh: installing them needs root, and sudo is not available. Run this script as root." >&2
  exit 1
fi

echo "setup.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt_opts=(-q -y -o Dpkg::Use-Pty=0)
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${apt_opts[@]}" update >&2
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get "${apt_opts[@]}" install --no-install-recommends "${missing[@]}" </dev/null >&2
