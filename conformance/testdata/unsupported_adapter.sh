#!/bin/sh
# An exec adapter that greets and then answers `unsupported` to every request: it never tests
# anything, for the gate's tests.
read -r line
echo "hello ariasuite-exec 1 unsupported-adapter"
while read -r line; do
  echo "unsupported nothing here"
done
