#!/usr/bin/env node
// Turns gitleaks' full default rule set (vendor/gitleaks/gitleaks.toml, MIT, see
// vendor/gitleaks/README.md) and the credential marks of trufflehog's detectors
// (vendor/trufflehog/marks.json) into the data the secret scanner loads:
// src/core/safety/gitleaks-rules.ts, one JSON string of rules whose regexes are JavaScript.
//
// Refresh from the maintained sources (git directories of clones of github.com/gitleaks/gitleaks and
// github.com/trufflesecurity/trufflehog; their HEAD commit is recorded in the vendored files):
//   node scripts/import-gitleaks-rules.mjs --gitleaks <gitleaks .git dir> --trufflehog <trufflehog .git dir>
// Without them, the vendored files are read as they are.
//
// Why a translation: gitleaks' regexes are Go RE2. JavaScript (Node 20) has no inline flag groups,
// so (?i) / (?i:…) / (?-i:…) become explicit [aA] letter classes, (?s:.) becomes [\s\S], \z
// becomes $, (?P<name> becomes (?<name>. The result is exact, not an approximation: every
// translated rule is compiled here, and a rule that does not compile is dropped and reported.
// Rules that only make sense for a file path (path conditions) are left out: memory text has none.
//
// Usage: node scripts/import-gitleaks-rules.mjs [--gitleaks dir] [--trufflehog dir] [--out file.ts]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { isDistinctiveMark, isWeakMark, literalPrefixes } from './literal-prefixes.mjs';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? resolve(args[args.indexOf(name) + 1]) : undefined);
const out = option('--out') ?? join(PROJECT, 'src', 'core', 'safety', 'gitleaks-rules.ts');
const source = join(PROJECT, 'vendor', 'gitleaks', 'gitleaks.toml');
const marksFile = join(PROJECT, 'vendor', 'trufflehog', 'marks.json');

const git = (dir, ...rest) =>
  execFileSync('git', ['--git-dir', dir, ...rest], { encoding: 'utf8', maxBuffer: 1 << 28 });
const headOf = (dir) => ({
  commit: git(dir, 'rev-parse', 'HEAD').trim(),
  describe: git(dir, 'describe', '--tags', '--always', 'HEAD').trim(),
});

if (option('--gitleaks')) {
  const dir = option('--gitleaks');
  const { commit, describe } = headOf(dir);
  writeFileSync(
    source,
    `# gitleaks/gitleaks@${commit} (${describe}) config/gitleaks.toml, vendored by scripts/import-gitleaks-rules.mjs\n${git(dir, 'show', 'HEAD:config/gitleaks.toml')}`,
  );
}

// trufflehog (AGPL-3.0) is not copied: only the literal marks its detectors' regexes give a
// credential (`NRIQ-`, `glsa_`), facts about vendors' formats, with the detectors that name them.
if (option('--trufflehog')) {
  const dir = option('--trufflehog');
  const { commit } = headOf(dir);
  const marks = {};
  const files = git(dir, 'ls-tree', '-r', '--name-only', 'HEAD', 'pkg/detectors')
    .split('\n')
    .filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'));
  for (const file of files) {
    const detector = file.split('/')[2];
    for (const line of git(dir, 'show', `HEAD:${file}`)
      .split('\n')
      .filter((l) => l.includes('MustCompile'))) {
      for (const [, regex] of line.matchAll(/`([^`]*)`/g)) {
        for (const { prefix, ci } of literalPrefixes(regex)) {
          const weak = isWeakMark(prefix);
          if (!isDistinctiveMark(prefix) && !weak) continue;
          const key = ci ? prefix.toLowerCase() : prefix;
          marks[key] ??= weak ? { ci, weak, detectors: [] } : { ci, detectors: [] };
          if (!marks[key].detectors.includes(detector)) marks[key].detectors.push(detector);
        }
      }
    }
  }
  mkdirSync(dirname(marksFile), { recursive: true });
  const sorted = Object.fromEntries(Object.entries(marks).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(
    marksFile,
    `${JSON.stringify({ source: `trufflesecurity/trufflehog@${commit} pkg/detectors (AGPL-3.0; only the literal marks of its regexes, no code)`, marks: sorted }, null, 1)}\n`,
  );
}

/** Both cases of an ASCII letter, or null. */
function otherCase(ch) {
  if (/[a-z]/.test(ch)) return ch.toUpperCase();
  if (/[A-Z]/.test(ch)) return ch.toLowerCase();
  return null;
}

/** Adds the other case of every letter and letter range to the body of a character class. */
function caseFoldClass(body) {
  const items = [];
  let i = 0;
  while (i < body.length) {
    let atom;
    if (body[i] === '\\') {
      atom = body.slice(i, i + 2);
      if (body[i + 1] === 'x') atom = body.slice(i, i + 4);
      i += atom.length;
    } else if (body.startsWith('[:', i)) {
      const end = body.indexOf(':]', i);
      atom = body.slice(i, end + 2);
      i = end + 2;
    } else {
      atom = body[i];
      i += 1;
    }
    if (body[i] === '-' && i + 1 < body.length && body[i + 1] !== ']') {
      const to = body[i + 1] === '\\' ? body.slice(i + 1, i + 3) : body[i + 1];
      i += 1 + to.length;
      items.push({ from: atom, to });
    } else items.push({ from: atom });
  }
  let extra = '';
  for (const item of items) {
    if (item.to === undefined) {
      const other = item.from.length === 1 ? otherCase(item.from) : null;
      if (other) extra += other;
    } else if (item.from.length === 1 && item.to.length === 1) {
      const lo = item.from.charCodeAt(0);
      const hi = item.to.charCodeAt(0);
      // The letters inside the range, folded, as ranges of their own.
      for (const [a, z] of [
        [65, 90],
        [97, 122],
      ]) {
        const start = Math.max(lo, a);
        const end = Math.min(hi, z);
        if (start <= end) extra += `${otherCase(String.fromCharCode(start))}-${otherCase(String.fromCharCode(end))}`;
      }
    }
  }
  // A literal '-' at either end of the body stays literal once the extra ranges are appended.
  if (extra === '') return body;
  return body.replace(/^-/, '\\-').replace(/(^|[^\\])-$/, '$1\\-') + extra;
}

const POSIX = {
  alnum: 'A-Za-z0-9',
  alpha: 'A-Za-z',
  digit: '0-9',
  lower: 'a-z',
  upper: 'A-Z',
  space: '\\s',
  xdigit: '0-9A-Fa-f',
  punct: '!-\\/:-@\\[-`{-~',
  word: '\\w',
};

/** Returns the JavaScript source (no flags) equivalent to Go RE2 `pattern`; throws on what it cannot translate. */
export function translate(pattern) {
  let out = '';
  // One frame per open group: its case-insensitivity and dot-all state, restored at ')'.
  const stack = [{ ci: false, dotAll: false }];
  const top = () => stack[stack.length - 1];
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i];
    if (ch === '\\') {
      const next = pattern[i + 1];
      if (next === 'z') out += '$';
      else if (next === 'A') out += '^';
      else if (next === 'Q' || next === 'C' || next === 'p' || next === 'P')
        throw new Error(`unsupported escape \\${next}`);
      else if (next === 'x' && pattern[i + 2] === '{') {
        const end = pattern.indexOf('}', i);
        out += `\\x${pattern.slice(i + 3, end).padStart(2, '0')}`;
        i = end + 1;
        continue;
      } else out += `\\${next}`;
      i += 2;
      continue;
    }
    if (ch === '[') {
      let j = i + 1;
      if (pattern[j] === '^') j += 1;
      if (pattern[j] === ']') j += 1;
      while (j < pattern.length && pattern[j] !== ']') {
        if (pattern[j] === '\\') j += 2;
        else if (pattern.startsWith('[:', j)) j = pattern.indexOf(':]', j) + 2;
        else j += 1;
      }
      const negated = pattern[i + 1] === '^';
      let body = pattern.slice(i + 1 + (negated ? 1 : 0), j);
      body = body.replace(/\[:(\w+):\]/g, (_, name) => {
        if (!(name in POSIX)) throw new Error(`unknown POSIX class ${name}`);
        return POSIX[name];
      });
      // A leading ']' is literal in RE2; JavaScript needs it escaped. So does a bare '[' inside.
      if (body.startsWith(']')) body = `\\]${body.slice(1)}`;
      body = body.replace(/(^|[^\\])\[/g, '$1\\[');
      if (top().ci) body = caseFoldClass(body);
      out += `[${negated ? '^' : ''}${body}]`;
      i = j + 1;
      continue;
    }
    if (ch === '(') {
      const flags = /^\(\?([a-zA-Z-]+)(\)|:)/.exec(pattern.slice(i));
      if (flags) {
        const [whole, spec, end] = flags;
        const frame = end === ':' ? { ...top() } : top();
        let on = true;
        for (const f of spec) {
          if (f === '-') on = false;
          else if (f === 'i') frame.ci = on;
          else if (f === 's') frame.dotAll = on;
          else if (f === 'm' || f === 'U') throw new Error(`unsupported flag ${f}`);
        }
        if (end === ':') {
          stack.push(frame);
          out += '(?:';
        }
        i += whole.length;
        continue;
      }
      const named = /^\(\?P?<(\w+)>/.exec(pattern.slice(i));
      stack.push({ ...top() });
      if (named) {
        out += `(?<${named[1]}>`;
        i += named[0].length;
      } else if (pattern.startsWith('(?:', i)) {
        out += '(?:';
        i += 3;
      } else {
        out += '(';
        i += 1;
      }
      continue;
    }
    if (ch === ')') {
      stack.pop();
      if (stack.length === 0) throw new Error('unbalanced )');
      out += ')';
      i += 1;
      continue;
    }
    if (ch === '{') {
      // A quantifier is copied as is; RE2 reads '{' that starts no quantifier as a literal.
      const quantifier = /^\{\d+(?:,\d*)?\}/.exec(pattern.slice(i));
      if (quantifier) {
        out += quantifier[0];
        i += quantifier[0].length;
      } else {
        out += '\\{';
        i += 1;
      }
      continue;
    }
    if (ch === '}') {
      out += '\\}';
      i += 1;
      continue;
    }
    if (ch === '.') {
      out += top().dotAll ? '[\\s\\S]' : '.';
      i += 1;
      continue;
    }
    const other = top().ci ? otherCase(ch) : null;
    out += other ? `[${ch}${other}]` : ch;
    i += 1;
  }
  if (stack.length !== 1) throw new Error('unbalanced (');
  return out;
}

function translateAllowlist(list, where) {
  if (list === undefined) return undefined;
  // Note: path conditions cannot hold for memory text; an allowlist that needs one never applies.
  if (list.paths !== undefined && list.condition === 'AND') return null;
  const regexes = (list.regexes ?? []).map((r) => translate(r));
  for (const r of regexes) new RegExp(r);
  return {
    ...(regexes.length > 0 ? { regexes } : {}),
    ...(list.stopwords?.length ? { stopwords: list.stopwords.map((s) => s.toLowerCase()) } : {}),
    ...(list.regexTarget && list.regexTarget !== 'secret' ? { regexTarget: list.regexTarget } : {}),
    ...(regexes.length === 0 && !list.stopwords?.length ? { where } : {}),
  };
}

const tomlText = readFileSync(source, 'utf8');
const config = parse(tomlText);
const provenance = /^# (\S+@[0-9a-f]{40} \([^)]*\))/.exec(tomlText)?.[1] ?? 'unknown commit';
const rules = [];
const dropped = [];
const untranslatable = [];
for (const rule of config.rules) {
  if (rule.regex === undefined || rule.path !== undefined) {
    dropped.push(`${rule.id}: needs a file path`);
    continue;
  }
  try {
    const regex = translate(rule.regex);
    new RegExp(regex, 'g');
    const allowlists = [...(rule.allowlists ?? []), ...(rule.allowlist ? [rule.allowlist] : [])]
      .map((list) => translateAllowlist(list, rule.id))
      .filter((list) => list && (list.regexes || list.stopwords));
    rules.push({
      id: rule.id,
      regex,
      ...(rule.secretGroup ? { secretGroup: rule.secretGroup } : {}),
      ...(rule.entropy ? { entropy: rule.entropy } : {}),
      keywords: (rule.keywords ?? []).map((k) => k.toLowerCase()),
      ...(allowlists.length > 0 ? { allowlists } : {}),
    });
  } catch (error) {
    untranslatable.push(`${rule.id}: ${error.message}`);
  }
}

// The marks a credential carries whatever stands around it: gitleaks anchors some prefixed keys to
// a vendor word (`newrelic … NRII-…`), trufflehog knows vendors gitleaks does not (`NRIQ-`).
const marks = new Map();
for (const rule of config.rules) {
  for (const { prefix, ci } of rule.regex ? literalPrefixes(rule.regex) : [])
    if (isDistinctiveMark(prefix) || isWeakMark(prefix))
      marks.set(ci ? prefix.toLowerCase() : prefix, { ci, weak: isWeakMark(prefix) });
}
const trufflehog = JSON.parse(readFileSync(marksFile, 'utf8'));
for (const [mark, { ci, weak }] of Object.entries(trufflehog.marks))
  if (!marks.has(mark)) marks.set(mark, { ci, weak: weak === true });
const globalList = config.allowlist ?? config.allowlists?.[0] ?? {};
const data = {
  source: `${provenance}, MIT licence, copyright (c) 2019 Zachary Rice; marks: ${trufflehog.source}`,
  allowlist: {
    regexes: (globalList.regexes ?? []).map((r) => translate(r)),
    stopwords: (globalList.stopwords ?? []).map((s) => s.toLowerCase()),
  },
  rules,
  marks: [...marks]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([mark, { ci, weak }]) => ({ mark, ...(ci ? { ci } : {}), ...(weak ? { weak } : {}) })),
};
const text = [
  '// Generated by scripts/import-gitleaks-rules.mjs from vendor/gitleaks/gitleaks.toml and',
  '// vendor/trufflehog/marks.json: do not edit by hand.',
  `// gitleaks rule data: ${provenance}, MIT licence, copyright (c) 2019 Zachary Rice (vendor/gitleaks/LICENSE).`,
  `// Credential marks: ${trufflehog.source}.`,
  '// One JSON string, parsed on first use: a string literal costs the hook bundle almost nothing',
  '// to load, where an object literal of 200 rules would be built on every start.',
  `export const GITLEAKS_RULES_JSON = ${JSON.stringify(JSON.stringify(data))};`,
  '',
].join('\n');
writeFileSync(out, text);
console.log(
  `${config.rules.length} gitleaks rules (${provenance}): ${rules.length} translated, ${untranslatable.length} untranslatable, ${dropped.length} left out (file paths only); ${marks.size} credential marks (${[...marks.values()].filter((m) => m.weak).length} weak). Written to ${out}`,
);
for (const line of untranslatable) console.log(`  untranslatable ${line}`);
for (const line of dropped) console.log(`  left out ${line}`);
