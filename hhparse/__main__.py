"""`python -m hhparse` is the `hhparse` command."""

from hhparse.cli import main

main()
