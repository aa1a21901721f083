#!/bin/sh
# An exec adapter that answers the hello line with something else, for the runner's tests.
read -r line
echo "hi there"
