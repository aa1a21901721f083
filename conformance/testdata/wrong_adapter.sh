#!/bin/sh
# A deliberately wrong exec adapter for the runner's tests (PROTOCOL.md): it greets correctly, then
# accepts every request and answers one zero byte, so every vector fails on it.
while IFS= read -r line; do
  case "$line" in
    hello*) echo "hello ariasuite-exec 1 wrong-adapter" ;;
    *) echo "ok out=00 tag=00" ;;
  esac
done
