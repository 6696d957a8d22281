"""The program: `scorepad` (the console script) and `python -m scorepad`."""

import gc


def main() -> None:
    # the collector off while the program starts, on again when its command begins
    # (`cli.output.handled`): `stats` of an evening 1.27 -> 1.18 times the start-up floor in CPU
    gc.disable()
    from scorepad.cli import main as run  # here: its imports are what the collector skips

    run()


if __name__ == "__main__":
    main()
