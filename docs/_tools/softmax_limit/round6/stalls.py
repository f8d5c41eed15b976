"""Read `ncu --page raw --csv` on stdin; print the warp stall reasons (cycles per issued instruction), largest first."""
import csv
import sys

rows = list(csv.reader(sys.stdin))
if len(rows) < 3:
    sys.exit("no metrics")
head, values = rows[0], rows[2]
stalls = []
for name, value in zip(head, values):
    if name.startswith("smsp__average_warps_issue_stalled_") and name.endswith("_per_issue_active.ratio"):
        try:
            stalls.append((float(value.replace(",", "")), name[len("smsp__average_warps_issue_stalled_"):-len("_per_issue_active.ratio")]))
        except ValueError:
            pass
stalls.sort(reverse=True)
print("  stalls (warps per issue):", ", ".join(f"{n} {v:.2f}" for v, n in stalls[:8]))
