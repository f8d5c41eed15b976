"""The labs, in order. Each file only declares its checks."""
from grader.labs import lab00, lab01, lab02, lab03

LABS = [lab00.lab, lab01.lab, lab02.lab, lab03.lab]
