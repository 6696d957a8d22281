"""The program: `scorepad` (the console script) and `python -m scorepad`.

The garbage collector is off before anything is imported: the command line's own imports
(typer, click) make objects for the life of the process too, and `cli.output` turns it on
when the command begins."""

import gc


def main() -> None:
    gc.disable()
    from scorepad.cli import main as run

    run()


if __name__ == "__main__":
    main()
