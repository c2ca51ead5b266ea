// `mem lint` on the real agent files of ../shared/corpus/agent-files/, laid out as the repositories
// they come from (agent-files.index.jsonl: nested paths kept; each sample of a collection becomes
// its own repository's AGENTS.md). Measures:
//   1. every repository linted at the root and in every folder holding an agent file: no crash,
//      exit 0 or 1, JSON that parses;
//   2. recall of planted defects in copies (a reworded duplicate rule, an always/never
//      contradiction, a broken import, a missing path, a script no package.json defines, a
//      rules file whose paths: glob matches nothing, an AGENTS.md past 32 KiB), per kind;
//   3. a seeded sample of what it flags on the untouched originals, written out to be judged;
//   4. --time: wall clock (interleaved pairs) and instructions (valgrind callgrind, as bench/ab-instructions.mjs) of
//      `mem lint` over `node -e 0` for a typical repository and the largest, without NODE_EXTRA_CA_CERTS.
// Usage: npm run build && node bench/lint-corpus.mjs [--sample N] [--seed S] [--time | --time-only] [--pairs N] [--out FILE]
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { BIN, benchEnv, callgrindInstructions, median, timeRun } from './lib.mjs';

const CORPUS = resolve(BIN, '..', '..', '..', 'shared', 'corpus');
const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const sampleSize = Number(arg('--sample', 40));
let seed = Number(arg('--seed', 33));
const out = arg('--out', join(tmpdir(), 'lint-corpus-flags.md'));
const env = benchEnv();
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

/** Lays the corpus out under `base`: one folder per repository, with .git; returns [{name, dir, files}]. */
function layOut(base) {
  const rows = readFileSync(join(CORPUS, 'agent-files.index.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const repos = new Map();
  for (const row of rows) {
    const sample = row.repo === 'no1x0/agents-md-collector';
    const name = sample ? row.file.replace(/\.md$/i, '') : row.repo.replace('/', '__');
    const path = sample ? 'AGENTS.md' : row.path;
    if (!repos.has(name)) repos.set(name, []);
    repos.get(name).push({ path, source: join(CORPUS, 'agent-files', row.file) });
  }
  const list = [];
  for (const [name, files] of repos) {
    const dir = join(base, name);
    mkdirSync(join(dir, '.git'), { recursive: true });
    for (const file of files) {
      mkdirSync(dirname(join(dir, file.path)), { recursive: true });
      cpSync(file.source, join(dir, file.path));
    }
    list.push({ name, dir, files: files.map((file) => file.path) });
  }
  return list;
}

function lint(dir, args = []) {
  const run = spawnSync(process.execPath, [BIN, 'lint', '--json', ...args], {
    cwd: dir,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  let report = null;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    /* reported below */
  }
  return { status: run.status, stderr: run.stderr, report };
}

const base = mkdtempSync(join(tmpdir(), 'mem-lint-corpus-'));
const repos = layOut(base);

const timeOnly = process.argv.includes('--time-only');
// 1. Every file, at the root and in each folder that holds one.
let runs = 0;
const failures = [];
const all = [];
let covered = 0;
for (const repo of timeOnly ? [] : repos) {
  const dirs = [...new Set(['', ...repo.files.map((path) => dirname(path)).filter((d) => d !== '.')])];
  const seen = new Set();
  for (const d of dirs) {
    const result = lint(repo.dir, d === '' ? [] : ['--dir', d]);
    runs += 1;
    if ((result.status !== 0 && result.status !== 1) || result.report === null)
      failures.push(`${repo.name} ${d}: exit ${result.status} ${result.stderr.slice(0, 300)}`);
    else {
      for (const load of result.report.agents) for (const file of [...load.files, ...load.scoped]) seen.add(file.path);
      if (d === '') for (const finding of result.report.findings) all.push({ repo, finding });
    }
  }
  covered += repo.files.filter((path) => seen.has(path)).length;
}
const total = repos.reduce((sum, repo) => sum + repo.files.length, 0);
console.log(
  `## 1. Every file\n\n${repos.length} repositories, ${total} files, ${runs} runs (root + each folder holding a file): ${failures.length} failed; ${covered} of ${total} files loaded by some agent`,
);
for (const failure of failures) console.log(`- FAIL ${failure}`);

// 3. What it flags on the originals.
const byCode = new Map();
for (const item of all) {
  if (!byCode.has(item.finding.code)) byCode.set(item.finding.code, []);
  byCode.get(item.finding.code).push(item);
}
console.log(`\n## 3. Flags on the untouched originals (root runs)\n\n| code | flags | repositories |\n|---|---|---|`);
for (const [code, items] of [...byCode].sort())
  console.log(`| ${code} | ${items.length} | ${new Set(items.map((item) => item.repo.name)).size} |`);
const lineOf = (repo, file, line) => {
  try {
    return readFileSync(join(repo.dir, file), 'utf8').split('\n')[line - 1]?.trim().slice(0, 300) ?? '';
  } catch {
    return '';
  }
};
const judged = all.filter((item) => !['over-budget', 'past-codex-cap'].includes(item.finding.code));
const sample = [];
const pool = [...judged];
while (sample.length < sampleSize && pool.length > 0)
  sample.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
writeFileSync(out, `# Sample of ${sample.length} flags of ${judged.length} (seed ${arg('--seed', 33)})\n\n`);
for (const [index, { repo, finding }] of sample.entries()) {
  const related = finding.related
    ? `\n  related ${finding.related.file}:${finding.related.line}: ${lineOf(repo, finding.related.file, finding.related.line)}`
    : '';
  appendFileSync(
    out,
    `${index + 1}. ${repo.name} ${finding.file}:${finding.line} ${finding.code}: ${finding.message}\n  line: ${finding.line > 0 ? lineOf(repo, finding.file, finding.line) : '(file)'}${related}\n\n`,
  );
}
console.log(`\nsample of ${sample.length} flags to judge: ${out}`);

// 2. Planted defects, one repository copy per kind and repository.
const SYNONYMS = [
  [/\brun\b/i, 'execute'],
  [/\bbefore\b/i, 'prior to'],
  [/\bmust\b/i, 'should'],
  [/\bshould\b/i, 'must'],
  [/\buse\b/i, 'prefer'],
  [/\bmake sure\b/i, 'ensure'],
  [/\bcreate\b/i, 'add'],
  [/\bfiles\b/i, 'sources'],
  [/\bdon't\b/i, 'do not'],
  [/\bnever\b/i, 'do not ever'],
];
function reword(text) {
  let out = text.replace(/\.$/, '');
  let changed = 0;
  for (const [pattern, replacement] of SYNONYMS) {
    if (changed < 2 && pattern.test(out)) {
      out = out.replace(pattern, replacement);
      changed += 1;
    }
  }
  if (changed === 0) out = `${out} as well`;
  return `${random() < 0.5 ? 'Please ' : ''}${out}${random() < 0.5 ? '.' : ''}`;
}
function rulesOf(text) {
  // A list item with its continuation lines (indented, up to a blank line or the next item).
  const lines = text.split('\n');
  const items = lines.map((line, index) => {
    const start = /^\s*[-*]\s+(.*)$/.exec(line);
    if (!start) return { line: index + 1, text: '' };
    const parts = [start[1].trim()];
    for (let j = index + 1; j < lines.length && /^\s+\S/.test(lines[j]) && !/^\s*[-*]\s/.test(lines[j]); j += 1)
      parts.push(lines[j].trim());
    return { line: index + 1, text: parts.join(' ') };
  });
  return items.filter(
    (rule) =>
      rule.text.split(/\s+/).length >= 6 &&
      rule.text.length <= 200 &&
      !/[`@<>|]/.test(rule.text) &&
      !/:$/.test(rule.text),
  );
}
const kinds = {
  duplicate: [0, 0],
  contradiction: [0, 0],
  'broken-import': [0, 0],
  'missing-path': [0, 0],
  'missing-script': [0, 0],
  'unmatched-paths': [0, 0],
  'codex-cap': [0, 0],
};
const misses = [];
const padding = readdirSync(join(CORPUS, 'agent-files'))
  .map((file) => readFileSync(join(CORPUS, 'agent-files', file), 'utf8'))
  .join('\n');
const plantedBase = mkdtempSync(join(tmpdir(), 'mem-lint-planted-'));
function copyOf(repo, kind) {
  const dir = join(plantedBase, `${repo.name}--${kind}`);
  cpSync(repo.dir, dir, { recursive: true });
  return dir;
}
function appendLines(file, lines) {
  const before = statSync(file, { throwIfNoEntry: false }) ? readFileSync(file, 'utf8') : '';
  const text = `${before}${before === '' || before.endsWith('\n') ? '' : '\n'}\n${lines.join('\n')}\n`;
  writeFileSync(file, text);
  return text.split('\n').length - 1 - lines.length + 1;
}
const found = (report, code, file, line) =>
  report?.findings.some((f) => code.includes(f.code) && f.file === file && (line === undefined || f.line === line));
for (const repo of timeOnly ? [] : repos) {
  const main = repo.files.find((path) => !path.includes('/')) ?? repo.files[0];
  const other = main === 'AGENTS.md' ? 'CLAUDE.md' : 'AGENTS.md';
  const text = readFileSync(join(repo.dir, main), 'utf8');
  const rules = rulesOf(text);
  const rule = rules.length > 0 ? rules[Math.floor(random() * rules.length)] : null;
  const mainDir = dirname(main) === '.' ? '' : dirname(main);
  const otherPath = mainDir === '' ? other : `${mainDir}/${other}`;
  const lintAt = (dir) => lint(dir, mainDir === '' ? [] : ['--dir', mainDir]).report;
  if (rule) {
    // A reworded duplicate in the other agent's file.
    const dir = copyOf(repo, 'dup');
    const line = appendLines(join(dir, otherPath), [`- ${reword(rule.text)}`]);
    const ok =
      found(lintAt(dir), ['near-duplicate-rule', 'duplicate-rule'], otherPath, line) ||
      found(lintAt(dir), ['near-duplicate-rule', 'duplicate-rule'], main, rule.line);
    kinds.duplicate[ok ? 0 : 1] += 1;
    if (!ok) misses.push(`duplicate ${repo.name}: "${rule.text}" → "${reword(rule.text)}"`);
    // Always X here, never X there.
    const dir2 = copyOf(repo, 'contra');
    const subject = rule.text.replace(/^(?:always|never|please|do not|don't)\s+/i, '').replace(/\.$/, '');
    const lower = subject[0].toLowerCase() + subject.slice(1);
    appendLines(join(dir2, main), [`- Always ${lower}.`]);
    const line2 = appendLines(join(dir2, otherPath), [`- Never ${lower}.`]);
    const report2 = lintAt(dir2);
    const ok2 = found(report2, ['contradiction'], otherPath, line2) || found(report2, ['contradiction'], main);
    kinds.contradiction[ok2 ? 0 : 1] += 1;
    if (!ok2) misses.push(`contradiction ${repo.name}: "${lower}"`);
  }
  // A broken import and a path that does not exist, in the main file.
  const dir3 = copyOf(repo, 'import');
  const name = `gone-${Math.floor(random() * 1e6)}`;
  const line3 = appendLines(join(dir3, main), [`For the release steps see @docs/${name}.md first.`]);
  const ok3 =
    main.endsWith('CLAUDE.md') || main.endsWith('GEMINI.md')
      ? found(lintAt(dir3), ['broken-import'], main, line3)
      : found(
          lint(dir3, mainDir === '' ? ['--agent', 'claude'] : ['--agent', 'claude', '--dir', mainDir]).report,
          ['broken-import'],
          main,
          line3,
        );
  // Note: Codex does not follow imports; an AGENTS.md is planted with the import for Claude Code through a CLAUDE.md that imports it.
  if (!main.endsWith('CLAUDE.md')) {
    const claude = mainDir === '' ? 'CLAUDE.md' : `${mainDir}/CLAUDE.md`;
    appendLines(join(dir3, claude), [`@${main.split('/').pop()}`]);
  }
  const ok3b = ok3 || found(lintAt(dir3), ['broken-import'], main, line3);
  kinds['broken-import'][ok3b ? 0 : 1] += 1;
  if (!ok3b) misses.push(`broken-import ${repo.name}`);
  const dir4 = copyOf(repo, 'path');
  // The repository's code, as a real checkout has it: the folder exists, the file named does not.
  mkdirSync(join(dir4, 'src', 'server'), { recursive: true });
  writeFileSync(join(dir4, 'src', 'server', 'index.ts'), 'export {};\n');
  const line4 = appendLines(join(dir4, main), [
    `- Request handlers live in \`src/server/${name}.ts\`; register new ones there.`,
  ]);
  const ok4 = found(lintAt(dir4), ['missing-path'], main, line4);
  kinds['missing-path'][ok4 ? 0 : 1] += 1;
  if (!ok4) misses.push(`missing-path ${repo.name}`);
  // A script the repository's package.json does not define, named as code.
  const dir6 = copyOf(repo, 'script');
  writeFileSync(
    join(dir6, 'package.json'),
    JSON.stringify({ name: repo.name, private: true, scripts: { build: 'tsc -p .', test: 'vitest run' } }, null, 2),
  );
  const line6 = appendLines(join(dir6, main), [
    `- Regenerate the API docs with \`npm run docs:${name}\` before a release.`,
  ]);
  const ok6 = found(lintAt(dir6), ['missing-script'], main, line6);
  kinds['missing-script'][ok6 ? 0 : 1] += 1;
  if (!ok6) misses.push(`missing-script ${repo.name}`);
  // A path-scoped rules file whose glob matches nothing (its folder renamed away).
  const dir7 = copyOf(repo, 'glob');
  mkdirSync(join(dir7, '.claude', 'rules'), { recursive: true });
  writeFileSync(
    join(dir7, '.claude', 'rules', 'api.md'),
    `---\npaths:\n  - "${name}/**/*.{ts,tsx}"\n---\n\n${text.split('\n').slice(0, 12).join('\n')}\n`,
  );
  const ok7 = found(lintAt(dir7), ['unmatched-paths'], '.claude/rules/api.md');
  kinds['unmatched-paths'][ok7 ? 0 : 1] += 1;
  if (!ok7) misses.push(`unmatched-paths ${repo.name}`);
  // An AGENTS.md pushed past 32 KiB with real text.
  const dir5 = copyOf(repo, 'cap');
  const agents = mainDir === '' ? 'AGENTS.md' : `${mainDir}/AGENTS.md`;
  const current = statSync(join(dir5, agents), { throwIfNoEntry: false })?.size ?? 0;
  const start = Math.floor(random() * 100_000);
  appendLines(join(dir5, agents), [padding.slice(start, start + Math.max(0, 34 * 1024 - current))]);
  const ok5 = found(lintAt(dir5), ['past-codex-cap'], agents);
  kinds['codex-cap'][ok5 ? 0 : 1] += 1;
  if (!ok5) misses.push(`codex-cap ${repo.name}`);
}
console.log(`\n## 2. Planted defects\n\n| kind | planted | found | recall |\n|---|---|---|---|`);
for (const [kind, [hit, miss]] of Object.entries(kinds))
  console.log(`| ${kind} | ${hit + miss} | ${hit} | ${(hit / Math.max(1, hit + miss)).toFixed(3)} |`);
for (const miss of misses.slice(0, 30)) console.log(`- missed ${miss}`);

// 4. Instructions over node -e 0.
if (process.argv.includes('--time') || timeOnly) {
  // What a root run loads: the files at the root (nested ones load with --dir only).
  const sizes = repos
    .map((repo) => ({
      repo,
      bytes: repo.files
        .filter((path) => !path.includes('/'))
        .reduce((sum, path) => sum + statSync(join(repo.dir, path)).size, 0),
    }))
    .filter((size) => size.bytes > 0)
    .sort((a, b) => a.bytes - b.bytes);
  // Half the real files use markdown mem's line scanner leaves to remark (tables, block quotes, ---): both halves are shown.
  const simple = (size) =>
    size.repo.files.every(
      (path) => !/^(?:[ \t]{0,3}(?:>|\||-{2,}[ \t]*$))/m.test(readFileSync(join(size.repo.dir, path), 'utf8')),
    );
  const plain = sizes.filter(simple);
  const rich = sizes.filter((size) => !simple(size));
  const typical = plain[Math.floor(plain.length / 2)];
  const typicalRich = rich[Math.floor(rich.length / 2)];
  const largest = sizes.at(-1);
  // Note: without the machine's NODE_EXTRA_CA_CERTS, as the figures of record (bench/README.md, Method): Node parses
  // that bundle at every start-up (~400 M instructions), in `node -e 0` as in mem, and it hid most of lint's own cost
  // (a ratio of 2.15× with it, 7.7× without, on one file).
  const timeEnv = { ...env };
  delete timeEnv.NODE_EXTRA_CA_CERTS;
  const count = (args, cwd) => callgrindInstructions(process.execPath, args, { cwd, env: timeEnv }).instructions;
  const wall = (args, cwd) => timeRun(process.execPath, args, { cwd, env: timeEnv, exitCodes: [0, 1] });
  const pairs = Number(arg('--pairs', 21));
  console.log(
    `\n## 4. Over node -e 0: wall clock (median of ${pairs} interleaved pairs) and instructions (valgrind callgrind, median of 3)\n\n| repository | files, bytes at the root | wall clock | instructions |\n|---|---|---|---|`,
  );
  for (const { repo, bytes } of [typical, typicalRich, largest]) {
    spawnSync(process.execPath, [BIN, 'lint'], { cwd: repo.dir, env: timeEnv }); // the code cache of the build
    const clock = [];
    for (let i = 0; i < pairs; i += 1) {
      const node = wall(['-e', '0'], repo.dir);
      clock.push(wall([BIN, 'lint'], repo.dir) / node);
    }
    const ratios = [];
    for (let i = 0; i < 3; i += 1) ratios.push(count([BIN, 'lint'], repo.dir) / count(['-e', '0'], repo.dir));
    console.log(
      `| ${repo.name} | ${repo.files.filter((path) => !path.includes('/')).length}, ${bytes.toLocaleString('en-US')} | ${median(clock).toFixed(2)}× | ${median(ratios).toFixed(2)}× |`,
    );
  }
}
rmSync(base, { recursive: true, force: true });
rmSync(plantedBase, { recursive: true, force: true });
execFileSync('true');
