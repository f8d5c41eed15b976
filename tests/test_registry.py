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


def chain_lab():
    """a -> b -> c, and d beside them; b's lane its own."""
    lab = Lab("07", "demo", "Demo", editable=("a.cu",), docs="lab/07-demo.md")
    for cid, needs, lane in (("07.a.one", (), "main"), ("07.a.two", ("07.a.one",), "other"),
                             ("07.ab.three", ("07.a.two",), "main"), ("07.d.four", (), "main")):
        lab.check(cid, points=1, needs=needs, lane=lane)(lambda ctx: passed("ok"))
    return lab


def test_choosing_a_check_keeps_what_it_needs_in_order():
    """make grade CHECK=...: the chosen check and its ancestors, nothing else, in declaration order."""
    from grader.registry import choose_checks

    lab = chain_lab()
    (only,) = choose_checks([lab], ("07.ab.three",))
    assert [c.id for c in only.checks] == ["07.a.one", "07.a.two", "07.ab.three"]
    assert [c.id for c in lab.checks][-1] == "07.d.four"  # the lab itself is untouched
    assert only.has_lane("other") and not choose_checks([lab], ("07.d",))[0].has_lane("other")


def test_a_check_prefix_is_whole_parts_of_an_id():
    """"07.a" chooses 07.a.*, not 07.ab.*; "07" chooses the lab; a prefix that chooses nothing is refused with the
    lab's ids; text that is no id's start is refused before anything is looked up."""
    from grader.registry import choose_checks

    lab = chain_lab()
    assert [c.id for c in choose_checks([lab], ("07.a",))[0].checks] == ["07.a.one", "07.a.two"]
    assert len(choose_checks([lab], ("07",))[0].checks) == 4
    assert choose_checks([lab, make_lab()], ("07.d.four",))[0].checks[0].id == "07.d.four"
    with pytest.raises(ValueError, match="07.a.one, 07.a.two"):
        choose_checks([lab], ("07.a.on",))
    for bad in ("07.a.one.x", "a;b", "../07", "7.a"):
        with pytest.raises(ValueError, match="a check id looks like"):
            choose_checks([lab], (bad,))
