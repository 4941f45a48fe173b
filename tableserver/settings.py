"""The service's secrets (the database URL, the host key): from the environment or a file,
never from a command line, which `ps` shows to every user of the machine."""
from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

SECRETS = ("MEGACORPS_CREATE_KEY", "MEGACORPS_CREATE_KEY_FILE", "MEGACORPS_DATABASE_URL", "MEGACORPS_DATABASE_FILE")


def _secret(value: str | None, file: str | None, what: str) -> str | None:
    """A secret from a file (first line) or the environment, never from the command line."""
    if file:
        try:
            return Path(file).expanduser().read_text().strip() or None
        except OSError as err:
            raise SystemExit(f"cannot read {what} from {file}: {err.strerror}") from None
    return value or None


def secrets_from(args) -> tuple[str | None, str | None]:
    """(database URL, host key) from the environment or their files. A database URL with a
    password on the command line is refused: every user of the machine can read it in ps."""
    if args.database and urlsplit(args.database).password:
        raise SystemExit("--database: do not put the password on the command line (ps shows it to every "
                         "user of this machine). Put the URL in MEGACORPS_DATABASE_URL or in a file named by "
                         "--database-file, or keep the password in PGPASSWORD or ~/.pgpass.")
    database = args.database or _secret(os.environ.get("MEGACORPS_DATABASE_URL"), args.database_file,
                                        "the database URL")
    return database, _secret(os.environ.get("MEGACORPS_CREATE_KEY"), args.create_key_file, "the host key")

