"""Keeping the course:

    python -m widgets.lessons notebooks/05-payouts.ipynb ...   refresh lesson notebooks as committed
    python -m widgets.lessons open SEALED > plain.json           the self-checks, plain (for authors)
    python -m widgets.lessons seal plain.json SEALED             seal them again (widgets/lessons/checks.py)
"""
import sys

from . import refresh_notebook
from .checks import main as checks_main

if sys.argv[1:2] and sys.argv[1] in ("open", "seal"):
    checks_main(sys.argv[1:])
else:
    for name in sys.argv[1:]:
        refresh_notebook(name)
        print(f"refreshed {name}")
