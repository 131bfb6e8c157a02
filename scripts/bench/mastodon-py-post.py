#!/usr/bin/env python3
"""Posts a card with text and alt text through Mastodon.py, as a script would, for
scripts/bench-posting.sh. Usage: mastodon-py-post.py BASE_URL CARD TEXT ALT IDEMPOTENCY_KEY
(the token in SHAREVIA_MASTODON_TOKEN, as sharevia reads it)."""
import os
import sys

from mastodon import Mastodon

base_url, card, text, alt, key = sys.argv[1:6]
client = Mastodon(access_token=os.environ["SHAREVIA_MASTODON_TOKEN"], api_base_url=base_url)
media = client.media_post(card, mime_type="image/png", description=alt)
status = client.status_post(text, media_ids=[media], visibility="public", language="en", idempotency_key=key)
print(status["url"])
