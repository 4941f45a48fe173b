"""`python -m tableserver serve|class`: the table service, alone or with Voila for a class."""
from __future__ import annotations

import argparse
import os
import sys

DEFAULT_PORT = 8765


def _service_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: the whole network)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--data", default=os.environ.get("MEGACORPS_DATA"),
                        help="folder of the SQLite database (default ~/.local/share/megacorps)")
    parser.add_argument("--database", default=os.environ.get("MEGACORPS_DATABASE_URL"),
                        help="a PostgreSQL URL (postgresql://user:password@host/db) instead of SQLite")
    parser.add_argument("--bot-pause", type=float, default=float(os.environ.get("MEGACORPS_BOT_PAUSE", "0.5")),
                        help="seconds between two bot moves, so that people can follow (default 0.5)")
    parser.add_argument("--create-key", default=os.environ.get("MEGACORPS_CREATE_KEY"),
                        help="if set, opening a table needs this key")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tableserver", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the table service")
    _service_args(serve)
    klass = sub.add_parser("class", help="the table service and Voila, for a class on one machine")
    _service_args(klass)
    klass.set_defaults(host="0.0.0.0")
    klass.add_argument("--voila-port", type=int, default=8866)
    klass.add_argument("--service-host", default=None,
                       help="address of the table service (default 127.0.0.1: only this machine's "
                            "kernels reach it; 0.0.0.0 for play-by-notebook from other machines)")
    klass.add_argument("--public-url", default=None,
                       help="Voila's address as the players' browsers reach it, for the links "
                            "(default: this machine's network address)")
    args = parser.parse_args(argv)
    if args.command == "serve":
        return serve_forever(args)
    from .classroom import run_class
    return run_class(args)


def serve_forever(args) -> int:
    import uvicorn

    from .app import make_app
    from .messages import TRANSPORT_MAX
    from .store import Store, database_url
    store = Store(database_url(args.database, args.data))
    app = make_app(store, args.bot_pause, args.create_key)
    print(f"MegaCorps table service on http://{args.host}:{args.port} "
          f"(database: {store.engine.url.render_as_string(hide_password=True)})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_ping_interval=20,
                ws_max_size=TRANSPORT_MAX)
    return 0


if __name__ == "__main__":
    sys.exit(main())
