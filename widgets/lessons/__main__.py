"""Refresh lesson notebooks the way they are committed: python -m widgets.lessons notebooks/05-payouts.ipynb ..."""
import sys

from . import refresh_notebook

for name in sys.argv[1:]:
    refresh_notebook(name)
    print(f"refreshed {name}")
