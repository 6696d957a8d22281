"""The program: `scorepad` (the console script) and `python -m scorepad`."""

from scorepad.cli import main

if __name__ == "__main__":
    main()
