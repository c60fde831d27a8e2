"""``python -m rules.book verify PATH``: the full check of a journey file (:mod:`rules.book.verify`)."""

import sys

from rules.book import verify

sys.exit(verify.main(sys.argv[1:]))
