# Session 11: sums a make test-gpu run's traces (GRADER_TEST_TRACE): check time by check id, the watched and
# timed checks in time order, worker spans over 8 s. Usage: tar xzf callN/traces.tgz -C /tmp/x; python3 trace_summary.py /tmp/x/tt
import json,glob,collections,sys
tot=collections.Counter();waits=collections.Counter();n=collections.Counter()
ev=[];spans=[]
for f in glob.glob(sys.argv[1]+"/*.jsonl"):
    t0=int(f.rsplit("-",1)[1].split(".")[0])/1e9
    name=f.split("/")[-1].rsplit("-",1)[0]
    for l in open(f):
        e=json.loads(l)
        a=t0+e["t"]
        if e["what"] in("check","timed check"):
            k=("T " if e["what"]!="check" else "")+e["check"]
            tot[k]+=e["s"];n[k]+=1
            ev.append((a,a+e["s"],k,name))
        if e["what"]=="wait for a slot": waits[e.get("check")]+=e["s"]
        if e["what"].startswith("worker"): spans.append((a,e["s"],e["what"],name,e.get("lane")))
T0=min(e[0] for e in ev)
for k,v in tot.most_common(30): print(f"{v:7.1f} n={n[k]:3} {k}  wait {waits.get(k,0):.1f}")
print("--- watched (own_kernels) and timed, in time order")
for s,e,c,f in sorted(ev):
    if "own_kernels" in c or c.startswith("T "): print(f"{s-T0:7.1f} {e-T0:7.1f} {e-s:6.1f} {c:28} {f[:70]}")
print("--- long worker spans")
for a,s,w,f,lane in sorted(spans):
    if s>8: print(f"{a-T0:7.1f} {s:6.1f} {w:32} {lane} {f[:60]}")
