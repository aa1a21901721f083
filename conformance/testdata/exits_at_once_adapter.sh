#!/bin/sh
# An exec adapter that exits before reading anything, for the gate's tests.
exit 0
