#!/bin/sh
# An exec adapter that greets and then exits at the first request, for the runner's tests.
read -r line
echo "hello ariasuite-exec 1 dying-adapter"
read -r line
exit 3
