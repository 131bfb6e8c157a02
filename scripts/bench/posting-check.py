#!/usr/bin/env python3
"""Reads what one post left in a loopback server's request log (Tests/TestSupport/http-server.py)
and says what arrived, for scripts/bench-posting.sh.

Usage: posting-check.py mastodon|bluesky LOG FIRST_LINE ALT_TEXT CARD_FILE_NAME URL TAG
  LOG         the server's request log (one JSON object a line)
  FIRST_LINE  the number of lines the log had before the post (the post's requests follow)

Prints one line of tab-separated columns:
  posted      yes when the status (POST /api/v1/statuses) or the record
              (com.atproto.repo.createRecord) arrived, else no
  requests    the requests of the post, in order
  media       the endpoint the image went to (/api/v2/media, /api/v1/media, uploadBlob with its
              Content-Type, and whether the record gives the image's aspectRatio)
  alt         yes when the alt text arrived as sent (Mastodon: the `description` field of the
              media upload; Bluesky: the image's `alt` in the record), else what arrived
  name_as_alt yes when the card's file name arrived as the alt text
  retry_key   Mastodon: "header" when Idempotency-Key arrived as an HTTP header (the only place
              the server reads it), "JSON body (ignored)" when it was in the body, "none";
              Bluesky: "rkey" when createRecord named the record key (a TID; a retry then can't
              post twice), "none (server picks)"
  links       Bluesky: whether the text's link and hashtag have facets with exact UTF-8 byte
              ranges (without facets Bluesky shows them as plain text); Mastodon: "server"
              (Mastodon finds links and hashtags itself)
  valid       Bluesky: the record checked by the atproto SDK's model with strict string formats
              (run with .build-venv's Python); Mastodon: "-"
"""
import base64
import json
import re
import sys
import urllib.parse


def entries(log, first):
    with open(log) as source:
        lines = source.read().splitlines()[first:]
    return [json.loads(line) for line in lines if line.strip()]


def body(entry):
    return base64.b64decode(entry.get("body", ""))


def header(entry, name):
    for key, value in entry["headers"]:
        if key.lower() == name.lower():
            return value
    return None


def mastodon(requests, alt, card_name):
    media = [e for e in requests if e["method"] == "POST" and e["path"].split("?")[0] in ("/api/v1/media", "/api/v2/media")]
    statuses = [e for e in requests if e["method"] == "POST" and e["path"].split("?")[0] == "/api/v1/statuses"]
    columns = {"posted": "yes" if statuses else "no", "links": "server", "valid": "-"}
    columns["media"] = ", ".join(e["path"].split("?")[0] for e in media) or "none"
    description = None
    if media:
        fields = {part.get("name"): part.get("value") for part in media[0].get("parts") or []}
        description = fields.get("description")
        if description is None:  # Mastodon.py and others may send it in the query instead
            query = urllib.parse.parse_qs(urllib.parse.urlsplit(media[0]["path"]).query)
            description = (query.get("description") or [None])[0]
    columns["alt"] = "yes" if description == alt else f"no ({description!r})" if description is not None else "no (none)"
    columns["name_as_alt"] = "yes" if description == card_name else "no"
    key = "none"
    if statuses:
        status = statuses[0]
        raw = body(status)
        if header(status, "Idempotency-Key"):
            key = "header"
        else:
            try:
                fields = json.loads(raw)
            except ValueError:
                fields = urllib.parse.parse_qs(raw.decode("utf-8", "replace"))
            if isinstance(fields, dict) and any(name.lower().replace("_", "-") == "idempotency-key" for name in fields):
                key = "body (ignored)"
    columns["retry_key"] = key
    return columns


def utf8_slice(text, start, end):
    return text.encode("utf-8")[start:end].decode("utf-8", "replace")


def bluesky(requests, alt, card_name, url, tag):
    uploads = [e for e in requests if e["path"].startswith("/xrpc/com.atproto.repo.uploadBlob")]
    creates = [e for e in requests if e["path"].startswith("/xrpc/com.atproto.repo.createRecord")]
    columns = {"posted": "yes" if creates else "no"}
    columns["media"] = "uploadBlob (%s)" % header(uploads[0], "Content-Type") if uploads else "none"
    if not creates:
        columns.update(alt="no (none)", name_as_alt="no", retry_key="none", links="-", valid="-")
        return columns
    request = json.loads(body(creates[0]))
    record = request.get("record", {})
    images = (record.get("embed") or {}).get("images") or []
    image_alt = images[0].get("alt") if images else None
    columns["alt"] = "yes" if image_alt == alt else f"no ({image_alt!r})"
    ratio = images[0].get("aspectRatio") if images else None
    columns["media"] += ", aspectRatio %sx%s" % (ratio.get("width"), ratio.get("height")) if ratio else ", no aspectRatio"
    columns["name_as_alt"] = "yes" if image_alt == card_name else "no"
    rkey = request.get("rkey")
    tid = re.fullmatch(r"[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}", rkey or "")
    columns["retry_key"] = "rkey (TID)" if tid else f"rkey {rkey!r} (not a TID)" if rkey else "none (server picks)"
    text = record.get("text", "")
    found = {"link": False, "tag": False}
    wrong = []
    for facet in record.get("facets") or []:
        index = facet.get("index", {})
        covered = utf8_slice(text, index.get("byteStart", 0), index.get("byteEnd", 0))
        for feature in facet.get("features", []):
            kind = feature.get("$type", "")
            if kind == "app.bsky.richtext.facet#link" and feature.get("uri") == url:
                found["link"] = True
                if covered != url:
                    wrong.append(f"link covers {covered!r}")
            elif kind == "app.bsky.richtext.facet#tag" and feature.get("tag") == tag:
                found["tag"] = True
                if covered != "#" + tag:
                    wrong.append(f"tag covers {covered!r}")
    needed = [kind for kind, word in (("link", url), ("tag", "#" + tag)) if word in text]
    missing = [kind for kind in needed if not found[kind]]
    if wrong:
        columns["links"] = "wrong: " + "; ".join(wrong)
    elif missing:
        columns["links"] = "no facet: " + ", ".join(missing) + " (plain text)"
    else:
        columns["links"] = "exact" if needed else "no link or tag in the text"
    columns["valid"] = strictly_valid(record)
    return columns


def strictly_valid(record):
    try:
        from atproto_client import models
        from atproto_client.models.utils import get_or_create
    except ImportError:
        return "not checked (no atproto SDK)"
    try:
        model = get_or_create(record, models.AppBskyFeedPost.Record, strict_string_format=True)
    except Exception as error:  # the SDK raises its ModelError or pydantic's ValidationError
        return "no: " + str(error).splitlines()[0]
    return "yes" if isinstance(model, models.AppBskyFeedPost.Record) else "no: not a post record"


def main():
    kind, log, first, alt, card_name, url, tag = sys.argv[1:8]
    requests = entries(log, int(first))
    if kind == "mastodon":
        columns = mastodon(requests, alt, card_name)
    else:
        columns = bluesky(requests, alt, card_name, url, tag)
    columns["requests"] = ", ".join(f'{e["method"]} {e["path"].split("?")[0]}' for e in requests)
    order = ["posted", "requests", "media", "alt", "name_as_alt", "retry_key", "links", "valid"]
    print("\t".join(columns[name] for name in order))


if __name__ == "__main__":
    main()
