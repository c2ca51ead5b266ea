// Anchored memory at scale: SessionStart and `mem check` with 3,000 anchored entries (each names a
// file and a package script of a 3,000-file repository), as ratios to `node -e 0`, by instructions
// executed (valgrind callgrind, the way bench/ab-instructions.mjs counts) and by paired wall clock.
// Usage: node bench/anchors-bench.mjs [--entries 3000] [--runs 3] [--no-valgrind]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, benchEnv, callgrindInstructions, fmt, makeBenchRepo, median, paired, timeRun } from './lib.mjs';

const arg = (name, fallback) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const entries = arg('--entries', 3000);
const runs = arg('--runs', 3);
const valgrind = !process.argv.includes('--no-valgrind');
const env = benchEnv();
const git = (dir, args) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8', maxBuffer: 1 << 28 }).trim();

const dir = makeBenchRepo('anchors');
for (let i = 0; i < entries; i += 1) {
  mkdirSync(join(dir, 'src', `mod${i % 100}`), { recursive: true });
  writeFileSync(join(dir, 'src', `mod${i % 100}`, `file${i}.ts`), `export const value${i} = ${i};\n`);
}
writeFileSync(
  join(dir, 'package.json'),
  `${JSON.stringify({ scripts: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`task${i}`, 'node -e 0'])) }, null, 2)}\n`,
);
git(dir, ['add', '-A']);
git(dir, ['commit', '-q', '-m', 'files']);
const head = git(dir, ['rev-parse', 'HEAD']);
const oids = new Map(
  git(dir, ['ls-tree', '-r', head])
    .split('\n')
    .map((line) => [line.split('\t')[1], line.split(' ')[2]]),
);

// One entry written by mem, to get the working copy's layout; the rest written beside it the same way.
execFileSync(
  process.execPath,
  [BIN, 'remember', 'Files under `src/mod0/file0.ts` export one value each; check with `npm run task0`.'],
  { cwd: dir, env, stdio: 'ignore' },
);
const working = join(dir, '.memory', 'state', 'team-memory.md');
const text = readFileSync(working, 'utf8');
const crypto = await import('node:crypto');
const lines = [];
for (let i = 1; i < entries; i += 1) {
  const path = `src/mod${i % 100}/file${i}.ts`;
  const entryText = `Module ${i} lives in \`${path}\`; check it with \`npm run task${i % 50}\`.`;
  const field = {
    anchors: {
      commit: head,
      text: crypto.createHash('sha1').update(entryText).digest('hex').slice(0, 12),
      refs: [
        { kind: 'script', value: `task${i % 50}`, path: 'package.json', oid: oids.get('package.json') },
        { kind: 'path', value: path, oid: oids.get(path) },
      ],
    },
  };
  lines.push(
    `- ${entryText} <!-- mem:id=mbench${String(i).padStart(5, '0')} by=Bench f=${encodeURIComponent(JSON.stringify(field))} -->\n`,
  );
}
writeFileSync(working, text.replace(/(<!-- mem:end -->)/, `${lines.join('')}$1`));

const start = (input) => ({
  args: ['hook', 'session-start'],
  input: JSON.stringify({
    session_id: 'bench',
    transcript_path: join(dir, '..', 'none.jsonl'),
    cwd: dir,
    hook_event_name: 'SessionStart',
    source: input,
  }),
});
const cases = [
  { name: 'SessionStart, nothing changed', ...start('startup') },
  { name: '`mem check --json`', args: ['check', '--json'], input: '' },
];
// Warm-up: the first session start checks every anchor once and renders; later ones find nothing moved.
for (const testCase of cases)
  spawnSync(process.execPath, [BIN, ...testCase.args], { cwd: dir, env, input: testCase.input });
const check = spawnSync(process.execPath, [BIN, 'check', '--json'], {
  cwd: dir,
  env,
  encoding: 'utf8',
  maxBuffer: 1 << 28,
});
if (check.status !== 0)
  throw new Error(`mem check exited ${check.status}: ${check.stdout.slice(0, 300)} ${check.stderr}`);

function instructions(args, input) {
  return callgrindInstructions(process.execPath, args, { cwd: dir, env, input }).instructions;
}

console.log(
  `${entries} anchored entries (a path and a script each), ${entries} files\n\n| operation | instructions (M) | × node -e 0 | wall clock × F (median of ${runs * 3}) |\n|---|---|---|---|`,
);
const f = valgrind ? median(Array.from({ length: runs }, () => instructions(['-e', '0'], ''))) : NaN;
for (const testCase of cases) {
  const count = valgrind
    ? median(Array.from({ length: runs }, () => instructions([BIN, ...testCase.args], testCase.input)))
    : NaN;
  const wall = paired(runs * 3, () =>
    timeRun(process.execPath, [BIN, ...testCase.args], { cwd: dir, input: testCase.input }),
  );
  console.log(
    `| ${testCase.name} | ${fmt(count / 1e6, 1)} | ${fmt(count / f)}× | ${fmt(wall.ratio)}× (F ${fmt(wall.f, 0)} ms) |`,
  );
}
console.log(`\nnode -e 0: ${fmt(f / 1e6, 1)} M instructions`);
