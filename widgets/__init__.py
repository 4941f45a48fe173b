"""Widgets built on the engine: the board (board/), the app page (table/), the lesson widgets
(lessons/) and the test and benchmark plumbing (testing/).

Importing plotly imports nbformat, which imports jsonschema, which imports `rfc3987_syntax`
when it is installed (jupyter-events pulls it in) to check the "iri" string format: that
package builds a grammar at import time, about 4 s of CPU on a quiet 2-core machine and 12 s
on a busy one, in every kernel that starts (every page of the app). Nothing here validates
IRIs, so it is kept out of this process: jsonschema then simply has no "iri" check.
"""
import sys

sys.modules.setdefault("rfc3987_syntax", None)
