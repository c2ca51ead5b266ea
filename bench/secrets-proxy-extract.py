#!/usr/bin/env python3
"""Extracts the secret gate's held-out proxy candidates from the four scanners' own test files at the
corpus's commits: the other rows of the files ../shared/corpus/secrets.jsonl was cut from (docs/gates.md,
"Held-out proxy (issue 26, 2026-12-05)"). Run by hand; nothing in `npm test` runs it.

Usage: python3 bench/secrets-proxy-extract.py <gitleaks git dir> <trufflehog git dir> <detect-secrets git dir> \
           <secretlint git dir> > candidates.jsonl
       node bench/secrets-proxy-rows.mjs candidates.jsonl > ../secrets-proxy.jsonl
       node bench/secrets-corpus.mjs --pure --all --rows ../secrets-proxy.jsonl --half tuning

Needs Python 3 only. Each git dir must hold the commit below (a clone or a mirror of the repository). Writes one
JSON row a line, the corpus's shape: {text, is_secret, kind, source, extractor, confidence, source_label}.
The files are read as data, never run: Go files are tokenized and only string literals (and `+` of them) taken,
Python files parsed with `ast` and only string constants taken (format templates dropped), snapshots read as
text. trufflehog's test data is AGPL-3.0: write the output outside the repository, never commit it."""
import ast, json, os, re, subprocess, sys

if len(sys.argv) != 5:
    sys.exit(__doc__.split('\n\n')[1])
GITLEAKS = (sys.argv[1], 'b58d3f102cf3', 'gitleaks/gitleaks')
TRUFFLEHOG = (sys.argv[2], '3ab759fef4bb', 'trufflesecurity/trufflehog')
DETECT_SECRETS = (sys.argv[3], '5e141933554a', 'Yelp/detect-secrets')
SECRETLINT = (sys.argv[4], '18346ba31b81', 'secretlint/secretlint')


def show(repo, path):
    gitdir, commit, _ = repo
    return subprocess.run(['git', '-C', gitdir, 'show', f'{commit}:{path}'], check=True,
                          capture_output=True).stdout.decode('utf-8', errors='replace')


def ls(repo, under):
    gitdir, commit, _ = repo
    out = subprocess.run(['git', '-C', gitdir, 'ls-tree', '-r', '--name-only', commit, under],
                         check=True, capture_output=True).stdout.decode()
    return [p for p in out.splitlines() if p]


rows = []


def add(text, is_secret, kind, repo, path, extractor, label):
    rows.append({'text': text, 'is_secret': is_secret, 'kind': kind, 'source': f'{repo[2]}@{repo[1]}:{path}',
                 'extractor': extractor, 'confidence': 'high' if is_secret else label_confidence(extractor),
                 'source_label': label})


def label_confidence(extractor):
    # As the corpus gives them: trufflehog's invalid* variables are low-confidence near-misses, the other
    # scanners' negatives medium.
    return 'low' if extractor.startswith('trufflehog') else 'medium'


# ---------------------------------------------------------------- Go: a tokenizer, not a parser

GO_TOKEN = re.compile(r'''
    (?P<space>[ \t\r]+) | (?P<newline>\n) | (?P<line_comment>//[^\n]*) | (?P<block_comment>/\*.*?\*/)
  | (?P<raw>`[^`]*`) | (?P<interpreted>"(?:[^"\\\n]|\\.)*") | (?P<rune>'(?:[^'\\\n]|\\.)+')
  | (?P<ident>[A-Za-z_][A-Za-z0-9_]*) | (?P<number>[0-9][0-9A-Za-z_.]*)
  | (?P<punct>\.\.\.|:=|[-+*/%&|^<>=!]=|&&|\|\||<-|\+\+|--|<<|>>|&\^|[-+*/%&|^<>=!.,;:(){}\[\]~])
''', re.S | re.X)
SEMICOLON_AFTER = {'ident', 'string', 'number', 'rune'}


def go_string(token):
    """The value of a Go string literal: raw strings as written (carriage returns dropped), interpreted
    strings with their escapes decoded."""
    if token[0] == '`':
        return token[1:-1].replace('\r', '')
    body, i = token[1:-1], 0
    simple = {'n': '\n', 't': '\t', 'r': '\r', '\\': '\\', '"': '"', "'": "'", 'a': '\a', 'b': '\b', 'f': '\f',
              'v': '\v'}
    raw_bytes = bytearray()
    while i < len(body):
        c = body[i]
        if c != '\\':
            raw_bytes += c.encode('utf-8'); i += 1; continue
        e = body[i + 1]
        if e in simple:
            raw_bytes += simple[e].encode(); i += 2
        elif e == 'x':
            raw_bytes.append(int(body[i + 2:i + 4], 16)); i += 4
        elif e in 'uU':
            n = 4 if e == 'u' else 8
            raw_bytes += chr(int(body[i + 2:i + 2 + n], 16)).encode('utf-8'); i += 2 + n
        else:  # octal \NNN
            raw_bytes.append(int(body[i + 1:i + 4], 8)); i += 4
    return raw_bytes.decode('utf-8', errors='replace')


def go_tokens(source):
    """(kind, value) tokens with Go's automatic semicolons; comments dropped, strings decoded."""
    tokens, pos = [], 0
    while pos < len(source):
        m = GO_TOKEN.match(source, pos)
        if not m:
            pos += 1  # a character no rule knows (non-ASCII in an identifier): skipped
            continue
        pos = m.end()
        kind = m.lastgroup
        if kind in ('space', 'line_comment'):
            continue
        if kind == 'newline' or (kind == 'block_comment' and '\n' in m.group()):
            last = tokens[-1] if tokens else None
            if last and (last[0] in SEMICOLON_AFTER or last in {('punct', c) for c in (')', ']', '}', '++', '--')}):
                tokens.append(('punct', ';'))
            continue
        if kind == 'block_comment':
            continue
        if kind in ('raw', 'interpreted'):
            tokens.append(('string', go_string(m.group())))
        else:
            tokens.append((kind, m.group()))
    return tokens


OPEN = {('punct', '('), ('punct', '['), ('punct', '{')}
CLOSE = {('punct', ')'), ('punct', ']'), ('punct', '}')}


def split_top(tokens, sep):
    """Splits a token list at `sep` tokens outside brackets."""
    parts, depth, cur = [], 0, []
    for t in tokens:
        if t in OPEN: depth += 1
        elif t in CLOSE: depth -= 1
        if depth == 0 and t == ('punct', sep):
            parts.append(cur); cur = []
        else:
            cur.append(t)
    if cur: parts.append(cur)
    return parts


def matching(tokens, i):
    """Index of the bracket closing the one at i."""
    depth = 0
    for j in range(i, len(tokens)):
        if tokens[j] in OPEN: depth += 1
        elif tokens[j] in CLOSE:
            depth -= 1
            if depth == 0: return j
    return len(tokens) - 1


def literal(expr):
    """The string an expression of string literals joined by `+` makes, else None (a call, a name: generated)."""
    expr = [t for t in expr if t != ('punct', ';')]
    if not expr or len(expr) % 2 == 0: return None
    if any(t[0] != 'string' for t in expr[0::2]) or any(t != ('punct', '+') for t in expr[1::2]): return None
    return ''.join(t[1] for t in expr[0::2])


# ---------------------------------------------------------------- gitleaks: literal tps / fps of every rule

def gitleaks_values(expr, env):
    """The items an expression of a rule's tps/fps gives: ('literal', text), ('sample', text) for the literal
    secret of utils.GenerateSampleSecret(s)(name, "literal"), None for a generated one."""
    expr = [t for t in expr if t != ('punct', ';')]
    if not expr: return []
    if expr[0] == ('ident', 'nil'): return []
    if len(expr) == 1 and expr[0][0] == 'ident': return list(env.get(expr[0][1], []))
    # []string{...} or map[string]string{...}: elements (map values for a path rule's file contents)
    if expr[-1] == ('punct', '}') and ('punct', '{') in expr:
        start = expr.index(('punct', '{'))
        is_map = expr[0] == ('ident', 'map')
        out = []
        for element in split_top(expr[start + 1:-1], ','):
            if is_map:
                pair = split_top(element, ':')
                if len(pair) != 2: continue
                element = pair[1]
            out.extend(gitleaks_item(element, env))
        return out
    # append(list, items...)
    if expr[0] == ('ident', 'append') and expr[1] == ('punct', '('):
        args = split_top(expr[2:matching(expr, 1)], ',')
        out = gitleaks_values(args[0], env)
        for arg in args[1:]:
            if arg and arg[-1] == ('punct', '...'): out.extend(gitleaks_values(arg[:-1], env))
            else: out.extend(gitleaks_item(arg, env))
        return out
    return gitleaks_item(expr, env)


def gitleaks_item(expr, env):
    expr = [t for t in expr if t != ('punct', ';')]
    text = literal(expr)
    if text is not None: return [('literal', text)]
    # utils.GenerateSampleSecret(s)("name", <secret>): the secret is a sample only when it is a literal
    if len(expr) >= 4 and expr[:2] == [('ident', 'utils'), ('punct', '.')] and \
            expr[2][1] in ('GenerateSampleSecret', 'GenerateSampleSecrets') and expr[3] == ('punct', '('):
        args = split_top(expr[4:matching(expr, 3)], ',')
        secret = literal(args[1]) if len(args) == 2 else None
        return [('sample', secret)] if secret is not None else [None]
    if len(expr) == 1 and expr[0][0] == 'ident' and expr[0][1] in env: return list(env[expr[0][1]])
    return [None]


def assignments(tokens, env):
    """Walks statements `name := expr`, `name = expr`, `var name = expr`, updating env with list values."""
    for stmt in split_top(tokens, ';'):
        if stmt and stmt[0] == ('ident', 'var'): stmt = stmt[1:]
        if stmt and stmt[0] == ('punct', '('):  # var ( ... ) block
            assignments(stmt[1:matching(stmt, 0)], env); continue
        if len(stmt) >= 3 and stmt[0][0] == 'ident' and stmt[1] in (('punct', ':='), ('punct', '=')):
            env[stmt[0][1]] = gitleaks_values(stmt[2:], env)


def gitleaks():
    for path in ls(GITLEAKS, 'cmd/generate/config/rules'):
        if not path.endswith('.go') or path.endswith('_test.go'): continue
        tokens = go_tokens(show(GITLEAKS, path))
        # package-level lists first (cloudflare's keys shared by three rules)
        package_env, funcs, i = {}, [], 0
        top = []
        while i < len(tokens):
            if tokens[i] == ('ident', 'func'):
                j = i
                while tokens[j] != ('punct', '{'): j += 1
                end = matching(tokens, j)
                funcs.append(tokens[j + 1:end]); i = end + 1
            else:
                top.append(tokens[i]); i += 1
        assignments([t for t in top if t[1] not in ('import', 'package')], package_env)
        for body in funcs:
            rule_ids = [body[k + 2][1] for k in range(len(body) - 2)
                        if body[k] == ('ident', 'RuleID') and body[k + 1] in (('punct', ':'), ('punct', '=')) and body[k + 2][0] == 'string']
            calls = [k for k in range(len(body) - 3) if body[k:k + 2] == [('ident', 'utils'), ('punct', '.')]
                     and body[k + 2][1] in ('Validate', 'ValidateWithPaths') and body[k + 3] == ('punct', '(')]
            if not rule_ids or not calls: continue
            env = dict(package_env)
            assignments(body[:calls[0]], env)
            args = split_top(body[calls[0] + 4:matching(body, calls[0] + 3)], ',')
            for arg, is_secret in ((args[1], True), (args[2], False)):
                for item in gitleaks_values(arg, env):
                    if item is None or item[1] == '': continue
                    how, text = item
                    extractor = f"gitleaks-{'tps' if is_secret else 'fps'}-{'literal' if how == 'literal' else 'sample-literal'}"
                    add(text, is_secret, rule_ids[0], GITLEAKS, path, extractor, 'tp' if is_secret else 'fp')


# ---------------------------------------------------------------- trufflehog: valid*/invalid* pattern variables

PATTERN_VAR = re.compile(r'^(valid|invalid)[A-Z0-9]')


def trufflehog():
    for path in ls(TRUFFLEHOG, 'pkg/detectors'):
        if not path.endswith('_test.go') or path.endswith('_integration_test.go'): continue
        kind = os.path.dirname(path)[len('pkg/detectors/'):]
        tokens = go_tokens(show(TRUFFLEHOG, path))
        # every `name = "literal"` / `name := "literal"` (package var/const blocks and function bodies)
        constants, found = {}, False
        for k in range(len(tokens) - 2):
            t, op = tokens[k], tokens[k + 1]
            if t[0] == 'ident' and op in (('punct', '='), ('punct', ':=')) and (k == 0 or tokens[k - 1] != ('punct', '.')):
                end = k + 2
                while end < len(tokens) and tokens[end] not in {('punct', c) for c in (';', ',', ')', '}')}: end += 1
                text = literal(tokens[k + 2:end])
                if text is None: continue
                constants[t[1]] = text
                if PATTERN_VAR.match(t[1]) or t[1] in ('valid', 'invalid'):
                    found = True
                    is_secret = t[1].startswith('valid')
                    if text.strip() != '':
                        add(text, is_secret, kind, TRUFFLEHOG, path, 'trufflehog-pattern-var',
                            'valid-pattern' if is_secret else 'invalid-pattern')
        if not found:
            valid_input_lines(tokens, constants, kind, path)


def valid_input_lines(tokens, constants, kind, path):
    """In a test without pattern variables: each line of a valid case's input that holds a whole reported
    secret of one part (the secret as the input writes it; a `key:secret` pair built by the detector is not)."""
    def value(expr):
        text = literal(expr)
        if text is None and len(expr) == 1 and expr[0][0] == 'ident': text = constants.get(expr[0][1])
        return text
    for k in range(len(tokens)):
        if tokens[k] != ('punct', '{'): continue
        end = matching(tokens, k)
        fields = {}
        for element in split_top(tokens[k + 1:end], ','):
            if len(element) >= 3 and element[0][0] == 'ident' and element[1] == ('punct', ':'):
                fields[element[0][1]] = element[2:]
        if 'input' not in fields or 'want' not in fields: continue
        want = fields['want']
        if ('punct', '{') not in want: continue
        start = want.index(('punct', '{'))
        secrets = [value(e) for e in split_top(want[start + 1:matching(want, start)], ',')]
        secrets = [s for s in secrets if s]
        text = value(fields['input'])
        if not secrets or text is None: continue
        for line in text.split('\n'):
            line = line.strip()
            if line and any(s in line for s in secrets):
                add(line, True, kind, TRUFFLEHOG, path, 'trufflehog-valid-input-line', 'valid-input')


# ---------------------------------------------------------------- detect-secrets: parametrize tables

def detect_secrets():
    for path in ls(DETECT_SECRETS, 'tests/plugins'):
        name = os.path.basename(path)
        if not name.endswith('_test.py') or name == 'base_test.py': continue
        kind = name[:-len('_test.py')]
        tree = ast.parse(show(DETECT_SECRETS, path))
        # module-level string constants, for a row or its expected secret given by name
        consts = {}
        for stmt in tree.body:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) \
                    and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str):
                consts[stmt.targets[0].id] = stmt.value.value

        def text_of(node):
            if isinstance(node, ast.Constant) and isinstance(node.value, str): return node.value
            if isinstance(node, ast.Name): return consts.get(node.id)
            return None  # a format template (`'password = "{}"'.format(SECRET)`) or a call: no row

        for node in ast.walk(tree):
            if not isinstance(node, ast.List): continue
            for t in node.elts:
                if not isinstance(t, ast.Tuple) or len(t.elts) < 2: continue
                text, second = text_of(t.elts[0]), t.elts[1]
                if text is None or text.strip() == '': continue
                if isinstance(second, ast.Constant) and isinstance(second.value, bool):
                    add(text, second.value, kind, DETECT_SECRETS, path, 'detect-secrets-parametrize',
                        f'should_flag={second.value}')
                elif isinstance(second, ast.Constant) and second.value is None:
                    add(text, False, kind, DETECT_SECRETS, path, 'detect-secrets-parametrize', 'secret=None')
                else:
                    secret = text_of(second)
                    if secret and secret in text:
                        add(text, True, kind, DETECT_SECRETS, path, 'detect-secrets-parametrize', 'secret')


# ---------------------------------------------------------------- secretlint: snapshot inputs

def secretlint():
    snapshot = re.compile(r'^packages/@secretlint/secretlint-rule-([^/]+)/test/snapshots/((ng|ok)\.[^/]+)/output\.json$')
    for path in ls(SECRETLINT, 'packages/@secretlint'):
        m = snapshot.match(path)
        if not m: continue
        kind, case, which = m.group(1), m.group(2), m.group(3)
        output = json.loads(show(SECRETLINT, path))
        content = output.get('sourceContent')
        if output.get('sourceContentType', 'text') != 'text' or not isinstance(content, str): continue
        lines = content.split('\n')
        source = os.path.dirname(path)
        if which == 'ng':
            spans = sorted({(msg['loc']['start']['line'], msg['loc']['end']['line'])
                            for msg in output.get('messages', []) if 'loc' in msg})
            for start, end in spans:
                text = '\n'.join(lines[start - 1:end]).strip()
                if text: add(text, True, kind, SECRETLINT, source, 'secretlint-ng', 'ng')
        else:
            for line in lines:
                line = line.strip()
                if line and line.isprintable():
                    add(line, False, kind, SECRETLINT, source, 'secretlint-ok', 'ok')


gitleaks()
trufflehog()
detect_secrets()
secretlint()
for r in rows:
    sys.stdout.write(json.dumps(r, ensure_ascii=False) + '\n')
print(len(rows), 'candidates', file=sys.stderr)
