#!/usr/bin/env node
// Durable-memory quality on the labelled sessions in fixtures/quality/<case>/ (or `--dir <dir>`, e.g.
// fixtures/quality-holdout, the held-out set written before reading the rules).
//
// Default mode replays each transcript through the real hooks: a temp git repo, `mem init --yes`,
// then the transcript is appended turn by turn to a file outside the repo and `mem hook stop` is
// called after each turn. The memory mem wrote (.memory/state/team-memory.md) is read at the end, and every file under the repo (git objects
// included) is searched for the secrets listed in the labels.
//
// `--pure` runs extraction and the filter in process (sources bundled with esbuild), through a
// minimal JSONL -> TranscriptEvent converter, so the rules can be tuned without the hook pipeline.
//
// Prints per case: entries written, must-keep recall, precision, forbidden hits, secrets on disk;
// then the totals. Usage: node bench/quality.mjs [--pure] [--verbose] [--dir <fixtures dir>] [case-name…]
import { importSources, filesUnder, initGitRepo } from './lib.mjs';
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const pure = args.includes('--pure');
const verbose = args.includes('--verbose');
const dirAt = args.indexOf('--dir');
const dirArg = dirAt >= 0 ? args[dirAt + 1] : undefined;
if (dirAt >= 0 && (dirArg === undefined || dirArg.startsWith('--'))) {
  console.error('--dir needs a fixtures directory');
  process.exit(2);
}
const only = args.filter((a, i) => !a.startsWith('--') && !(dirAt >= 0 && i === dirAt + 1));
const fixturesDir = dirArg === undefined ? join(root, 'fixtures/quality') : resolve(dirArg);

function parsePattern(label) {
  const m = /^\/(.*)\/([a-z]*)$/s.exec(label);
  return m ? new RegExp(m[1], m[2]) : null;
}
function matches(label, text) {
  const re = parsePattern(label);
  return re ? re.test(text) : text.toLowerCase().includes(label.toLowerCase());
}

// ---------- pure mode: bundle the domain code ----------
async function loadDomain() {
  return importSources(
    [
      "export { extractCandidates, countCommandSuccesses } from './src/durable/extract/extract-candidates.ts';",
      "export { applyFilter } from './src/durable/gate/apply-filter.ts';",
      "export { describeVerdictForLog } from './src/durable/gate/describe-verdict-for-log.ts';",
      "export { defaultConfig } from './src/core/config/schema.ts';",
    ].join('\n'),
  );
}

const WRAPPER =
  /^\s*(?:<command-name>|<command-message>|<command-args>|<local-command-stdout>|<local-command-stderr>|<bash-input>|<bash-stdout>|<bash-stderr>|<task-notification>|<system-reminder>|<user-prompt-submit-hook>|Caveat: The messages below|\[Request interrupted by user)/;

/** Minimal Claude Code JSONL -> TranscriptEvent converter (the real reader lives in src/transcript/). */
function toEvents(lines) {
  const events = [];
  for (const raw of lines) {
    if (raw.trim() === '') continue;
    let line;
    try {
      line = JSON.parse(raw);
    } catch {
      continue;
    }
    const envelope = {};
    if (line.uuid) envelope.uuid = line.uuid;
    if (line.isSidechain) envelope.sidechain = true;
    if (line.type === 'system' && line.subtype === 'compact_boundary') {
      events.push({ ...envelope, kind: 'compact', trigger: line.compactMetadata?.trigger ?? 'auto' });
      continue;
    }
    if (line.type === 'user') {
      if (line.isMeta || line.isCompactSummary || line.isVisibleInTranscriptOnly) continue;
      const content = line.message?.content;
      if (typeof content === 'string') {
        const memory = /^\s*<user-memory-input>([\s\S]*?)<\/user-memory-input>\s*$/.exec(content);
        if (memory) events.push({ ...envelope, kind: 'memory-input', text: memory[1] });
        else if (!WRAPPER.test(content)) events.push({ ...envelope, kind: 'user-prompt', text: content });
        continue;
      }
      for (const block of content ?? []) {
        if (block.type === 'tool_result') {
          const text =
            typeof block.content === 'string'
              ? block.content
              : (block.content ?? []).map((b) => b.text ?? '').join('\n');
          events.push({
            ...envelope,
            kind: 'tool-result',
            toolUseId: block.tool_use_id,
            isError: block.is_error === true,
            text: text.slice(0, 2000),
          });
        } else if (block.type === 'text' && !WRAPPER.test(block.text))
          events.push({ ...envelope, kind: 'user-prompt', text: block.text });
      }
      continue;
    }
    if (line.type === 'assistant') {
      for (const block of line.message?.content ?? []) {
        if (block.type === 'text') events.push({ ...envelope, kind: 'assistant-text', text: block.text });
        else if (block.type === 'tool_use')
          events.push({
            ...envelope,
            kind: 'tool-use',
            toolUseId: block.id,
            name: block.name,
            input: block.input ?? {},
          });
      }
    }
  }
  return events;
}

function runPure(domain, lines, labels) {
  const config = domain.defaultConfig();
  const entries = [];
  const logLines = [];
  let prior = {};
  let from = 0;
  let nextId = 1;
  for (const end of labels.turnEnds) {
    const events = toEvents(lines.slice(from, end));
    const first = from === 0;
    from = end;
    const candidates = domain.extractCandidates(events, {
      sessionId: 'bench',
      sections: config.region.sections,
      commandMinSuccesses: config.filter.commandMinSuccesses,
      priorCommandSuccesses: prior,
      firstTurn: first,
    });
    const counts = domain.countCommandSuccesses(events);
    prior = { ...prior };
    for (const [command, count] of Object.entries(counts)) prior[command] = (prior[command] ?? 0) + count;
    const verdicts = domain.applyFilter(candidates, entries, config.filter);
    for (const verdict of verdicts) {
      logLines.push(domain.describeVerdictForLog(verdict));
      if (verdict.action === 'add')
        entries.push({
          id: `e${nextId++}`,
          section: verdict.candidate.section,
          text: verdict.candidate.text,
          provenance: {},
        });
      else if (verdict.action === 'supersede') {
        const target = entries.find((e) => e.id === verdict.targetId);
        if (target) target.text = verdict.candidate.text;
      }
    }
  }
  return {
    entries: entries.map((e) => `[${e.section}] ${e.text}`),
    disk: [...entries.map((e) => e.text), ...logLines].join('\n'),
    log: logLines,
  };
}

// ---------- hook mode: the real CLI ----------
const bin = join(root, 'bin/run.js');
function gitEnv(home) {
  const env = { ...process.env };
  for (const key of Object.keys(env))
    if (key.startsWith('GIT_') || key.startsWith('CLAUDE') || key.startsWith('MEM_')) delete env[key];
  // The Stop hook's team step runs in the foreground below (before the secrets scan), not detached.
  return {
    ...env,
    MEM_NO_BACKGROUND_SYNC: '1',
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Bench',
    GIT_AUTHOR_EMAIL: 'bench@example.com',
    GIT_COMMITTER_NAME: 'Bench',
    GIT_COMMITTER_EMAIL: 'bench@example.com',
    GIT_TERMINAL_PROMPT: '0',
  };
}

function runHooks(lines, labels, caseName) {
  const work = mkdtempSync(join(tmpdir(), `mem-quality-${caseName}-`));
  const repo = join(work, 'repo');
  const home = join(work, 'home');
  mkdirSync(repo);
  mkdirSync(home);
  const env = gitEnv(home);
  try {
    initGitRepo(repo, env);
    const init = spawnSync('node', [bin, 'init', '--yes'], { cwd: repo, env, encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`mem init failed (${init.status}): ${init.stderr.slice(0, 300)}`);
    const transcript = join(work, 'transcript.jsonl');
    writeFileSync(transcript, '');
    let from = 0;
    for (const end of labels.turnEnds) {
      const turn = lines.slice(from, end);
      from = end;
      appendFileSync(transcript, turn.map((l) => `${l}\n`).join(''));
      const lastText = [...turn]
        .reverse()
        .map((l) => JSON.parse(l))
        .find((l) => l.type === 'assistant' && l.message.content.some((b) => b.type === 'text'));
      const payload = {
        session_id: JSON.parse(turn[0]).sessionId,
        transcript_path: transcript,
        cwd: repo,
        hook_event_name: 'Stop',
        stop_hook_active: false,
        last_assistant_message: lastText ? lastText.message.content.find((b) => b.type === 'text').text : '',
      };
      const run = spawnSync('node', [bin, 'hook', 'stop'], {
        cwd: repo,
        env,
        input: JSON.stringify(payload),
        encoding: 'utf8',
      });
      if (run.status !== 0) console.error(`  hook stop exited ${run.status} in ${caseName}`);
    }
    // What the detached after-turn step would do: commit the region to the local team branch, so
    // the secrets scan below covers the team store too.
    spawnSync('node', [bin, 'sync', '--after-turn'], { cwd: repo, env, encoding: 'utf8' });
    // Since issue 11 what mem learns lives in the working copy of shared memory (and the personal
    // file), never in CLAUDE.md; both keep the region's '- text <!-- mem:… -->' lines.
    const memoryText = ['.memory/state/team-memory.md', 'CLAUDE.local.md']
      .map((file) => (existsSync(join(repo, file)) ? readFileSync(join(repo, file), 'utf8') : ''))
      .join('\n');
    const entries = memoryText
      .split('\n')
      .filter((l) => /^\s*[-*] /.test(l))
      .map((l) =>
        l
          .replace(/<!--[\s\S]*?-->/g, '')
          .replace(/^\s*[-*] /, '')
          .trim(),
      );
    let disk = '';
    for (const file of filesUnder(repo))
      if (!file.includes(`${join(repo, '.git')}/objects`)) disk += readFileSync(file, 'latin1') + '\n';
    // Git objects are compressed: read every object of every repository under .git.
    for (const gitDir of [join(repo, '.git'), ...findBareRepos(join(repo, '.git'))]) {
      const all = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '--batch-all-objects', '--batch'], {
        env,
        encoding: 'latin1',
        maxBuffer: 1 << 28,
      });
      disk += all.stdout ?? '';
    }
    // --verbose: every candidate with its verdict and reasons, as `mem candidates` explains them.
    const log = [];
    if (verbose) {
      const listed = spawnSync('node', [bin, 'candidates', '--json', '--limit', '200'], {
        cwd: repo,
        env,
        encoding: 'utf8',
      });
      for (const c of JSON.parse(listed.stdout || '[]').reverse())
        log.push(`${c.verdict} [${c.reasons.map((r) => r.code).join(',')}] ${c.source}: ${c.text ?? '(not shown)'}`);
    }
    return { entries, disk, log };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function findBareRepos(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!statSync(path).isDirectory() || name === 'objects') continue;
    if (existsSync(join(path, 'HEAD')) && existsSync(join(path, 'objects'))) out.push(path);
    else out.push(...findBareRepos(path));
  }
  return out;
}

// ---------- scoring ----------
const cases = readdirSync(fixturesDir).filter(
  (name) => existsSync(join(fixturesDir, name, 'labels.json')) && (only.length === 0 || only.includes(name)),
);
if (!pure && !existsSync(join(root, 'dist/hook.cjs'))) {
  console.error('dist/hook.cjs is missing: run `npm run build` first, or use --pure.');
  process.exit(1);
}
const domain = pure ? await loadDomain() : null;

let totalEntries = 0;
let totalGood = 0;
let totalKeep = 0;
let totalKept = 0;
let totalForbidden = 0;
let totalSecretsOnDisk = 0;
console.log(
  `mode: ${pure ? 'pure (in-process extract + filter)' : 'hooks (bin/run.js hook stop)'}, fixtures: ${fixturesDir}\n`,
);
console.log(`${'case'.padEnd(34)} entries  recall  precision  forbidden  secrets-on-disk`);
for (const name of cases) {
  const labels = JSON.parse(readFileSync(join(fixturesDir, name, 'labels.json'), 'utf8'));
  const lines = readFileSync(join(fixturesDir, name, 'transcript.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  const result = pure ? runPure(domain, lines, labels) : runHooks(lines, labels, name);
  const mustKeep = labels.mustKeep ?? [];
  const allowed = [...mustKeep, ...(labels.allowed ?? [])];
  const forbiddenLabels = labels.mustNotAppear ?? [];
  const joined = result.entries.join('\n');
  const kept = mustKeep.filter((label) => result.entries.some((e) => matches(label, e)));
  // atMostOnce: a label that several entries match marks the later ones as duplicates (not good).
  const seenOnce = new Set();
  const duplicate = new Set();
  result.entries.forEach((entry, index) => {
    for (const label of labels.atMostOnce ?? []) {
      if (!matches(label, entry)) continue;
      if (seenOnce.has(label)) duplicate.add(index);
      seenOnce.add(label);
    }
  });
  const good = result.entries.filter(
    (e, index) =>
      !duplicate.has(index) &&
      allowed.some((label) => matches(label, e)) &&
      !forbiddenLabels.some((label) => matches(label, e)),
  );
  const forbidden = forbiddenLabels.filter((label) => matches(label, joined));
  const secrets = (labels.secrets ?? []).filter((s) => result.disk.includes(s));
  totalEntries += result.entries.length;
  totalGood += good.length;
  totalKeep += mustKeep.length;
  totalKept += kept.length;
  totalForbidden += forbidden.length;
  totalSecretsOnDisk += secrets.length;
  const recall = mustKeep.length === 0 ? '   -  ' : (kept.length / mustKeep.length).toFixed(2).padStart(6);
  const precision =
    result.entries.length === 0 ? '     -   ' : (good.length / result.entries.length).toFixed(2).padStart(9);
  console.log(
    `${name.padEnd(34)} ${String(result.entries.length).padStart(7)}  ${recall}  ${precision}  ${String(forbidden.length).padStart(9)}  ${String(secrets.length).padStart(15)}`,
  );
  if (verbose) {
    result.entries.forEach((entry, index) =>
      console.log(
        `    ${good.includes(entry) && !duplicate.has(index) ? '+' : '!'} ${entry}${duplicate.has(index) ? '   (duplicate)' : ''}`,
      ),
    );
    for (const label of mustKeep.filter((l) => !kept.includes(l))) console.log(`    missing: ${label}`);
    for (const label of forbidden) console.log(`    forbidden: ${label}`);
    if (verbose && result.log.length > 0) for (const line of result.log) console.log(`      log: ${line}`);
  }
}
const precision = totalEntries === 0 ? 1 : totalGood / totalEntries;
const recall = totalKeep === 0 ? 1 : totalKept / totalKeep;
console.log(
  `\nTOTAL  cases ${cases.length}  entries ${totalEntries}  precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)} (${totalKept}/${totalKeep})  forbidden hits ${totalForbidden}  secrets on disk ${totalSecretsOnDisk}`,
);
console.log(
  `targets: precision >= 0.85 ${precision >= 0.85 ? 'met' : 'MISSED'}, recall >= 0.7 ${recall >= 0.7 ? 'met' : 'MISSED'}, zero secrets ${totalSecretsOnDisk === 0 ? 'met' : 'MISSED'}`,
);
