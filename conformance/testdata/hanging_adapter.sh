#!/bin/sh
# An exec adapter that greets, then never answers a request (it sleeps until killed), for the
# tests of ARIASUITE_EXEC_TIMEOUT, the restart cap and the progress line.
read -r line
echo "hello ariasuite-exec 1 hanging-adapter"
read -r line
exec sleep 600
