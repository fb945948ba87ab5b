"""`python -m wolfpack` runs the `wolfpack` command."""

from wolfpack.cli import main

if __name__ == "__main__":
    main()
