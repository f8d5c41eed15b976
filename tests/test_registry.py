import pytest

from grader.registry import Lab, all_labs, resolve_lab
from grader.results import passed


def make_lab():
    return Lab("07", "demo", "Demo", editable=("a.cu",), docs="lab/07-demo.md")


def test_registry_rejects_duplicate_id():
    lab = make_lab()
    lab.check("07.unit.one", points=1)(lambda ctx: passed("ok"))
    with pytest.raises(ValueError, match="duplicate"):
        lab.check("07.unit.one", points=1)(lambda ctx: passed("ok"))


def test_registry_rejects_malformed_id():
    lab = make_lab()
    with pytest.raises(ValueError, match="must look like"):
        lab.check("07-unit-one", points=1)(lambda ctx: passed("ok"))
    with pytest.raises(ValueError, match="must look like"):
        lab.check("08.unit.one", points=1)(lambda ctx: passed("ok"))


def test_registry_rejects_unknown_parent():
    lab = make_lab()
    with pytest.raises(ValueError, match="not declared before"):
        lab.check("07.unit.child", points=1, needs=("07.unit.parent",))(lambda ctx: passed("ok"))


def test_registry_ids_are_unique_across_all_labs():
    ids = [c.id for lab in all_labs() for c in lab.checks]
    assert len(ids) == len(set(ids))
    assert all(lab.checks and lab.checks[0].doc.strip() for lab in all_labs())


@pytest.mark.parametrize("token", ["01", "1", "01-naive-kernel", "naive-kernel", "labs/01-naive-kernel/"])
def test_resolve_lab_accepts_number_name_and_slug(token):
    assert resolve_lab(token, all_labs()).number == "01"


def test_resolve_lab_returns_none_for_unknown():
    assert resolve_lab("42", all_labs()) is None
    assert resolve_lab("softmax", all_labs()) is None
