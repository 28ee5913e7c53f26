#!/usr/bin/env bash
# Build Horovod 0.28.1 (its last release) against the torch in a virtual environment, and install it there.
#   tools/build_horovod.sh [path/to/python]        (default: .venv/bin/python)
# No source change: two adjustments to the environment are enough (see the Horovod page).
# The toolchain is PyPI wheels pinned in requirements.txt, in that same environment: cmake, and CUDA's nvcc
# (cuda-toolkit[nvcc,cccl], the CUDA release torch is built with). In the venv rather than a folder of their
# own: one lock file and one pip install, checked against torch's own cuda-toolkit pin, for about 350 MB.
# From the system it needs only a C++ compiler (g++, or $CXX) and make; cmake or nvcc on PATH is never used.
# The built wheel is kept per torch build, so the next venv on this machine installs it in seconds.
set -euo pipefail

PY=${1:-.venv/bin/python}
HOROVOD=0.28.1
# Horovod 0.28.1 declares five dependencies: cloudpickle, psutil, pyyaml, packaging and cffi>=1.4.0.
# requirements.txt already pins psutil, PyYAML and packaging; no Horovod module imports cffi, so the
# install below (--no-deps) leaves it out (pip check reports it missing) and adds cloudpickle alone.
CLOUDPICKLE=3.1.3
CACHE=${HOROVOD_WHEEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pytorch-notes/horovod}

# A wheel fits only the exact torch build (and Python) it was compiled against: key the cache on both.
KEY=$("$PY" -c 'import sys, torch
print(f"{torch.__version__}-{torch.version.git_version[:12]}-cp{sys.version_info[0]}{sys.version_info[1]}")')
WHEELS="$CACHE/$HOROVOD-$KEY"
pip_install() { "$PY" -m pip install --disable-pip-version-check -q "$@"; }
missing() { echo "build_horovod: $1 is missing from $PY's environment (see requirements.txt)" >&2; exit 1; }

if ! ls "$WHEELS"/horovod-$HOROVOD-*.whl >/dev/null 2>&1; then
  mkdir -p "$CACHE"
  LOG="$CACHE/build-$HOROVOD-$KEY.log"
  echo "build_horovod: building horovod $HOROVOD for torch $KEY (minutes, once per torch build); log: $LOG"
  for tool in "${CXX:-g++}" make; do
    command -v "$tool" >/dev/null || { echo "build_horovod: $tool is needed (a C++ compiler and make)" >&2; exit 1; }
  done
  TMP=$(mktemp -d "$CACHE/build.XXXXXX") # not /tmp: the CUDA folder's path ends up in the library's RUNPATH
  trap 'rm -rf "$TMP"' EXIT
  trap 'exit 1' INT TERM HUP # so that an interrupted build removes it too

  # 0. cmake from the cmake wheel, first on PATH (Horovod's setup.py runs plain `cmake`).
  CMAKE_BIN=$("$PY" -c 'import cmake; print(cmake.CMAKE_BIN_DIR)' 2>/dev/null) || missing "cmake (the cmake wheel)"
  PATH="$CMAKE_BIN:$PATH"

  # 1. Horovod's CMake pins -std=c++14; torch's headers need C++20. Rewrite the flag as the compiler runs.
  REAL_CXX=$(command -v "${CXX:-g++}")
  cat >"$TMP/c++" <<EOF
#!/bin/sh
for a do
  shift
  case "\$a" in -std=c++14|-std=gnu++14) a=-std=c++20 ;; esac
  set -- "\$@" "\$a"
done
exec "$REAL_CXX" "\$@"
EOF
  chmod +x "$TMP/c++"

  # 2. A CUDA build of torch makes Horovod compile its CUDA kernels, with the toolkit at CUDA_HOME. The nvcc
  #    wheels unpack into one folder (site-packages/nvidia/cu13: bin, include, lib, nvvm), a toolkit but for
  #    two names CMake looks for: lib64 and the unversioned libcudart.so. Rather than add files to the venv
  #    that pip does not know about, the build gets a copy made of links, with those two added.
  #    HOROVOD_CUDA_HOME, when set, names a toolkit of your own instead; nvcc there may be a wrapper script,
  #    and its dry run names the folder it really runs from. Compute capability 7.5 plus its PTX, which newer
  #    GPUs compile on load; the default (every architecture nvcc knows) takes much longer.
  if "$PY" -c 'import sys, torch; sys.exit(torch.version.cuda is None)'; then
    if [ -n "${HOROVOD_CUDA_HOME:-}" ]; then
      NVCC=$HOROVOD_CUDA_HOME/bin/nvcc
    else
      WHEEL_ROOT=$("$PY" -c 'import importlib.metadata as m, sys, torch
nvcc = m.distribution("nvidia-cuda-nvcc")  # its version must be the CUDA release torch is built with
if not nvcc.version.startswith(torch.version.cuda + "."):
    print(f"build_horovod: nvidia-cuda-nvcc is {nvcc.version}, torch is built with CUDA {torch.version.cuda}")
    sys.exit(1)
print(nvcc.locate_file(next(f for f in nvcc.files if f.match("bin/nvcc"))).resolve().parent.parent)' 2>/dev/null) ||
        case $WHEEL_ROOT in build_horovod:*) echo "$WHEEL_ROOT" >&2; exit 1 ;; *) missing "nvcc (nvidia-cuda-nvcc)" ;; esac
      for need in "include/crt/host_config.h nvidia-cuda-crt" "include/cccl/cuda/std/version nvidia-cuda-cccl" \
        "nvvm/bin/cicc nvidia-nvvm" "lib/libcudart_static.a nvidia-cuda-runtime"; do
        [ -e "$WHEEL_ROOT/${need% *}" ] || missing "${need#* } (no ${need% *} in $WHEEL_ROOT)"
      done
      cp -rs "$WHEEL_ROOT/." "$TMP/cuda"
      ln -s lib "$TMP/cuda/lib64"
      ln -s "$(cd "$TMP/cuda/lib" && ls libcudart.so.* | head -n 1)" "$TMP/cuda/lib/libcudart.so"
      NVCC=$TMP/cuda/bin/nvcc
    fi
    [ -x "$NVCC" ] || { echo "build_horovod: torch is a CUDA build, so Horovod needs nvcc (no $NVCC)" >&2; exit 1; }
    touch "$TMP/probe.cu"
    CUDA_ROOT=$(cd "$TMP" && "$NVCC" --dryrun -c probe.cu 2>&1 | sed -n 's/^#\$ _HERE_=\(.*\)\/bin$/\1/p')
    [ -n "$CUDA_ROOT" ] || { echo "build_horovod: cannot find the CUDA toolkit behind $NVCC" >&2; exit 1; }
    export CUDA_HOME=$CUDA_ROOT HOROVOD_CUDA_HOME=$CUDA_ROOT
    export HOROVOD_BUILD_CUDA_CC_LIST=${HOROVOD_BUILD_CUDA_CC_LIST:-75}
    PATH="$CUDA_ROOT/bin:$PATH"
  fi
  export PATH
  {
    echo "build_horovod: cmake: $(command -v cmake) ($(cmake --version | head -n 1))"
    echo "build_horovod: nvcc: $(command -v nvcc || echo none)${CUDA_HOME:+ -> $(readlink -f "$CUDA_HOME/bin/nvcc")}"
    echo "build_horovod: c++: $REAL_CXX ($("$REAL_CXX" --version | head -n 1))"
  } | tee "$LOG"

  # 3. Gloo only (no MPI, no NCCL): horovodrun --gloo starts the ranks itself, no ssh or mpirun needed.
  #    cmake >= 4 refuses the old cmake_minimum_required of the bundled gloo without the policy minimum.
  if ! CXX="$TMP/c++" HOROVOD_WITH_PYTORCH=1 HOROVOD_WITHOUT_TENSORFLOW=1 HOROVOD_WITHOUT_MXNET=1 \
    HOROVOD_WITH_GLOO=1 HOROVOD_WITHOUT_MPI=1 HOROVOD_CPU_OPERATIONS=gloo \
    CMAKE_POLICY_VERSION_MINIMUM=3.5 MAKEFLAGS="-j${HOROVOD_BUILD_JOBS:-$(nproc)}" \
    "$PY" -m pip wheel -v --disable-pip-version-check --no-deps --no-build-isolation --no-cache-dir \
    -w "$TMP/out" "horovod==$HOROVOD" >>"$LOG" 2>&1; then
    tail -n 40 "$LOG" >&2
    echo "build_horovod: the build failed; its whole log: $LOG" >&2
    exit 1
  fi
  mkdir -p "$WHEELS"
  mv "$TMP"/out/horovod-$HOROVOD-*.whl "$WHEELS/"
fi

pip_install --no-deps "cloudpickle==$CLOUDPICKLE" "$WHEELS"/horovod-$HOROVOD-*.whl
"$PY" -c 'import horovod, horovod.torch as hvd
assert hvd.gloo_built(), "built without gloo"
print("build_horovod: horovod", horovod.__version__, "installed; gloo", hvd.gloo_built(), "cuda", hvd.cuda_built())'
