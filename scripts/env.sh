# Sourced by the scripts: puts the CUDA toolkit on PATH when it is installed in its usual place.
if ! command -v nvcc >/dev/null 2>&1 && [ -x /usr/local/cuda/bin/nvcc ]; then
  PATH=/usr/local/cuda/bin:$PATH
  export PATH
fi
