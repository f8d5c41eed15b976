"""exit_gap.py START END TRACE: a grading's time before its trace began (process start, imports) and after its last
traced event (the report, the results file, the process's exit), from the wall clock read around the command (START,
END: seconds since the epoch) and its GRADER_TRACE."""
import json
import sys

start, end, path = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
events = [json.loads(line) for line in open(path)]
epoch = events[0]["epoch"]
last = max(e["t"] + e["s"] for e in events)
print(f"{path.rsplit('/', 1)[-1]}: wall {end - start:.2f} s; before the trace {epoch - start:.2f} s; "
      f"traced {last:.2f} s; after the last event {end - epoch - last:.2f} s")
