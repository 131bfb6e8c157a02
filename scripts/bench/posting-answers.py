#!/usr/bin/env python3
"""Writes the scripted answers of scripts/bench-posting.sh's two loopback servers.

Usage: posting-answers.py CARD OUT_DIR

OUT_DIR/mastodon.json scripts Tests/TestSupport/http-server.py as a Mastodon server, answering
what sharevia, Apprise's Mastodon plugin and Mastodon.py call to post an image with text:
  GET  /api/v1/instance(/)   Mastodon.py reads the version here (it picks v1 or v2 media by it)
  GET  /api/v2/instance(/)   the limits (configuration.statuses, configuration.media_attachments)
  POST /api/v2/media         200 with a ready image attachment (Mastodon 4 answers images so)
  POST /api/v1/media         the same (Apprise uploads here)
  POST /api/v1/statuses      the status, with its id and url
  GET  /api/v1/accounts/verify_credentials
OUT_DIR/pds.json scripts it as a Bluesky PDS for sharevia, and OUT_DIR/pds_sdk.json the same
for the atproto SDK's send_image, which names no record key, so that server picks one:
  com.atproto.server.createSession (JWTs whose exp is in 2100), refreshSession,
  app.bsky.actor.getProfile (the SDK's login reads the DID there), com.atproto.repo.uploadBlob
  (the blob's CID computed from the card), com.atproto.repo.createRecord (its uri names the
  record key the client chose, as a PDS does: http-server.py's echo), resolveHandle,
  describeServer.
Anything else gets a 404 with Mastodon's or XRPC's error shape, so a call the script did not
expect shows up in the request log and fails the post.
"""
import base64
import hashlib
import json
import os
import sys

HOST = "bench.example"
ACCOUNT_ID = "109000000000000001"
STATUS_ID = "113500000000000001"
MEDIA_ID = "113500000000000002"
DID = "did:plc:ewvi7nxzyoun6zhxrhs64oiz"
HANDLE = "sharevia-bench.bsky.social"
SERVER_RKEY = "3lcbench22222"


def cid(codec, data):
    """A CIDv1 (sha2-256) in base32, as the PDS writes it: raw (0x55) for blobs, dag-cbor (0x71)."""
    raw = bytes([0x01, codec, 0x12, 0x20]) + hashlib.sha256(data).digest()
    return "b" + base64.b32encode(raw).decode().lower().rstrip("=")


def jwt(payload):
    def part(value):
        return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")
    return ".".join([part({"typ": "at+jwt", "alg": "ES256K"}), part(payload), part({"sig": "bench"})])


def mastodon():
    account = {
        "id": ACCOUNT_ID, "username": "bench", "acct": "bench", "display_name": "Bench",
        "locked": False, "bot": False, "discoverable": False, "group": False,
        "created_at": "2026-11-01T00:00:00.000Z", "note": "", "url": f"https://{HOST}/@bench",
        "uri": f"https://{HOST}/users/bench", "avatar": f"https://{HOST}/avatar.png",
        "avatar_static": f"https://{HOST}/avatar.png", "header": f"https://{HOST}/header.png",
        "header_static": f"https://{HOST}/header.png", "followers_count": 0, "following_count": 0,
        "statuses_count": 1, "last_status_at": "2026-11-26", "emojis": [], "fields": [],
    }
    media = {
        "id": MEDIA_ID, "type": "image", "url": f"https://{HOST}/system/media/card.png",
        "preview_url": f"https://{HOST}/system/media/small/card.png", "remote_url": None,
        "preview_remote_url": None, "text_url": None,
        "meta": {"original": {"width": 1080, "height": 1920, "size": "1080x1920", "aspect": 0.5625},
                 "small": {"width": 360, "height": 640, "size": "360x640", "aspect": 0.5625},
                 "focus": {"x": 0.0, "y": 0.0}},
        "description": "(the server keeps what it was sent; the bench reads the request log)",
        "blurhash": "UFBWY:8_0Jxu%MRjWBay~qxu4nRjt7WBayfQ",
    }
    status = {
        "id": STATUS_ID, "created_at": "2026-11-26T12:00:00.000Z", "in_reply_to_id": None,
        "in_reply_to_account_id": None, "sensitive": False, "spoiler_text": "", "visibility": "public",
        "language": "en", "uri": f"https://{HOST}/users/bench/statuses/{STATUS_ID}",
        "url": f"https://{HOST}/@bench/{STATUS_ID}", "replies_count": 0, "reblogs_count": 0,
        "favourites_count": 0, "edited_at": None, "content": "<p>Seven days in a row</p>",
        "reblog": None, "application": {"name": "bench", "website": None}, "account": account,
        "media_attachments": [media], "mentions": [], "tags": [], "emojis": [], "card": None, "poll": None,
    }
    version = "4.5.0"
    v1 = {
        "uri": HOST, "title": "sharevia bench", "short_description": "", "description": "",
        "email": f"admin@{HOST}", "version": version, "urls": {"streaming_api": f"wss://{HOST}"},
        "stats": {"user_count": 1, "status_count": 1, "domain_count": 1}, "thumbnail": None,
        "languages": ["en"], "registrations": False, "approval_required": False,
        "invites_enabled": False, "contact_account": None, "rules": [],
        "configuration": {
            "statuses": {"max_characters": 500, "max_media_attachments": 4, "characters_reserved_per_url": 23},
            "media_attachments": {"supported_mime_types": ["image/jpeg", "image/png", "image/gif", "image/webp"],
                                  "image_size_limit": 16777216, "image_matrix_limit": 33177600,
                                  "video_size_limit": 103809024, "video_frame_rate_limit": 120,
                                  "video_matrix_limit": 8294400},
        },
    }
    v2 = {
        "domain": HOST, "title": "sharevia bench", "version": version,
        "source_url": "https://github.com/mastodon/mastodon", "description": "",
        "usage": {"users": {"active_month": 1}},
        "thumbnail": {"url": f"https://{HOST}/thumbnail.png"}, "languages": ["en"],
        "configuration": {
            "urls": {"streaming": f"wss://{HOST}"},
            "accounts": {"max_featured_tags": 10, "max_pinned_statuses": 5},
            "statuses": {"max_characters": 500, "max_media_attachments": 4, "characters_reserved_per_url": 23},
            "media_attachments": {"supported_mime_types": ["image/jpeg", "image/png", "image/gif", "image/webp"],
                                  "description_limit": 1500, "image_size_limit": 16777216,
                                  "image_matrix_limit": 33177600, "video_size_limit": 103809024,
                                  "video_frame_rate_limit": 120, "video_matrix_limit": 8294400},
            "polls": {"max_options": 4, "max_characters_per_option": 50, "min_expiration": 300,
                      "max_expiration": 2629746},
            "translation": {"enabled": False},
        },
        "registrations": {"enabled": False, "approval_required": False, "message": None},
        "api_versions": {"mastodon": 6},
        "contact": {"email": f"admin@{HOST}", "account": account},
        "rules": [],
    }
    ok = lambda body: [{"status": 200, "json": body}]
    return {
        "routes": {
            "/api/v1/instance": ok(v1), "/api/v1/instance/": ok(v1),
            "/api/v2/instance": ok(v2), "/api/v2/instance/": ok(v2),
            "/api/v2/media": ok(media), "/api/v1/media": ok(media),
            f"/api/v1/media/{MEDIA_ID}": ok(media),
            "/api/v1/statuses": ok(status),
            "/api/v1/accounts/verify_credentials": ok(account),
        },
        "default": {"status": 404, "json": {"error": "Record not found"}},
    }


def pds(card, client_picks_key):
    access = jwt({"scope": "com.atproto.appPass", "sub": DID, "aud": "did:web:bench.example",
                  "iat": 1795000000, "exp": 4102444800})
    refresh = jwt({"scope": "com.atproto.refresh", "sub": DID, "aud": "did:web:bench.example",
                   "jti": "bench", "iat": 1795000000, "exp": 4102444800})
    session = {"did": DID, "handle": HANDLE, "email": "bench@bench.example", "emailConfirmed": True,
               "accessJwt": access, "refreshJwt": refresh, "active": True}
    blob = {"$type": "blob", "ref": {"$link": cid(0x55, card)}, "mimeType": "image/png", "size": len(card)}
    record_cid = cid(0x71, b"sharevia bench record")
    # The record key the client chose (createRecord's rkey, through http-server.py's echo), or for
    # a client that names none, one the server picks.
    rkey = "{{rkey}}" if client_picks_key else SERVER_RKEY
    created = {"uri": f"at://{DID}/app.bsky.feed.post/{rkey}", "cid": record_cid,
               "commit": {"cid": cid(0x71, b"sharevia bench commit"), "rev": SERVER_RKEY},
               "validationStatus": "valid"}
    ok = lambda body: [{"status": 200, "json": body}]
    xrpc = "/xrpc/"
    return {
        "routes": {
            xrpc + "com.atproto.server.createSession": ok(session),
            xrpc + "com.atproto.server.refreshSession": ok(session),
            xrpc + "com.atproto.server.getSession": ok({"did": DID, "handle": HANDLE, "active": True}),
            xrpc + "com.atproto.server.describeServer": ok({"did": "did:web:bench.example",
                                                            "availableUserDomains": [".bsky.social"]}),
            xrpc + "app.bsky.actor.getProfile": ok({"did": DID, "handle": HANDLE, "displayName": "Bench"}),
            xrpc + "com.atproto.identity.resolveHandle": ok({"did": DID}),
            xrpc + "com.atproto.repo.uploadBlob": ok({"blob": blob}),
            xrpc + "com.atproto.repo.createRecord": [{"status": 200, "json": created, "echo": ["rkey"]}],
        },
        "default": {"status": 404, "json": {"error": "MethodNotImplemented", "message": "Method Not Implemented"}},
    }


def main():
    card_path, out = sys.argv[1], sys.argv[2]
    with open(card_path, "rb") as source:
        card = source.read()
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "mastodon.json"), "w") as script:
        json.dump(mastodon(), script)
    with open(os.path.join(out, "pds.json"), "w") as script:
        json.dump(pds(card, client_picks_key=True), script)
    with open(os.path.join(out, "pds_sdk.json"), "w") as script:
        json.dump(pds(card, client_picks_key=False), script)


if __name__ == "__main__":
    main()
