#!/usr/bin/env python3
"""The libFuzzer flags of a target's options file, fuzz/<target>_fuzzer.options: OSS-Fuzz's
format, an INI file whose [libfuzzer] section holds `name = value` lines, each one libFuzzer flag
`-name=value`. Other sections (OSS-Fuzz's [asan], [ubsan], ...) are read and left out. The one
reader of these files: `tools/ariasuite fuzz` (run_fuzzers.py) imports it, fuzz/tools/speed.sh
runs it.

Usage: fuzz_options.py FILE
  prints the flags, one a line (nothing for a file without a [libfuzzer] section). A file that
  is not such an INI file is one line on stderr naming FILE:LINE, and exit 2.
"""
import configparser
import os
import re
import sys

SECTION = "libfuzzer"
NAME = re.compile(r"[a-z_]+\Z")
VALUE = re.compile(r"\S+\Z")


class OptionsError(Exception):
    """A malformed options file; the message names FILE:LINE where it can."""


def _parser():
    p = configparser.ConfigParser(interpolation=None, delimiters=("=",), comment_prefixes=("#", ";"),
                                  inline_comment_prefixes=("#",), strict=True,
                                  empty_lines_in_values=False)
    p.optionxform = str  # libFuzzer's flag names are case-sensitive: keep them as written
    return p


def _raw_line(text, lineno):
    lines = text.splitlines()
    return lines[lineno - 1].strip() if 0 < lineno <= len(lines) else ""


def _line_of(text, section, name):
    """The 1-based line of `name =` in [section] of text, or None."""
    current = None
    for n, line in enumerate(text.splitlines(), 1):
        m = re.match(r"\s*\[(.*)\]\s*$", line)
        if m:
            current = m.group(1).strip()
        elif current == section and re.match(r"\s*%s\s*=" % re.escape(name), line):
            return n
    return None


def read_text(text, where):
    """The flags (`-name=value`, in file order) of the [libfuzzer] section of text, an options
    file's contents; where names it in errors."""
    p = _parser()
    try:
        p.read_string(text, source=where)
    except configparser.MissingSectionHeaderError as e:
        line = _raw_line(text, e.lineno)
        what = "not a [section] line" if line.startswith("[") else "a line before any [section]"
        raise OptionsError("%s:%d: %s: %r" % (where, e.lineno, what, line))
    except (configparser.DuplicateSectionError, configparser.DuplicateOptionError) as e:
        what = ("section [%s]" % e.section if isinstance(e, configparser.DuplicateSectionError)
                else "%r in [%s]" % (e.option, e.section))
        raise OptionsError("%s:%d: %s given twice" % (where, e.lineno, what))
    except configparser.ParsingError as e:
        lineno = e.errors[0][0]
        raise OptionsError("%s:%d: not a `name = value` line or a [section]: %r"
                           % (where, lineno, _raw_line(text, lineno)))
    except configparser.Error as e:
        raise OptionsError("%s: %s" % (where, str(e).splitlines()[0]))
    if not p.has_section(SECTION):
        return []
    flags = []
    for name, value in p.items(SECTION):
        at = "%s:%s" % (where, _line_of(text, SECTION, name) or "[%s]" % SECTION)
        if not NAME.match(name):
            raise OptionsError("%s: %r is not a libFuzzer flag name (lower-case letters and _)"
                               % (at, name))
        if value is None or not VALUE.match(value):
            raise OptionsError("%s: %s wants one word as its value, got %r" % (at, name, value))
        flags.append("-%s=%s" % (name, value))
    return flags


def read_file(path, where=None):
    """The flags of the options file at path ([] when there is none); where (default: path)
    names it in errors."""
    where = where or path
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as e:
        raise OptionsError("%s: cannot read: %s" % (where, e))
    return read_text(text, where)


def main(argv):
    if len(argv) != 1 or argv[0].startswith("-"):
        print("usage: fuzz/tools/fuzz_options.py FILE", file=sys.stderr)
        return 2
    if not os.path.isfile(argv[0]):
        print("fuzz_options: %s: no such file" % argv[0], file=sys.stderr)
        return 2
    try:
        flags = read_file(argv[0])
    except OptionsError as e:
        print("fuzz_options: %s" % e, file=sys.stderr)
        return 2
    for flag in flags:
        print(flag)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
