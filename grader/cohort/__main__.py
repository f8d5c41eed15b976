import sys

from grader.cohort.cli import main

sys.exit(main())
