"""Per shape: the Triton file's % of copy, its ratio to F.softmax, and the judge's time over the worker's events."""
import json
import sys

for path in sys.argv[1:]:
    d = json.load(open(path))
    print(path, d["device"]["name"], "copy", d["copy"]["rate"])
    for s in d["shapes"]:
        r = s["results"].get("Triton")
        if r:
            print(f"  {s['shape']:>11}  {r['pct_of_ceiling']:5.1f}% of copy  x{r['ratio_to_baseline']:.4f} F.softmax"
                  f"  judge/events {r['seconds_per_launch'] / r['worker_event_median_s']:.4f}  rounds {r['per_round_ratio']}")
