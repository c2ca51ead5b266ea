// The staleness set's labeller: which repository things a line of an agent file names, resolved
// against the tree of one commit (bench/staleness/tree-at.mjs). It is the ground truth the
// reference finder in src/ is measured against, so it is written apart from it on purpose and
// errs on the generous side: every token that could name a path, a package script, a make or just
// target, a Go package or a Python module counts when it resolves, and nothing else does.
//
// A path-like token resolves from the repository root, or as the unique path that ends with it
// ("agents/run.py" in a src/ layout). A remembered line is the whole repository's, not its agent
// file's folder's, so a token that resolves only from that folder, nowhere, or to several paths
// is not a reference. Scripts resolve in any package.json, make and just targets in any Makefile
// or justfile (`make -C dir`: that folder's), Python modules from the root or src/.
import { posix } from 'node:path';

/** Logical lines of an agent file: paragraphs and list items joined, code fences, HTML comments, headings and table rules skipped. */
export function logicalLines(text) {
  const units = [];
  let current = null;
  let fence = null;
  let comment = false;
  const flush = () => {
    if (current) units.push(current);
    current = null;
  };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((raw, index) => {
    const line = raw.trimEnd();
    const fenceMark = /^\s*(```+|~~~+)/.exec(line);
    if (fence) {
      if (fenceMark && fenceMark[1][0] === fence[0] && fenceMark[1].length >= fence.length) fence = null;
      return;
    }
    if (fenceMark) {
      flush();
      fence = fenceMark[1];
      return;
    }
    if (comment) {
      if (line.includes('-->')) comment = false;
      return;
    }
    if (/^\s*<!--/.test(line)) {
      flush();
      if (!line.includes('-->')) comment = true;
      return;
    }
    if (
      line.trim() === '' ||
      /^\s*#{1,6}\s/.test(line) ||
      /^\s*\|?\s*:?-{3,}/.test(line) ||
      /^\s*(---|\*\*\*|___)\s*$/.test(line) ||
      /^\s*<\/?[a-z][^>]*>\s*$/i.test(line)
    ) {
      flush();
      return;
    }
    const item = /^(\s*)(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(line);
    const table = /^\s*\|(.*)\|\s*$/.exec(line);
    if (table) {
      flush();
      const cells = table[1]
        .split('|')
        .map((cell) => cell.trim())
        .filter((cell) => cell !== '');
      units.push({ line: index + 1, text: cells.join(' — ') });
      return;
    }
    if (item) {
      flush();
      current = { line: index + 1, text: item[2].trim() };
      return;
    }
    const body = line.replace(/^\s*>\s?/, '').trim();
    if (current) current.text += ` ${body}`;
    else current = { line: index + 1, text: body };
  });
  flush();
  return units
    .map((unit) => ({ ...unit, text: unit.text.replace(/\s+/g, ' ').trim() }))
    .filter((unit) => unit.text.length >= 12);
}

/** Backticked spans of a line (single or double backticks), and the text outside them. */
function splitCode(text) {
  const spans = [];
  const plain = text.replace(/(`+)([^`]+?)\1/g, (_, __, code) => {
    spans.push(code.trim());
    return ' ';
  });
  return { spans, plain };
}

const PM_BUILTINS = new Set([
  'install',
  'i',
  'add',
  'remove',
  'rm',
  'uninstall',
  'update',
  'up',
  'upgrade',
  'dlx',
  'exec',
  'x',
  'create',
  'init',
  'link',
  'unlink',
  'publish',
  'pack',
  'why',
  'list',
  'ls',
  'outdated',
  'audit',
  'config',
  'cache',
  'store',
  'import',
  'rebuild',
  'prune',
  'dedupe',
  'patch',
  'version',
  'info',
  'view',
  'login',
  'logout',
  'ci',
  'set',
  'workspaces',
  'global',
  'node',
  'env',
  'help',
  'bin',
  'root',
  'setup',
  'self-update',
  'pm',
  'fetch',
]);

/** Package-script, make, just invocations of a text: [{kind, value, cwd?}] as written. */
function commandsIn(text) {
  const found = [];
  const word = '([A-Za-z0-9][\\w:.\\-/]*)';
  const patterns = [
    [new RegExp(`\\bnpm\\s+run(?:-script)?\\s+${word}`, 'g'), 'run'],
    [new RegExp(`\\bnpm\\s+(test|start|stop|restart)\\b`, 'g'), 'run'],
    [
      new RegExp(
        `\\b(?:pnpm|yarn)\\s+(?:(?:--filter|-F|-C|--dir|workspace)\\s+\\S+\\s+|-[rw]\\s+|--recursive\\s+)*run\\s+${word}`,
        'g',
      ),
      'run',
    ],
    [
      new RegExp(
        `\\b(?:pnpm|yarn)\\s+(?:(?:--filter|-F|-C|--dir|workspace)\\s+\\S+\\s+|-[rw]\\s+|--recursive\\s+)*${word}`,
        'g',
      ),
      'script',
    ],
    [new RegExp(`\\bbun\\s+run\\s+${word}`, 'g'), 'run'],
    [new RegExp(`\\bmake\\s+(?:-C\\s+(\\S+)\\s+)?((?:[\\w.\\-/]+\\s*)+)`, 'g'), 'make'],
    [new RegExp(`\\bjust\\s+((?:[\\w\\-]+\\s*)+)`, 'g'), 'just'],
  ];
  for (const [pattern, kind] of patterns) {
    for (const match of text.matchAll(pattern)) {
      if (kind === 'run') found.push({ kind: 'script', value: match[1] });
      else if (kind === 'script') {
        // `pnpm install` is pnpm's own command; `pnpm run install` would be a script.
        if (!PM_BUILTINS.has(match[1]) && match[1] !== 'run') found.push({ kind, value: match[1] });
      } else if (kind === 'make') {
        for (const target of match[2].trim().split(/\s+/))
          if (!target.includes('=') && !target.startsWith('-')) found.push({ kind, value: target, cwd: match[1] });
      } else {
        for (const recipe of match[1].trim().split(/\s+/)) found.push({ kind, value: recipe });
      }
    }
  }
  return found;
}

const PATHISH = /[A-Za-z0-9_.@~+\-/*[\]{}$]+/g;
const EXTENSION = /\.[A-Za-z][A-Za-z0-9]{0,9}$/;

/** Normalised path candidates of a token: './x/' -> 'x', 'x/...' -> 'x', 'file.ts:12' -> 'file.ts'. Globs are dropped. */
function pathForms(token) {
  let t = token.replace(/^[("'<[]+|[)"'>\],.;:!?]+$/g, '');
  t = t.replace(/:\d+(?::\d+)?$/, '').replace(/#L?\d+.*$/, '');
  // `@path` is an import of that path (CLAUDE.md's syntax); `@scope/name` an npm package, which resolves nowhere.
  t = t.replace(/^@(?=[^@])/, '');
  if (/[*?{}$[\]]/.test(t) || t.includes('://') || t.startsWith('www.') || t.startsWith('~')) return [];
  t = t.replace(/\/\.\.\.$/, '/').replace(/^\.\//, '');
  if (!t.includes('/') && !EXTENSION.test(t) && !/^\.[A-Za-z]/.test(t)) return [];
  t = t.replace(/\/+$/, '');
  if (t === '' || t === '.' || t.startsWith('../')) return [];
  if (/^\d+(\.\d+)+$/.test(t)) return [];
  return [t.replace(/^\//, '')];
}

/** Dotted Python module candidates ("pkg.sub.mod", "python -m pkg.mod"). */
function moduleForms(token) {
  const t = token.replace(/^[("'<]+|[)"'>,.;:!?]+$/g, '');
  if (!/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)+$/.test(t)) return [];
  return [t];
}

function resolvePath(tree, value) {
  if (tree.entries.has(value)) return { path: value, via: 'root' };
  const base = posix.basename(value);
  const matches = (tree.byBase.get(base) ?? []).filter((e) => e.path.endsWith(`/${value}`));
  if (matches.length === 1 && (value.includes('/') || base.length >= 6))
    return { path: matches[0].path, via: 'suffix' };
  return null;
}

function resolveModule(tree, dotted) {
  const parts = dotted.split('.');
  for (let n = parts.length; n >= 2; n -= 1) {
    const rel = parts.slice(0, n).join('/');
    for (const root of ['', 'src/']) {
      for (const path of [`${root}${rel}.py`, `${root}${rel}/__init__.py`])
        if (tree.entries.has(path)) return { path: path.endsWith('/__init__.py') ? path.slice(0, -12) : path };
    }
  }
  return null;
}

/** The Makefile or justfile that defines `target` (in `dir` when given), nearest the root first. */
function definingFile(tree, kind, target, dir) {
  const names = kind === 'make' ? /(^|\/)(GNUmakefile|makefile|Makefile)$/ : /(^|\/)(justfile|Justfile|\.justfile)$/;
  const files = [...tree.targets.keys()].filter(
    (file) =>
      names.test(file) && (dir === undefined || posix.dirname(file) === dir.replace(/^\.\//, '').replace(/\/+$/, '')),
  );
  files.sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1));
  return files.find((file) => tree.targets.get(file).has(target)) ?? null;
}

/**
 * The references a line makes that resolve in `tree`: [{kind: path|script|make|just|module, value
 * (as written), path? (what it resolved to), file? (Makefile/justfile)}], one per distinct target.
 */
export function referencesIn(text, tree) {
  const refs = [];
  const seen = new Set();
  const add = (ref, key) => {
    if (seen.has(key)) return;
    seen.add(key);
    refs.push(ref);
  };
  const { spans, plain } = splitCode(text);
  for (const command of commandsIn(text)) {
    if (command.kind === 'script') {
      if (tree.scripts.has(command.value)) add({ kind: 'script', value: command.value }, `script:${command.value}`);
      continue;
    }
    const file = definingFile(tree, command.kind, command.value, command.cwd);
    if (file)
      add(
        { kind: command.kind, value: command.value, file, ...(command.cwd ? { dir: command.cwd } : {}) },
        `${command.kind}:${file}:${command.value}`,
      );
  }
  const tokens = [...spans.flatMap((span) => [span, ...span.split(/\s+/)]), ...(plain.match(PATHISH) ?? [])];
  const linkTargets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  for (const token of [...tokens, ...linkTargets]) {
    for (const value of pathForms(token)) {
      const hit = resolvePath(tree, value);
      if (hit) add({ kind: 'path', value, path: hit.path, via: hit.via }, `path:${hit.path}`);
    }
  }
  for (const span of spans) {
    for (const token of span.split(/\s+/)) {
      for (const dotted of moduleForms(token)) {
        if (resolvePath(tree, dotted)) continue;
        const hit = resolveModule(tree, dotted);
        if (hit) add({ kind: 'module', value: dotted, path: hit.path }, `path:${hit.path}`);
      }
    }
  }
  return refs;
}

/** The status of one reference at a later tree: fresh (same object), changed, or gone (+ git's rename). */
export function judgeReference(ref, before, after, renames) {
  if (ref.kind === 'script') {
    const now = after.scripts.get(ref.value);
    if (!now) return { status: 'gone' };
    const then = before.scripts.get(ref.value);
    const same = [...then].every(([file, command]) => now.get(file) === command);
    return { status: same ? 'fresh' : 'changed' };
  }
  if (ref.kind === 'make' || ref.kind === 'just') {
    const file = definingFile(after, ref.kind, ref.value, ref.dir);
    return {
      status:
        file === null
          ? 'gone'
          : file === ref.file && after.entries.get(file).oid === before.entries.get(file).oid
            ? 'fresh'
            : 'changed',
    };
  }
  const then = before.entries.get(ref.path);
  const now = after.entries.get(ref.path);
  if (!now || now.type !== then.type) return { status: 'gone', ...renameOf(ref.path, then.type, renames, after) };
  return { status: now.oid === then.oid ? 'fresh' : 'changed' };
}

/** Where git's rename detection moved a file; for a folder, the new folder most of its renamed files went to. */
function renameOf(path, type, renames, after) {
  if (type === 'blob') return renames.has(path) ? { renamedTo: renames.get(path) } : {};
  const votes = new Map();
  for (const [from, to] of renames) {
    if (!from.startsWith(`${path}/`)) continue;
    const rest = from.slice(path.length);
    if (!to.endsWith(rest)) continue;
    const target = to.slice(0, to.length - rest.length);
    votes.set(target, (votes.get(target) ?? 0) + 1);
  }
  const best = [...votes].sort((a, b) => b[1] - a[1])[0];
  return best && after.entries.get(best[0])?.type === 'tree' ? { renamedTo: best[0] } : {};
}
