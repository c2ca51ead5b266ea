#!/usr/bin/env node
// What mem writes by itself on typed prompts written apart from its rules
// (fixtures/own-write-paraphrases/, issue 26 part 3), through the built hooks the way Claude Code
// runs them: one session per prompt in one fresh repository (`mem init --yes`), `user-prompt-submit`
// with the prompt, the turn appended to the transcript, `stop`; an entry new in `mem list --json`
// after the turn is what mem wrote. Precision: written entries that are the requested rule; recall:
// requests written. The development transcripts hold no explicit request, hence this set.
//
// Usage: node bench/own-write-paraphrases.mjs [cases|held-apart ...]   (default: both files)
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT, benchEnv, initGitRepo } from './lib.mjs';

const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['cases', 'held-apart'];
const work = mkdtempSync(join(tmpdir(), 'mem-own-write-'));
const repo = join(work, 'repo');
const home = join(work, 'home');
mkdirSync(repo);
mkdirSync(home);
const env = benchEnv({
  HOME: home,
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
});
for (const key of Object.keys(env)) if (key.startsWith('MEM_') && key !== 'MEM_NO_BACKGROUND_SYNC') delete env[key];
const run = (args, input) => spawnSync(process.execPath, [BIN, ...args], { cwd: repo, env, input, encoding: 'utf8' });
const listed = () => new Map((JSON.parse(run(['list', '--json']).stdout || '[]') ?? []).map((e) => [e.id, e.text]));

try {
  initGitRepo(repo, env);
  if (run(['init', '--yes']).status !== 0) throw new Error('mem init failed');
  for (const name of names) {
    const cases = readFileSync(join(ROOT, 'fixtures', 'own-write-paraphrases', `${name}.jsonl`), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l));
    let right = 0;
    let wrong = 0;
    let requests = 0;
    let found = 0;
    cases.forEach((c, index) => {
      const session = `own-write-${name}-${index}`;
      const transcript = join(work, `${session}.jsonl`);
      const common = { session_id: session, transcript_path: transcript, cwd: repo };
      writeFileSync(transcript, '');
      const before = listed();
      run(
        ['hook', 'user-prompt-submit'],
        JSON.stringify({ ...common, hook_event_name: 'UserPromptSubmit', prompt: c.text }),
      );
      appendFileSync(
        transcript,
        `${JSON.stringify({ type: 'user', uuid: `${session}-u`, sessionId: session, message: { role: 'user', content: c.text } })}\n`,
      );
      appendFileSync(
        transcript,
        `${JSON.stringify({ type: 'assistant', uuid: `${session}-a`, sessionId: session, message: { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] } })}\n`,
      );
      run(
        ['hook', 'stop'],
        JSON.stringify({
          ...common,
          hook_event_name: 'Stop',
          stop_hook_active: false,
          last_assistant_message: 'Done.',
        }),
      );
      const written = [...listed()].filter(([id]) => !before.has(id)).map(([, text]) => text);
      if (c.write) requests += 1;
      let hit = false;
      for (const text of written) {
        if (c.write && new RegExp(c.rule, 'i').test(text)) ((right += 1), (hit = true));
        else {
          wrong += 1;
          console.log(`  wrongly written (${c.kind}): ${JSON.stringify(text)}`);
        }
      }
      if (hit) found += 1;
      else if (c.write) console.log(`  not written (${c.kind}): ${JSON.stringify(c.text)}`);
    });
    const precision = right + wrong === 0 ? NaN : right / (right + wrong);
    console.log(
      `${name}: ${cases.length} prompts, written ${right + wrong}, precision ${precision.toFixed(2)} (${right}/${right + wrong}), recall of requests ${(found / requests).toFixed(2)} (${found}/${requests})`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
