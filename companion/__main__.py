"""`python -m companion` runs the same entry point as the `companion` script."""

import sys

from companion.cli import main

if __name__ == "__main__":  # `python -m companion`; importing this module alone runs nothing
    sys.exit(main())
