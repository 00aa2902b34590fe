import sys

from core.scenarios.runner import main

sys.exit(main(sys.argv[1:]))
