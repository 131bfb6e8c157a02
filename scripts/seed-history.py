#!/usr/bin/env python3
"""Seeds a sharevia history database with N random shares (and their attempts), for the history
benchmark. The database must exist with sharevia's schema (any recorded share creates it).
Usage: scripts/seed-history.py DATABASE SHARES [SEED]
Shares are spread over the 365 days before 2026-11-01; 1 to 3 attempts each."""
import random
import sqlite3
import sys

path, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 26)
destinations = ["file", "mastodon", "bluesky", "x", "email", "clipboard", "sms", "instagram"]
failures = [("transient-failure", "rate-limited"), ("permanent-failure", "rejected-by-server"),
            ("unavailable", None), ("unknown", "no-answer"), ("timed-out", None)]
kinds = [None, "quote", "stat", "announcement", "photo"]
end = 1_793_491_200_000_000  # 2026-11-01T00:00:00Z in microseconds
start = end - 365 * 86_400 * 1_000_000
db = sqlite3.connect(path)
db.execute("PRAGMA synchronous = OFF")
shares, attempts = [], []
for index in range(count):
    micros = rng.randrange(start, end)
    share_id = "%d-%016x" % (micros, index)
    chain = rng.sample(destinations, rng.randint(1, 3))
    delivered_by = None
    outcome = "not-delivered"
    position = 0
    for hop, destination in enumerate(chain):
        succeeds = rng.random() < 0.6
        last = hop == len(chain) - 1
        if succeeds:
            result = rng.choice(["delivered", "handed-off"])
            attempts.append((share_id, position, micros, destination, 1, result, None, "done",
                             rng.uniform(1, 2000), 0, '{"summary":"done"}'))
            delivered_by = destination
            first = hop == 0
            outcome = {("delivered", True): "delivered", ("handed-off", True): "handed-off",
                       ("delivered", False): "delivered-by-fallback",
                       ("handed-off", False): "handed-off-by-fallback"}[(result, first)]
            break
        result, code = rng.choice(failures)
        attempts.append((share_id, position, micros, destination, 1, result, code, "failed",
                         rng.uniform(1, 2000), 0 if last else 1, None))
        position += 1
    kind = rng.choice(kinds)
    shares.append((share_id, micros, kind, "dusk" if kind else None, "[]", outcome, delivered_by, 0, 0, 0, None))
    if len(shares) >= 50_000:
        db.executemany("INSERT INTO shares VALUES (?,?,?,?,?,?,?,?,?,?,?)", shares)
        db.executemany("INSERT INTO attempts VALUES (?,?,?,?,?,?,?,?,?,?,?)", attempts)
        shares, attempts = [], []
db.executemany("INSERT INTO shares VALUES (?,?,?,?,?,?,?,?,?,?,?)", shares)
db.executemany("INSERT INTO attempts VALUES (?,?,?,?,?,?,?,?,?,?,?)", attempts)
db.commit()
db.execute("ANALYZE")
db.commit()
