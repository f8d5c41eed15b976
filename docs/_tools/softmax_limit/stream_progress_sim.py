"""(.venv/bin/python docs/_tools/softmax_limit/stream_progress_sim.py) Random-interleaving simulation of the stream kernel's protocol: P resident programs (slots), grid G,
rows x pieces items. Checks "Forward progress" above _softmax_stream_kernel: with P resident programs, some schedule
deadlocks exactly when P < ceil(pieces / 2)."""
import random
def run(rows, pieces, P, G, seed):
    rng = random.Random(seed)
    items = rows * pieces
    T = 0; published = set(); written = set()
    # program state: ('start') -> take cur -> publish cur -> loop: take nxt -> publish nxt -> wait row(cur) -> write
    progs = {}; started = 0; done = 0
    def start_new():
        nonlocal started
        if started < G:
            progs[started] = {"st": "take_cur"}; started += 1
    for _ in range(min(P, G)): start_new()
    steps = 0
    while progs:
        steps += 1
        movable = []
        for pid, s in progs.items():
            if s["st"] == "wait":
                row = s["cur"] // pieces
                if all(row * pieces + k in published for k in range(pieces)):
                    movable.append(pid)
            else:
                movable.append(pid)
        if not movable:
            return False, T
        pid = rng.choice(movable); s = progs[pid]
        if s["st"] == "take_cur":
            s["cur"] = T; T += 1; s["st"] = "pub_cur"
        elif s["st"] == "pub_cur":
            if s["cur"] < items: published.add(s["cur"]); s["st"] = "take_nxt"
            else: s["st"] = "exit"
        elif s["st"] == "take_nxt":
            s["nxt"] = T; T += 1; s["st"] = "pub_nxt"
        elif s["st"] == "pub_nxt":
            if s["nxt"] < items: published.add(s["nxt"])
            s["st"] = "wait"
        elif s["st"] == "wait":
            written.add(s["cur"]); s["cur"] = s["nxt"]
            s["st"] = "take_nxt" if s["cur"] < items else "exit"
        if s["st"] == "exit":
            del progs[pid]; start_new()
    assert written == set(range(items)), (len(written), items)
    return True, T
bad = {}
for pieces in [1, 2, 3, 4, 5, 7, 8, 13, 16]:
    for P in range(1, 10):
        for rows in [1, 2, 5]:
            G = max(P, 2 * P)  # grid may exceed residency
            ok_all = all(run(rows, pieces, P, G, seed)[0] for seed in range(150))
            need = -(-pieces // 2)  # ceil(pieces/2)
            if ok_all != (P >= need):
                bad.setdefault((pieces, P), []).append((rows, ok_all))
    print(f"pieces {pieces:>2}: min resident programs that never deadlocked in 150 schedules x rows {{1,2,5}}: ",
          min(P for P in range(1, 10) if all(run(5, pieces, P, 2 * P, s)[0] for s in range(150))) if any(all(run(5, pieces, P, 2*P, s)[0] for s in range(150)) for P in range(1,10)) else ">9",
          f"(argument: ceil(pieces/2) = {-(-pieces // 2)})")
print("mismatches (deadlock seen with P >= ceil(pieces/2), or none seen below):", bad)
