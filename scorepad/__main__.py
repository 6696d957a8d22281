from scorepad.cli import main

main()
