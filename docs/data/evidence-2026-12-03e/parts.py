"""Lab 03's watched checks in one make test-gpu run, each profiler-lock hold in parts, from the gradings' traces.

    python3 docs/data/evidence-2026-12-03e/parts.py DIR      (DIR: r/tt of a call's r.tgz)

Per hold (from the end of its wait for the profiler lock to the end of its check): the seconds until the watched
worker's init, the init (the attach connects there), the waits for the GPU lock held exclusive inside the hold (call
3's tried change only), the case, and what follows the case (ncu writing its record as the worker ends); totals last."""
import json,glob,sys,collections
tot=collections.Counter()
for f in sorted(glob.glob(sys.argv[1]+'/*.jsonl')):
    ev=[json.loads(l) for l in open(f) if l.strip()]
    w=[e for e in ev if e['what']=='wait for the profiler lock' and e.get('check','').endswith('own_kernels')]
    if not w: continue
    b=float(w[0]['t'])+float(w[0]['s'])
    ch=[e for e in ev if e['what']=='check' and e.get('check','').endswith('own_kernels')]
    end=float(ch[-1]['t'])+float(ch[-1]['s'])
    def first(what, lane='triton-ncu'):
        x=[e for e in ev if e['what']==what and (lane is None or e.get('lane','')==lane) and float(e['t'])>=b-0.05]
        return x[0] if x else None
    init=first('worker triton: init'); case=first('worker triton: case')
    att=first('ncu attach', None)
    exw=[e for e in ev if e['what']=='wait for the GPU lock (exclusive)' and b<=float(e['t'])<=end]
    p={}
    p['to init']=float(init['t'])-b if init else 0
    p['init']=float(init['s']) if init else 0
    p['excl wait']=sum(float(e['s']) for e in exw)
    p['case']=float(case['s']) if case else 0
    p['after case']=end-(float(case['t'])+float(case['s'])) if case else 0
    p['hold']=end-b
    tot.update(p)
    print(f.split('/')[-1][30:70], {k:round(v,1) for k,v in p.items()})
print({k:round(v,1) for k,v in tot.items()})
