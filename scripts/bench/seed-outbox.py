#!/usr/bin/env python3
"""Seeds a sharevia outbox with N items queued for the file destination, all due, for the outbox
benchmark (scripts/bench-outbox.sh). Usage: scripts/bench/seed-outbox.py DATABASE COUNT OUT [--folder-each]

The outbox queues only network destinations, so the items are made from one that sharevia itself
queued: DATABASE must hold exactly one item (scripts/bench-outbox.sh makes it with a share to a
Mastodon server that isn't there). Its stored request, written by sharevia's own codec, is the
template: each copy gets a new share id and the flags {"out": [OUT]} (with --folder-each,
{"out": [OUT/N]}: a folder of its own), is queued for "file" and due
a minute ago, and keeps the template's attachments (their bytes are copied into each item, as the
outbox does). The template is removed."""
import json
import sqlite3
import sys

path, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
folder_each = sys.argv[4:] == ["--folder-each"]
if count < 1 or count > 100_000:
    sys.exit("error: COUNT must be from 1 to 100000, not %d" % count)
db = sqlite3.connect(path)
rows = db.execute("SELECT id, request, created_us, expires_us FROM outbox_items").fetchall()
if len(rows) != 1:
    sys.exit("error: %s holds %d outbox items; the template must be the only one" % (path, len(rows)))
template_id, template, created, expires = rows[0]
request = json.loads(template)
if request.get("version") != 1 or "shareID" not in request or "flags" not in request:
    sys.exit("error: the template's stored request is not version 1 with shareID and flags: %s" % template[:200])
attachments = db.execute(
    "SELECT position, file_name, media_type, alt_text, bytes FROM outbox_attachments WHERE item_id = ?",
    (template_id,)).fetchall()
micros = int(request["shareID"].split("-")[0])
due = created  # the template was queued just now; each copy's next try is a minute before that
with db:
    db.execute("DELETE FROM outbox_attachments WHERE item_id = ?", (template_id,))
    db.execute("DELETE FROM outbox_items WHERE id = ?", (template_id,))
    for index in range(count):
        request["shareID"] = "%d-%016x" % (micros + index, 0xbe9c_0000_0000 + index)
        request["flags"] = {"out": ["%s/%d" % (out, index) if folder_each else out]}
        cursor = db.execute(
            """INSERT INTO outbox_items (share_id, destination, state, request, created_us, next_try_us,
                   expires_us, tries, last_error, last_error_code, updated_us)
               VALUES (?, 'file', 'queued', ?, ?, ?, ?, 0, 'seeded for the benchmark', 'transient-failure', ?)""",
            (request["shareID"], json.dumps(request, sort_keys=True, separators=(",", ":")).encode(),
             due - 60_000_000, due - 60_000_000, expires, due - 60_000_000))
        db.executemany(
            "INSERT INTO outbox_attachments (item_id, position, file_name, media_type, alt_text, bytes) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [(cursor.lastrowid,) + tuple(row) for row in attachments])
db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
db.close()
