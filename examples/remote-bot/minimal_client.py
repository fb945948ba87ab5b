"""A remote bot written from docs/server.md alone, with nothing but the `websockets` library: it takes a seat with
its link and plays random legal actions until the game is over, then prints the returns.

    python minimal_client.py 'http://127.0.0.1:8000/play/TABLE#token=TOKEN'
"""

import json
import random
import secrets
import sys
from urllib.parse import urlsplit

from websockets.sync.client import connect


def main(link: str) -> None:
    parts = urlsplit(link)
    table = parts.path.rstrip("/").split("/")[-1]
    token = parts.fragment.removeprefix("token=")
    scheme = "wss" if parts.scheme == "https" else "ws"
    with connect(f"{scheme}://{parts.netloc}/ws/tables/{table}") as socket:
        socket.send(json.dumps({"type": "join", "token": token}))
        acted_at = None
        while True:
            frame = json.loads(socket.recv(timeout=60))
            if frame["type"] == "error" and frame["code"] not in ("stale", "not-your-turn"):
                sys.exit(f"refused: {frame['code']}: {frame['message']}")
            if frame["type"] != "state":
                continue
            if frame["status"] == "over":
                print("returns", frame["returns"])
                return
            # Act where play waits for this seat, once per version; optional moments are let pass.
            if frame["seat"] in frame["to_act"] and frame["legal"] and acted_at != frame["version"]:
                acted_at = frame["version"]
                action = random.choice(frame["legal"])
                request = {"type": "act", "token": token, "action": action, "version": frame["version"]}
                socket.send(json.dumps({**request, "request_id": secrets.token_hex(12)}))


if __name__ == "__main__":
    main(sys.argv[1])
