# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The docs: every registered number in step with its command, links that
resolve, no pointers outside the repository, the README's tables true."""

import re
import shutil

import pytest

from tests import sampling
from tools import ROOT as REPO
from tools.check import doc_numbers
from tools.play.window import KEY_NAMES

DOCS = [REPO / "README.md", REPO / "CONTRIBUTING.md", REPO / "CHANGELOG.md", REPO / "lib/README.md"] + sorted(
    (REPO / "docs").glob("*.md")
)


#: Each command is its own test, so that a stale figure names its command (the
#: file runs on one worker: pytest.ini's loadfile; the outputs fixture shares
#: the runs between its tests).
SOURCE_NAMES = sorted({quote.source for quote in doc_numbers.QUOTES})


def test_the_docs_quote_the_benchmarks_sizes_and_budget():
    assert {"store_bench", "engine_bench", "app_bench", "bundle", "ram_budget", "wear"} <= set(SOURCE_NAMES)
    assert set(SOURCE_NAMES) <= set(doc_numbers.SOURCES)
    assert len(doc_numbers.QUOTES) >= 10


@pytest.fixture(scope="module")
def outputs():
    """Each command's output by its source's name, run once for this
    file's tests (filled as they ask, by _outputs_of)."""
    return {}


def _outputs_of(quotes, outputs):
    # The commands of ``quotes``, each run once in this module (a command
    # that makes its parts alone, only the parts of ``quotes``).
    for quote in quotes:
        if quote.source not in outputs:
            outputs.update(doc_numbers._outputs([q for q in quotes if q.source == quote.source], parts=True))
    return outputs


#: The parts always checked of a source that makes its parts alone (its
#: command's part_option), beside one drawn (tests/sampling.py; make
#: test-slow: every part). power_bench's rows are an hour of play or of a
#: lamp each (0.4-0.9 s): the PyBadge without USB, the board the figures
#: are planned on; the Sprig with USB in and out every 2 s, the other
#: layout (a log) under the most changes; the one lamp whose count is not 0.
ALWAYS_PARTS = {
    "power_bench": ("PyBadge | never", "Sprig | in and out every 2 s", "100 Hz sine, 100 %, read anywhere in its cycle")
}


def _sampled(source, quotes):
    # The quotes of a sample of the source's parts, and those of no part.
    parts = sorted({quote.part for quote in quotes if quote.part})
    if not parts:
        return quotes
    assert set(ALWAYS_PARTS.get(source, ())) <= set(parts), "ALWAYS_PARTS names a part that no quote has"
    chosen = set(sampling.cases("doc numbers, " + source, parts, 1, always=ALWAYS_PARTS.get(source, ())))
    return [quote for quote in quotes if quote.part is None or quote.part in chosen]


@pytest.mark.parametrize("source", SOURCE_NAMES)
def test_every_quoted_number_is_what_its_command_prints(source, outputs):
    quotes = _sampled(source, [quote for quote in doc_numbers.QUOTES if quote.source == source])
    problems = doc_numbers.check(quotes, outputs=_outputs_of(quotes, outputs))
    assert not problems, "\n".join(str(p) for p in problems) + "\n" + _fix(problems)


def _fix(problems):
    # What mends them: make docs rewrites numbers; a sentence (or a table
    # row) its pattern no longer finds is a person's to mend.
    if any(problem.problem for problem in problems):
        return "(fix: mend the sentence, or its pattern in tools/check/doc_numbers.py, then run make docs)"
    return "(fix: make docs)"


def test_a_stale_number_is_caught_and_updated(tmp_path, outputs):
    # Two of the quicker commands: the store's benchmark, the bundle's size
    # (their outputs those the test above checked the live docs against).
    quotes = [quote for quote in doc_numbers.QUOTES if quote.source in ("store_bench", "bundle")]
    outputs = _outputs_of(quotes, outputs)
    for quote in quotes:
        target = tmp_path / quote.doc
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO / quote.doc, target)
    # In step first (a new board moves the bundle's size until make docs):
    # this test is of the mechanism; the live docs are the test above's.
    doc_numbers.update(quotes, root=tmp_path, outputs=outputs)
    saving = tmp_path / "docs/saving.md"
    text = saving.read_text()
    quote = [q for q in quotes if q.what == "store_bench: save (writes)"][0]
    fuel = quote.pattern.search(text).group(1)
    saving.write_text(text.replace("| %s |" % fuel, "| 1,234 |", 1))
    problems = doc_numbers.check(quotes, root=tmp_path, outputs=outputs)
    assert [p.quote.what for p in problems] == ["store_bench: save (writes)"]
    assert "1,234" in str(problems[0]) and fuel in str(problems[0])
    assert len(doc_numbers.update(quotes, root=tmp_path, outputs=outputs)) == 1
    assert saving.read_text() == text
    assert doc_numbers.check(quotes, root=tmp_path, outputs=outputs) == []
    # A quote whose sentence was rewritten away is reported, not skipped.
    readme = tmp_path / "README.md"
    readme.write_text(readme.read_text().replace("On the drive the game is", "The game takes"))
    problems = doc_numbers.check(quotes, root=tmp_path, outputs=outputs)
    assert [p.problem for p in problems if p.problem] and "matches 0 times" in str(problems[0])
    # Then an update writes nothing, not even the numbers it could mend.
    saving.write_text(text.replace("| %s |" % fuel, "| 1,234 |", 1))
    before = {path: path.read_text() for path in tmp_path.rglob("*.md")}
    with pytest.raises(SystemExit) as refused:
        doc_numbers.update(quotes, root=tmp_path, outputs=outputs)
    assert {path: path.read_text() for path in tmp_path.rglob("*.md")} == before
    assert "nothing written" in str(refused.value) and "matches 0 times" in str(refused.value)


def test_a_command_whose_output_changed_is_named():
    quote = [q for q in doc_numbers.QUOTES if q.source == "app_bench"][0]
    problems = doc_numbers.check([quote], outputs={"app_bench": "nothing useful\n"})
    assert len(problems) == 1 and "python -m tools.measure.app_bench printed nothing matching" in str(problems[0])


def test_links_between_pages_resolve():
    broken = []
    for doc in DOCS:
        for target in re.findall(r"\]\(([^)\s]+)\)", doc.read_text()):
            if target.startswith(("http://", "https://", "#", "mailto:")):
                continue
            if doc == REPO / "README.md" and re.match(r"\.\./\.\./releases(/latest)?$", target):
                continue  # on GitHub, from the README: the repository's Releases page
            path = target.split("#")[0]
            if not (doc.parent / path).exists():
                broken.append("%s -> %s" % (doc.relative_to(REPO), target))
    assert not broken, broken


def test_nothing_points_outside_the_repository():
    offenders = []
    patterns = (
        "tools/*.py",
        "tools/*/*.py",
        "tools/firmware/standins/*.py",
        "app/*.py",
        "engine/*.py",
        "boards/*.py",
        "requirements*.txt",
    )
    files = DOCS + [path for pattern in patterns for path in sorted(REPO.glob(pattern))] + [REPO / "code.py", REPO / "Makefile"]
    for path in files:
        relative = path.relative_to(REPO).as_posix()
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"(?<![\w/.-])shared/|\.\./shared|/work/", line):
                offenders.append("%s:%d: %s" % (relative, number, line.strip()))
    assert not offenders, offenders


def test_the_readme_names_the_simulator_keys():
    text = (REPO / "README.md").read_text()
    for button, keys in KEY_NAMES:
        if button != "Quit":
            assert re.search(r"^\| %s \| [^|]+ \| %s \|$" % (re.escape(button), re.escape(keys)), text, re.MULTILINE), button


def test_every_number_in_the_docs_is_registered_fixed_or_history():
    # A figure the docs quote is checked against its command, or the text
    # names it a fixed fact with its source or a past measurement (history).
    found = doc_numbers.unregistered()
    assert not found, "\n".join("%s:%d: %s   | %s" % row for row in found[:40]) + (
        "\n(after a change to the boards or the figures, run make docs first; then register each in"
        " tools/check/doc_numbers.py, or mark it: python -m tools.check.doc_numbers --unregistered)"
    )


def test_the_number_finder_sees_what_nothing_registers(tmp_path):
    # A new figure is found; a registered quote, a fixed entry and a marked
    # region each cover theirs; code, small counts and versions are no figures.
    docs = tmp_path / "docs"
    docs.mkdir()
    text = (
        "The hint takes 0.47 s and 1,234 bytes.\n"
        "Save now needs 792 B on CircuitPython 10.3 or newer, in `x = 4096 + 77`, 3 times.\n"
        "<!-- numbers: history: measured once -->\n"
        "Once it was 912 B.\n"
        "## Next\n"
        "Now 345 KB.\n"
    )
    (docs / "page.md").write_text(text)
    found = [row[2] for row in doc_numbers.unregistered(root=tmp_path, quotes=(), fixed=())]
    assert found == ["0.47", "1,234", "792", "345"]
    quote = doc_numbers.Quote("docs/page.md", "x", r"takes ([\d.]+) s", "code", None)
    fixed = doc_numbers.Fixed("docs/page.md", r"1,234 bytes|Now 345 KB", "a source")
    assert [row[2] for row in doc_numbers.unregistered(root=tmp_path, quotes=(quote,), fixed=(fixed,))] == ["792"]
