// SessionStart with 200 shared handoffs on the remote (issue 32), as ratios to F = `node -e 0`,
// paired in one run: on a branch nobody shared a handoff for, on one where a teammate's is newer
// than this clone's own (the one line), and on one with no handoff of this clone's (the teammate's
// injected whole, gated again). The session start reads what the last `mem sync` cached; no network.
// Usage: npm run build && node bench/handoff-bench.mjs [--runs N]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, benchEnv, fmt, paired, peakRss, timeRun } from './lib.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 21;
const env = benchEnv();
const git = (cwd, args, input) => execFileSync('git', args, { cwd, env, input, encoding: 'utf8' }).trim();
const dir = mkdtempSync(join(tmpdir(), 'mem-bench-handoffs-'));

// The remote: main, 100 branches, and 200 shared handoffs (two authors on each branch).
const remote = join(dir, 'remote.git');
git(dir, ['init', '-q', '--bare', '-b', 'main', remote]);
const seed = join(dir, 'seed');
git(dir, ['clone', '-q', remote, seed]);
git(seed, ['config', 'user.name', 'Seed']);
git(seed, ['config', 'user.email', 'seed@example.com']);
writeFileSync(join(seed, 'README.md'), '# bench\n');
git(seed, ['add', '.']);
git(seed, ['commit', '-q', '-m', 'init']);
const branches = Array.from({ length: 100 }, (_, index) => `feature/b${index}`);
for (const branch of branches) git(seed, ['branch', branch]);
git(seed, ['push', '-q', 'origin', 'main', ...branches]);
const text = (branch, who) =>
  [
    '# Session handoff',
    '',
    '## Current State',
    '',
    `- Goal: finish ${branch} for ${who}`,
    `- Branch: ${branch} at 1a2b3c4, work tree clean`,
    '',
    '## Completed',
    '',
    ...Array.from(
      { length: 30 },
      (_, i) => `- Step ${i} of ${branch}: wired the parser to module ${i} — \`src/m${i}.ts\` (committed in 1a2b3c4)`,
    ),
    '',
  ].join('\n');
const entries = [];
for (const branch of branches) {
  for (const who of ['carol@example.com', 'dave@example.com']) {
    const file = {
      version: 1,
      branch,
      who,
      name: who.split('@')[0],
      sharedAt: '2026-12-04T08:00:00.000Z',
      updatedAt: new Date(Date.now() - 3_600_000).toISOString(),
      goal: `finish ${branch}`,
      git: { tip: '1a2b3c4', clean: true, onRemote: true },
      text: text(branch, who),
    };
    const oid = git(remote, ['hash-object', '-w', '--stdin'], `${JSON.stringify(file, null, 2)}\n`);
    entries.push(`100644 blob ${oid}\t${encodeURIComponent(branch)}~${who}.json`);
  }
}
const handoffsTree = git(remote, ['mktree'], `${entries.join('\n')}\n`);
const root = git(remote, ['mktree'], `040000 tree ${handoffsTree}\thandoffs\n`);
const commit = git(remote, ['commit-tree', root, '-m', 'handoffs'], '');
git(remote, ['update-ref', 'refs/mem/handoffs/shared', commit]);

// This clone: initialised, synced once (the cache), with a handoff of its own on feature/b1 older than the teammates'.
const repo = join(dir, 'repo');
git(dir, ['clone', '-q', remote, repo]);
git(repo, ['config', 'user.name', 'Bench']);
git(repo, ['config', 'user.email', 'bench@example.com']);
execFileSync(process.execPath, [BIN, 'init', '--yes'], { cwd: repo, env, stdio: 'ignore' });
execFileSync(process.execPath, [BIN, 'sync'], { cwd: repo, env, stdio: 'ignore' });
git(repo, ['checkout', '-q', 'feature/b1']);
const transcript = join(dir, 'own.jsonl');
writeFileSync(
  transcript,
  `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'Refactor the parser of b1.' }, uuid: 'u1', timestamp: new Date(Date.now() - 7_200_000).toISOString(), gitBranch: 'feature/b1' })}\n`,
);
execFileSync(process.execPath, [BIN, 'hook', 'stop'], {
  cwd: repo,
  env,
  input: JSON.stringify({
    session_id: 'own-b1',
    transcript_path: transcript,
    cwd: repo,
    hook_event_name: 'Stop',
    stop_hook_active: false,
  }),
});
// Note: the session's updatedAt is now; the teammates' handoffs must be newer for the one line.
execFileSync(process.execPath, [
  '-e',
  `const f=require('node:fs');const p=${JSON.stringify(join(repo, '.memory/state/sessions/own-b1.summary.json'))};const s=JSON.parse(f.readFileSync(p,'utf8'));s.updatedAt=${JSON.stringify(new Date(Date.now() - 7_200_000).toISOString())};f.writeFileSync(p,JSON.stringify(s));`,
]);

const startInput = (i) =>
  JSON.stringify({
    session_id: `start-${i}`,
    transcript_path: join(dir, 'none.jsonl'),
    cwd: repo,
    hook_event_name: 'SessionStart',
    source: 'startup',
  });
const start = (branch) => {
  git(repo, ['checkout', '-q', branch]);
  const probe = execFileSync(process.execPath, [BIN, 'hook', 'session-start'], {
    cwd: repo,
    env,
    input: startInput('probe'),
    encoding: 'utf8',
  });
  const measured = paired(runs, (i) =>
    timeRun(process.execPath, [BIN, 'hook', 'session-start'], { cwd: repo, input: startInput(i) }),
  );
  return {
    measured,
    probe,
    rss: peakRss(process.execPath, [BIN, 'hook', 'session-start'], { cwd: repo, input: startInput('rss') }),
  };
};
const rows = [
  ['`main`: no shared handoff for the branch', start('main')],
  ["`feature/b1`: a teammate's is newer than yours (one line)", start('feature/b1')],
  ["`feature/b2`: no handoff of yours (the teammate's injected, gated again)", start('feature/b2')],
];
console.log(
  `200 shared handoffs on the remote, ${runs} paired runs\n\n| SessionStart | F (ms) | mem (ms) | ratio | budget | peak RSS (MiB) | what reached the agent |\n|---|---|---|---|---|---|---|`,
);
for (const [name, { measured, probe, rss }] of rows) {
  const context = probe.trim() ? (JSON.parse(probe).hookSpecificOutput?.additionalContext ?? '') : '';
  const said = /shared a handoff for this branch/.test(context)
    ? /Handoff shared by/.test(context)
      ? 'line + handoff'
      : 'one line'
    : 'nothing of the handoffs';
  console.log(
    `| ${name} | ${fmt(measured.f, 1)} | ${fmt(measured.x, 1)} | ${fmt(measured.ratio)}× | ≤ 1.5× | ${fmt(rss, 0)} | ${said} |`,
  );
}
