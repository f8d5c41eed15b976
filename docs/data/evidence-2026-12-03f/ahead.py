"""The waits for the GPU lock (shared) in one make test-gpu run, from the gradings' traces: those of a thread that held
the machine's profiler lock (decision 201: past the turnstile, "ahead") and the others; and lab 02's timed phases.

    python3 docs/data/evidence-2026-12-03f/ahead.py DIR      (DIR: r/tt of a call's r.tgz)"""
import glob, json, sys

ahead, other, phases = [], [], []
for f in sorted(glob.glob(sys.argv[1] + '/*.jsonl')):
    ev = [json.loads(line) for line in open(f) if line.strip()]
    for e in ev:
        if e['what'] == 'wait for the GPU lock (shared)':
            (ahead if e.get('ahead') else other).append(float(e['s']))
    w = [e for e in ev if e['what'] == 'wait for the profiler lock' and e.get('check') == 'timed checks']
    if w:
        t0 = float(w[0]['t']) + float(w[0]['s'])
        hello = [e for e in ev if e['what'] == 'worker cuda: hello' and e.get('thread') == 'MainThread'
                 and float(e['t']) >= t0 - 0.05]
        end = max(float(e['t']) + float(e['s']) for e in ev)
        phases.append((f.split('/')[-1][:70], round(float(w[0]['s']), 1), round(hello[0]['s'], 1) if hello else None,
                       round(end - t0, 1)))
print(f"GPU lock (shared) waits: profiler holders {len(ahead)}, {sum(ahead):.1f} s; others {len(other)}, "
      f"{sum(other):.1f} s")
for p in phases:
    print("lab 02 timed phase: %s waited %s s, a start inside %s s, phase %s s" % p)
