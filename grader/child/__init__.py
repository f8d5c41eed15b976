"""Code that runs in a child process, next to learner code. Nothing here decides a verdict."""
