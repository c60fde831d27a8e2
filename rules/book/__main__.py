"""``python -m rules.book verify PATH``: the full check of a journey file (:mod:`rules.book.verify`)."""

import sys

from rules.book import verify

if __name__ == "__main__":  # importing it (the docs' Reference does) runs nothing
    sys.exit(verify.main(sys.argv[1:]))
