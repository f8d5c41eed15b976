"""Experiment only (copied into grader/workers/ for the run): the CUDA worker, plus what a timed block left
behind. After each timed block of the learner's library it reports, for each of the last 8 launches: how
many output rows hold a NaN, the first of them, how many are NaN throughout, and the raw bits of the first
NaN; then it replays that launch alone (inputs re-drawn from the same seed, a fresh output, synchronised)
and says whether the replay has NaN rows too. DIAG_SYNC=1: synchronise after every launch of a block."""
import os

import torch

from grader.workers.cuda import CudaWorker
from grader.workers.serve import serve


class DiagWorker(CudaWorker):
    def launch(self, label, dims, ins, outs):
        code = super().launch(label, dims, ins, outs)
        if os.environ.get("DIAG_SYNC") == "1":
            torch.cuda.synchronize()
        return code

    def cmd_time(self, message, link):
        reply = super().cmd_time(message, link)
        if not message["contender"].startswith("lib:"):
            return reply
        outs, n = self.blocks["outs"], self.blocks["n"]
        seeds, dims = message["seeds"], message["dims"]
        rows = []
        for launch in range(max(0, n - len(outs)), n):
            out = outs[launch % len(outs)]["output"]
            bad = torch.isnan(out).any(dim=1).nonzero().flatten()
            entry = {"launch": launch, "nan_rows": len(bad)}
            if len(bad):
                entry.update(first=bad[:6].tolist(), whole=int(torch.isnan(out[bad]).all(dim=1).sum()),
                             bits=[hex(v & 0xffffffff) for v in out[bad[0]].view(torch.int32)[:3].tolist()])
                x = self.op.make_inputs(message["family"], dims, int(seeds[launch % len(seeds)]), "cuda")["input"]
                torch.cuda.synchronize()
                again = torch.empty_like(x)
                self.launch(message["contender"][4:], dims, {"input": x.data_ptr()}, {"output": again.data_ptr()})
                torch.cuda.synchronize()
                entry["replay_nan_rows"] = int(torch.isnan(again).any(dim=1).sum())
                entry["input_finite"] = bool(torch.isfinite(x).all())
            rows.append(entry)
        reply["diag"] = rows
        return reply


if __name__ == "__main__":
    serve(DiagWorker)
