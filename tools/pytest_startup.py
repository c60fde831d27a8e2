"""A pytest process that starts without building the RFC 3987 grammar (tools/startup.py).

pytest imports the plugins installed as it starts, and nbval's imports nbformat, whose validator
imports jsonschema, which builds the grammar as it loads: over a second of CPU (a collection of
the whole suite, 5.9 s against 4.6 s), paid by the ``--collect-only`` that ``make test`` runs to
write the tests' bytecode, by xdist's controller and by each of its workers, before any test.
No schema the tests check names an IRI format, and a check that does gets the library's answer.

It has to come before the installed plugins, so it is loaded by name on pytest's command line
(``addopts = -p tools.pytest_startup`` in pyproject.toml): pytest imports those first, after it
puts the ``pythonpath`` setting's folders (the repository) on ``sys.path``.
"""

from __future__ import annotations

from tools.startup import defer_iri_grammar

defer_iri_grammar()
