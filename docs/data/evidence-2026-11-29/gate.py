"""Print the gate's figures from a results.json: python3 gate.py RESULTS.json LABEL"""
import json
import sys

data = json.load(open(sys.argv[1]))
m = data["extra_data"]["measurements"].get("02.perf.gate", {})
status = next((t["extra_data"]["grader_status"] for t in data["tests"] if t["extra_data"]["id"] == "02.perf.gate"), "?")
keys = {k: v for k, v in m.items() if any(w in k for w in ("ratio", "spread", "rounds", "retries"))}
print(sys.argv[2], status, json.dumps(keys, default=str))
