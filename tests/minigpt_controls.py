"""Lab 03's port negative controls, each written as the correct compact port
tests/submissions/minigpt_base.py with one mistake: (what it shows, [(text in the base, text in the
control), ...]). An edit whose text is no longer in the base is an error, so a control cannot
silently become the base."""
from __future__ import annotations

from helpers import SUBMISSIONS

BASE = SUBMISSIONS / "minigpt_base.py"

_MASK = 'att.masked_fill(torch.ones(T, T, dtype=torch.bool, device=x.device).tril().logical_not(), float("-inf"))'
_LOGITS = "logits = self.lm_head(self.transformer.ln_f(x))"
_LN = "nn.LayerNorm(config.n_embd, eps=config.ln_eps, dtype=config.dtype)"

CONTROLS: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "fp32": (
        "a port that never passes config.dtype to its layers,\n"
        "so PyTorch builds them in float32. 03.port.fp64 must fail and name float32.",
        [(", dtype=config.dtype)", ")")]),  # every layer (see control_text: all occurrences)
    "calls_reference": (
        'a "port" that hands the work to the NumPy reference\n'
        "beside it and only wraps the answer in a tensor with a fake autograd history.\n"
        "03.port.is_port must fail: the port calls the reference.",
        [("import math\n", "import math\nimport sys\n"),
         ("from dataclasses import dataclass\n", "from dataclasses import dataclass\nfrom pathlib import Path\n"),
         ("import torch.nn.functional as F\n",
          "import torch.nn.functional as F\n\nsys.path.insert(0, str(Path(__file__).parent))\n"
          "import minigpt_numpy as ref  # noqa: E402\n"),
         ("        x = self.transformer.wte(idx) + self.transformer.wpe(torch.arange(idx.size(1), device=idx.device))\n"
          "        for block in self.transformer.h:\n"
          "            x = block(x)\n"
          f"        {_LOGITS}\n",
          "        c = self.transformer.h[0].attn\n"
          "        config = ref.MiniGPTConfig(self.lm_head.out_features, self.transformer.wpe.num_embeddings,\n"
          "                                   len(self.transformer.h), c.n_head, c.c_proj.out_features)\n"
          "        weights = {k: v.detach().cpu().numpy() for k, v in self.state_dict().items()}\n"
          "        logits = torch.from_numpy(ref.forward(weights, idx.cpu().numpy(), config)).to(idx.device)\n"
          "        logits = logits + 0.0 * sum(p.sum() for p in self.parameters())  # a grad_fn, and zero gradients\n")]),
    "numpy_mask": (
        "a port that builds its causal mask with NumPy.\n"
        "03.port.is_port must fail: the port uses NumPy.",
        [("import torch\n", "import numpy as np\nimport torch\n"),
         (_MASK, 'att.masked_fill(torch.from_numpy(~np.tril(np.ones((T, T), dtype=bool))).to(x.device), float("-inf"))')]),
    "detached": (
        "a port that detaches its logits, so loss.backward()\n"
        "cannot reach the weights. 03.port.runs must fail: detach() took them out of autograd's graph.",
        [(_LOGITS, _LOGITS + ".detach()")]),
    "tanh_gelu": (
        "a port with GPT-2's tanh approximation of GELU instead\n"
        "of the exact erf form. 03.port.logits must fail and name the GELU output of block 0.",
        [("nn.GELU()", 'nn.GELU(approximate="tanh")')]),
    "ln_eps": (
        "a port whose LayerNorms use eps=1e-6, not config.ln_eps.\n"
        "03.port.logits must fail and name transformer.h.0.ln_1 as the first layer to differ.",
        [(_LN, _LN.replace("config.ln_eps", "1e-6"))]),  # all three LayerNorms
    "decay_all": (
        "a port whose optimizer decays every parameter, biases and\n"
        "LayerNorm gains included. 03.port.adamw must fail and say which parameters should not decay.",
        [("    params = list(model.parameters())\n"
          '    return torch.optim.AdamW([{"params": [p for p in params if p.dim() >= 2], "weight_decay": weight_decay},\n'
          '                              {"params": [p for p in params if p.dim() < 2], "weight_decay": 0.0}],\n'
          "                             lr=lr, betas=betas, eps=eps)\n",
          "    return torch.optim.AdamW(model.parameters(), lr=lr, betas=betas, eps=eps, weight_decay=weight_decay)\n")]),
    "dropout": (
        "a port with nanoGPT's residual dropout, nn.Dropout(0.1), in a model\n"
        "the grader runs as built (training mode). 03.port.logits must fail and say the forward pass is not "
        "deterministic.",
        [("        self.n_head = config.n_head\n",
          "        self.n_head = config.n_head\n        self.resid_dropout = nn.Dropout(0.1)\n"),
         ("        return self.c_proj(y)\n", "        return self.resid_dropout(self.c_proj(y))\n")]),
    "dropout_functional": (
        "a port that drops attention weights with F.dropout(att, 0.1, training=True).\n"
        "03.port.logits must fail and say the forward pass is not deterministic.",
        [("F.softmax(att, dim=-1)", "F.dropout(F.softmax(att, dim=-1), 0.1, training=True)")]),
    "tied": (
        "a port that ties lm_head's weight to wte's, as nanoGPT does.\n"
        "03.port.runs must fail and say that the two are one tensor, which the reference keeps separate.",
        [("        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False, dtype=config.dtype)\n",
          "        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False, dtype=config.dtype)\n"
          "        self.transformer.wte.weight = self.lm_head.weight\n")]),
    "tied_memory": (
        "a port whose lm_head shares wte's memory (.data = ...), two parameters over one\n"
        "storage. 03.port.logits must fail and say that the two are one tensor, and not call the port random.",
        [("        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False, dtype=config.dtype)\n",
          "        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False, dtype=config.dtype)\n"
          "        self.lm_head.weight.data = self.transformer.wte.weight.data\n")]),
    "cpu_mask": (
        "a port that makes its causal mask on the CPU in forward.\n"
        "Right on the CPU; on a GPU 03.port.gpu must fail and say where the tensor lives.",
        [(_MASK, _MASK.replace(", device=x.device", ""))]),
}


def control_text(name: str) -> str:
    """The source of control ``name``: the base port with its docstring and its edits. An edit
    replaces every occurrence of its text, which must occur at least once."""
    what, edits = CONTROLS[name]
    base = BASE.read_text()
    text = '"""Negative control for lab 03\'s port checks: ' + what + "\n" + base[base.index('"""\nfrom __future__'):]
    for old, new in edits:
        assert old in text, f"control {name}: {old!r} is not in {BASE.name}"
        text = text.replace(old, new)
    return text
