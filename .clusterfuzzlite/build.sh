#!/bin/bash -eu
# ClusterFuzzLite build: the same as OSS-Fuzz's (fuzz/oss-fuzz/build.sh).
exec "$SRC/ariasuite/fuzz/oss-fuzz/build.sh" "$@"
