#!/usr/bin/env bash
# Install requirements.txt into a virtual environment from a folder of the pinned wheels kept on this machine.
#   tools/install_requirements.sh [path/to/python]        (default: .venv/bin/python)
# Why a folder of our own: pip's HTTP cache stores a download only when the answer carries caching headers,
# and the registry proxies of our machines send none (no Cache-Control, `x-cache-status: BYPASS`), so every
# new venv downloaded its 3.2 GB again. The folder is filled once per pin set (pip download) and kept like the
# Horovod wheel; delete it to get the disk back. Measured on 2 cores (bench/measured.md, 2026-12-07):
# downloading was 50 s of the venv's 2 min 47 s, and installing the 157 pins took 65 s in two pip processes
# against 103 s in one.
set -euo pipefail

PY=${1:-.venv/bin/python}
REQ=requirements.txt
WHEELS=${PYTORCH_NOTES_WHEELS:-${XDG_CACHE_HOME:-$HOME/.cache}/pytorch-notes/wheels}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pip() { "$PY" -m pip --disable-pip-version-check -q "$@"; }
local_only=(--no-build-isolation --no-index --find-links "$WHEELS")
mkdir -p "$WHEELS"

# The pins that have no file in the folder yet, found by the names wheels and sdists are given
# (name-version-...): a dry-run install of the 157 pins took 15 s for the same answer.
missing=$("$PY" tools/missing_wheels.py "$REQ" "$WHEELS")
if [ -n "$missing" ]; then
  echo "install_requirements: fetching $(echo "$missing" | wc -l) pinned packages into $WHEELS"
  # shellcheck disable=SC2086 # one argument per pin
  pip download --no-build-isolation --no-deps -d "$WHEELS" $missing
fi

# requirements.txt pins every package the project needs, dependencies included, so two pip processes can
# each install half of it without resolving (--no-deps), every other pin in each. No two of these wheels
# hold the same file (tests/site/test_venv.py checks the installed venv), so the two never write one file.
# `pip check` then proves that the whole set is consistent, which --no-deps alone would not.
grep -vE '^\s*(#|$)' "$REQ" | awk 'NR % 2 == 1' >"$TMP/odd.txt"
grep -vE '^\s*(#|$)' "$REQ" | awk 'NR % 2 == 0' >"$TMP/even.txt"
pip install "${local_only[@]}" --no-deps -r "$TMP/odd.txt" &
odd=$!
pip install "${local_only[@]}" --no-deps -r "$TMP/even.txt" || {
  wait "$odd" || true
  exit 1
}
wait "$odd"
# One report is expected: Horovod declares cffi, which none of its modules imports, and build_horovod.sh
# leaves it out on purpose; a venv that has Horovod already (an update) reports it.
"$PY" -m pip check >"$TMP/check.log" || true
if grep -v '^horovod [0-9.]* requires cffi, which is not installed\.$' "$TMP/check.log" \
  | grep -v '^No broken requirements found\.$' >"$TMP/broken.log"; then
  echo "install_requirements: requirements.txt does not pin every dependency (pip check):" >&2
  cat "$TMP/broken.log" >&2
  exit 1
fi
