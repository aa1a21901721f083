"""Bazel's build event protocol file (`--build_event_json_file`): ariasuite's one Python reader.

read_events gives the file's events (one JSON object a line). test_result gives what one
testResult event says of one run, shard and attempt of a test: a TestResult of its label, run and
shard (1 when Bazel names none), status (PASSED, FAILED, TIMEOUT, FLAKY...; NO_STATUS when the
event has none; None when the event carries no result at all, as for a test the run aborted before
it started) and files, its outputs by name ("test.xml", "test.log") as local paths.
"""
import collections
import json
import urllib.parse

TestResult = collections.namedtuple("TestResult", "label run shard status files")


def read_events(path):
    """(events, error): the events of the lines that parse, in file order, and None; or, when the
    file cannot be read or a line is not JSON, error is one line saying so (the first bad line)."""
    try:
        with open(path) as f:
            lines = f.readlines()
    except (OSError, ValueError) as e:  # ValueError: not UTF-8
        return [], "cannot read the build event file %s: %s" % (path, e)
    events, error = [], None
    for line in lines:
        if not line.strip():
            continue
        try:
            events.append(json.loads(line))
        except ValueError as e:
            error = error or "cannot read the build event file %s: %s" % (path, e)
    return events, error


def test_result(event):
    """The TestResult of a testResult event, None for any other event."""
    rid = event.get("id", {}).get("testResult")
    if rid is None:
        return None
    payload = event.get("testResult")
    files = {}
    for out in (payload or {}).get("testActionOutput", []):
        if out.get("uri", "").startswith("file://"):
            files[out.get("name")] = urllib.parse.unquote(out["uri"][len("file://"):])
    return TestResult(rid.get("label", "?"), rid.get("run", 1), rid.get("shard", 1),
                      None if payload is None else payload.get("status", "NO_STATUS"), files)
