#!/bin/bash
# Run fscheck on the recall study's projects and score it on their labels.
#
# usage: recall.sh [--only NAME[,NAME...]] [--configs build,nobuild]
#                  [--engines auto,tree-sitter] FSCHECK WORK OUT
#   FSCHECK  the fscheck binary
#   WORK     where the projects are checked out (WORK/src/NAME, exported from
#            the bare mirror $MIRRORS/OWNER+NAME/repo at the labelled commit
#            unless the folder exists) and configured (WORK/build/NAME, by
#            the project's configure(), unless it holds compile_commands.json)
#   OUT      written: NAME.CONFIG.ENGINE.json (fscheck's report), .stderr,
#            .status, and score.md (score.py's tables)
# Configurations: "build", the units of the compilation database inside the
# studied folders with -p; "nobuild", the studied folders with the project's
# NOBUILD_FLAGS after --, as a new user would start.  Each run has its own
# empty FSCHECK_CACHE_DIR.  MIRRORS defaults to /work/.mirror; JOBS to 2.
set -u -o pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
only="" configs="build,nobuild" engines="auto,tree-sitter"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --only) only=",$2,"; shift 2 ;;
    --configs) configs="$2"; shift 2 ;;
    --engines) engines="$2"; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
[[ $# -eq 3 ]] || { sed -n '2,18p' "$0" >&2; exit 2; }
FSCHECK=$(readlink -f "$1")
mkdir -p "$2" "$3" || exit 2
WORK=$(cd "$2" && pwd) OUT=$(cd "$3" && pwd)
MIRRORS=${MIRRORS:-/work/.mirror} JOBS=${JOBS:-2}
[[ -x "$FSCHECK" ]] || { echo "recall.sh: $FSCHECK is not executable" >&2; exit 2; }

for proj in "$HERE"/projects/*.sh; do
  name=$(basename "$proj" .sh)
  [[ -z "$only" || "$only" == *",$name,"* ]] || continue
  [[ -f "$HERE/labels/$name.tsv" ]] || { echo "recall.sh: $name: no labels" >&2; continue; }
  unset REPO COMMIT SCOPE EXCLUDE NOBUILD_FLAGS
  EXCLUDE=()
  src="$WORK/src/$name" build="$WORK/build/$name"
  mkdir -p "$src"
  # NOBUILD_FLAGS may be computed from the tree (pkg-config, paths)
  ( cd "$src" ) || continue
  pushd "$src" >/dev/null || continue
  source "$proj"
  popd >/dev/null
  if [[ ! -e "$src/.recall-commit" ]]; then
    git_dir="$MIRRORS/${REPO/\//+}/repo"
    git --git-dir="$git_dir" archive "$COMMIT" | tar -x -C "$src" ||
      { echo "recall.sh: $name: cannot export $COMMIT from $git_dir" >&2; continue; }
    echo "$COMMIT" >"$src/.recall-commit"
  fi
  [[ "$(cat "$src/.recall-commit")" == "$COMMIT" ]] ||
    { echo "recall.sh: $name: $src holds $(cat "$src/.recall-commit"), not $COMMIT" >&2; continue; }
  for config in ${configs//,/ }; do
    args=()
    if [[ "$config" == build ]]; then
      if [[ ! -s "$build/compile_commands.json" ]]; then
        (cd "$src" && configure "$build") || { echo "recall.sh: $name: configure failed" >&2; continue; }
      fi
      # the database's units inside the studied folders
      mapfile -t files < <(python3 "$HERE/units.py" "$build/compile_commands.json" "$src" \
                             --scope "${SCOPE[@]}" --exclude "${EXCLUDE[@]}")
      args=(-p "$build" "${files[@]}")
    else
      args=("${SCOPE[@]}" -- "${NOBUILD_FLAGS[@]}")
      # excluded folders inside the scope: a config file says so
    fi
    for engine in ${engines//,/ }; do
      tag="$name.$config.$engine" cache="$OUT/cache/$tag"
      rm -rf "$cache"; mkdir -p "$cache"
      t0=$(date +%s.%N)
      (cd "$src" && FSCHECK_CACHE_DIR="$cache" "$FSCHECK" -j"$JOBS" --engine="$engine" --format=json \
         --exit-zero "${args[@]}") >"$OUT/$tag.json" 2>"$OUT/$tag.stderr"
      rc=$?
      printf 'status %s\nseconds %.1f\n' "$rc" "$(echo "$(date +%s.%N) - $t0" | bc)" >"$OUT/$tag.status"
      echo "$tag: exit $rc, $(sed -n 's/seconds //p' "$OUT/$tag.status") s"
    done
  done
done
python3 "$HERE/score.py" "$HERE/labels" "$OUT" | tee "$OUT/score.md"
