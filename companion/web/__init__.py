"""Every seat sees the table: a phone view served by the table app on the local network.

  hub.py        the loop's side: phone requests in (answered through `dispatch`), snapshots out
  asking.py     a phone request: what the web thread queues for the loop, how long it waits
  phoneview.py  the phone view (one JSON per language) built from the game API
  hostside.py   what the host's phone may ask: teach a card, settings, the downloads
  pairing.py    tokens and short codes (players, host); CSRF tokens
  server.py     the web thread: uvicorn on our own socket, mDNS (mdns.py)
  pages.py      the pages and the API (Starlette's requests and responses)
  guard.py      the limits on a shared network and the security headers
  words.py      the pages' own words in the phone's language
  exports.py    the end-of-game card as PNG, drawn in a child process
  static/       the one page template, its script and style

Nothing here loads on the way to READY: `companion run` parses the address with
companion/gamedata/address.py and makes the `Hub`; the server and its libraries start from the
loop's first frame.
"""
