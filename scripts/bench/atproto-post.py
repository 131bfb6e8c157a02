#!/usr/bin/env python3
"""Posts a card with text and alt text through the atproto SDK's send_image, as its docs show,
for scripts/bench-posting.sh. Usage: atproto-post.py PDS_URL CARD TEXT ALT (the handle and app
password in SHAREVIA_BLUESKY_HANDLE and SHAREVIA_BLUESKY_APP_PASSWORD, as sharevia reads them)."""
import os
import sys

from atproto import Client

pds, card, text, alt = sys.argv[1:5]
client = Client(base_url=pds)
client.login(os.environ["SHAREVIA_BLUESKY_HANDLE"], os.environ["SHAREVIA_BLUESKY_APP_PASSWORD"])
with open(card, "rb") as image:
    post = client.send_image(text=text, image=image.read(), image_alt=alt)
print(post.uri)
