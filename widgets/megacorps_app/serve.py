"""`megacorps-play` (or `python -m widgets.megacorps_app.serve`): the README's Play command.

Voila serving the whole `notebooks/` folder, with the app (`play.ipynb`) as its landing page:
the address it prints and the browser it opens show the app, and the app's links into the
lessons (`05-payouts.ipynb`, relative to the app's page) open each lesson as a page of its
own. A Voila serving only `notebooks/play.ipynb` answers every address with the app, so the
lessons could not be reached from it. The app is at `voila/render/play.ipynb`, the same place
relative to the lessons as on Binder (`voila/render/notebooks/play.ipynb`), so one relative
link works in both.

Run it from the repository's folder: Voila reads `voila.json` there (the app's template,
preheated kernels, culling). Any Voila option may follow, e.g. `--port=8870 --no-browser`.
"""
from __future__ import annotations

import sys
from pathlib import Path

from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from voila.app import Voila

APP_PAGE = "voila/render/play.ipynb"


class PlayVoila(Voila):
    """Voila on the notebooks folder whose root address leads to the app."""

    def init_handlers(self) -> list:
        # Voila's directory listing answers the root address; the app answers it here
        # (first match wins in Tornado). The listing stays at voila/tree.
        landing = (url_path_join(self.server_url, "/?"), RedirectHandler,
                   {"url": url_path_join(self.base_url, APP_PAGE), "permanent": False})
        return [landing, *super().init_handlers()]

    @property
    def display_url(self) -> str:
        url, _, query = super().display_url.partition("?")
        return url_path_join(url, APP_PAGE) + (f"?{query}" if query else "")


def notebooks_folder(cwd: Path | None = None) -> Path:
    """The notebooks folder of the repository Voila is started from (where voila.json is)."""
    folder = (cwd or Path.cwd()) / "notebooks"
    if not (folder / "play.ipynb").exists():
        raise SystemExit("Run this from the MegaCorps repository's folder (it serves notebooks/, "
                         "whose play.ipynb is the app, with the settings of voila.json there).")
    return folder


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    PlayVoila.launch_instance(argv=[str(notebooks_folder()), *args])


if __name__ == "__main__":
    main()
