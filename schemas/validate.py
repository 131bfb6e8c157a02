#!/usr/bin/env python3
"""Validates sharevia plugin protocol messages against the JSON Schemas beside this script.

Usage: validate.py MESSAGES.jsonl
Each line is {"operation": "describe|check|deliver", "direction": "request|answer", "message": {...}}.
Prints {"checked": N, "errors": ["line 3: deliver answer: 'retryable' is a required property", ...]}
and exits 1 when any message is invalid. Uses the `jsonschema` package (Debian: python3-jsonschema).
"""
import json
import pathlib
import sys

import jsonschema

here = pathlib.Path(__file__).resolve().parent / "plugin-v1"
validators = {}
for path in here.glob("*.schema.json"):
    schema = json.loads(path.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validators[path.name[: -len(".schema.json")]] = jsonschema.Draft202012Validator(schema)

checked = 0
errors = []
for number, line in enumerate(pathlib.Path(sys.argv[1]).read_text().splitlines(), 1):
    if not line.strip():
        continue
    record = json.loads(line)
    name = "%s-%s" % (record["operation"], record["direction"])
    for error in validators[name].iter_errors(record["message"]):
        errors.append("line %d: %s %s: %s" % (number, record["operation"], record["direction"], error.message))
    checked += 1
print(json.dumps({"checked": checked, "errors": errors}))
sys.exit(1 if errors else 0)
