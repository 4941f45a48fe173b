"""The app's kernel manager (widgets/megacorps_app/kernels.py): the class pool size from the environment."""
import pytest

from widgets.megacorps_app.kernels import POOL_VARIABLE, pool_size_from_environment


def test_pool_size_from_environment(monkeypatch):
    monkeypatch.delenv(POOL_VARIABLE, raising=False)
    assert pool_size_from_environment(2) == 2
    monkeypatch.setenv(POOL_VARIABLE, " 12 ")
    assert pool_size_from_environment(2) == 12


@pytest.mark.parametrize("raw, says", [("ten", "whole number"), ("-1", "from 0 to 200"), ("500", "from 0 to 200")])
def test_a_bad_pool_size_names_the_variable(monkeypatch, raw, says):
    monkeypatch.setenv(POOL_VARIABLE, raw)
    with pytest.raises(ValueError, match=says) as err:
        pool_size_from_environment()
    assert POOL_VARIABLE in str(err.value)
