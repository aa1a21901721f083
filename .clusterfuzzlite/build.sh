#!/bin/bash -eu
# ClusterFuzzLite build: the same as OSS-Fuzz's (tools/oss-fuzz/build.sh).
exec "$SRC/ariasuite/tools/oss-fuzz/build.sh" "$@"
