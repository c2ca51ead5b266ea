// SessionStart with branch-scoped memory (issue 31): 3,000 team entries across 50 branches, HEAD on
// one of them. Nothing changed since the last session start (the quiet path: the render stamp names
// the branch) by instructions executed (valgrind callgrind, as bench/ab-instructions.mjs counts)
// against `node -e 0`; the first session start after switching branch (the file rendered again for
// the new branch) by wall clock paired with `node -e 0`, since under valgrind that render outlasts
// the hook's deadline and is left for later, as a slow machine would.
// Usage: node bench/branch-scope-bench.mjs [--runs N]   (after npm run build)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchEnv, callgrindInstructions, median, timeRun } from './lib.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const MEM = join(ROOT, 'bin', 'run.js');
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const env = benchEnv({ XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'mem-bench-cache-')) });
const ENTRIES = 3_000;
const BRANCHES = 50;
const SECTIONS = ['Conventions', 'Commands', 'Decisions', 'Gotchas', 'Preferences', 'References'];

const dir = join(mkdtempSync(join(tmpdir(), 'mem-scope-bench-')), 'repo');
const git = (...args) => execFileSync('git', ['-C', dir, ...args], { env });
execFileSync('git', ['init', '-q', '-b', 'main', dir]);
git('config', 'user.name', 'Bench');
git('config', 'user.email', 'bench@example.com');
writeFileSync(join(dir, 'README.md'), '# bench\n');
git('add', '.');
git('commit', '-q', '-m', 'init');
execFileSync(process.execPath, [MEM, 'init', '--yes'], { cwd: dir, env, stdio: 'ignore' });

// The working copy as sync leaves it: half the entries team-wide, half on 50 feature branches.
const bySection = new Map(SECTIONS.map((section) => [section, []]));
for (let i = 0; i < ENTRIES; i += 1) {
  const scope = i % 2 === 0 ? '' : ` scope=feature/b${i % BRANCHES}`;
  const id = `m${i.toString(16).padStart(10, '0')}`;
  bySection
    .get(SECTIONS[i % SECTIONS.length])
    .push(
      `- Rule ${i}: run the ${i % 7 === 0 ? 'integration' : 'unit'} tests of module ${i} with make test-${i} before pushing. <!-- mem:id=${id} by=Bench at=2026-11-01T10:00:00Z${scope} -->`,
    );
}
const body = SECTIONS.map((section) => `## ${section}\n\n${bySection.get(section).join('\n')}\n`).join('\n');
mkdirSync(join(dir, '.memory', 'state'), { recursive: true });
writeFileSync(
  join(dir, '.memory', 'state', 'team-memory.md'),
  `<!-- mem:begin (managed by mem: edit freely, keep the id comments) -->\n${body}<!-- mem:end -->\n`,
);
for (let b = 0; b < BRANCHES; b += 1) git('branch', `feature/b${b}`);
git('checkout', '-q', 'feature/b7');

const start = (session) =>
  JSON.stringify({
    session_id: session,
    transcript_path: join(dir, '..', 'none.jsonl'),
    cwd: dir,
    hook_event_name: 'SessionStart',
    source: 'startup',
  });

function instructions(command, args, input = '') {
  return callgrindInstructions(command, args, { cwd: dir, env, input }).instructions;
}

const hook = (session) =>
  timeRun(process.execPath, [MEM, 'hook', 'session-start'], { cwd: dir, input: start(session), env });
// Warm-up, natively: the code cache, the config cache and the first rendering for feature/b7.
hook('warm');
hook('warm2');
const node = [];
const quiet = [];
for (let i = 0; i < runs; i += 1) {
  node.push(instructions(process.execPath, ['-e', '0']));
  quiet.push(instructions(process.execPath, [MEM, 'hook', 'session-start'], start(`q${i}`)));
}
const f = median(node);
console.log(
  `${ENTRIES} entries across ${BRANCHES} branches, ${runs} runs; node -e 0 = ${(f / 1e6).toFixed(1)} M instructions`,
);
console.log(
  `SessionStart, nothing changed (HEAD on feature/b7): ${(median(quiet) / 1e6).toFixed(1)} M, ${(median(quiet) / f).toFixed(2)}× of F`,
);
const wallF = [];
const wallSwitched = [];
for (let i = 0; i < Math.max(5, runs); i += 1) {
  wallF.push(timeRun(process.execPath, ['-e', '0'], { cwd: dir, env }));
  git('checkout', '-q', i % 2 === 0 ? 'feature/b8' : 'feature/b7');
  wallSwitched.push(hook(`s${i}`));
}
console.log(
  `SessionStart, first after switching branch (rendered again): ${median(wallSwitched).toFixed(0)} ms, ${(median(wallSwitched) / median(wallF)).toFixed(2)}× of F (${median(wallF).toFixed(0)} ms, wall clock)`,
);
