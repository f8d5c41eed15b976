"""The labs, in order. Each file only declares its checks."""
from grader.labs import lab00, lab01

LABS = [lab00.lab, lab01.lab]
