#!/bin/bash
# Compiles one Java exec adapter into a jar (the Bazel genrule of //oracles:bouncycastle_adapter):
#   build_java_adapter.sh OUT.jar SOURCE.java [CLASSPATH_JAR]
# (no CLASSPATH_JAR: the library's package is missing, Debian's path is named in the error)
# Fails with one line naming the missing Debian package when javac, jar or the library jar is absent.
set -euo pipefail
out="$1" src="$2" classpath="${3:-/usr/share/java/bcprov.jar}"
for tool in javac jar; do
  command -v "$tool" >/dev/null ||
    { echo "build_java_adapter: $tool not found: install default-jdk-headless" >&2; exit 1; }
done
[[ -r "$classpath" ]] ||
  { echo "build_java_adapter: $classpath not found: install libbcprov-java" >&2; exit 1; }
classes="$(mktemp -d)"
trap 'rm -rf "$classes"' EXIT
javac -nowarn -Xlint:-path -encoding US-ASCII -d "$classes" -cp "$classpath" "$src"
jar --create --file "$out" --date=2000-01-01T00:00:00Z -C "$classes" .
