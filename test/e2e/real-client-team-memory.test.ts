/**
 * Team memory with the real Claude Code client (the pinned devDependency), offline against a mock
 * of the Messages API: a teammate's entry on the team ref reaches the model's very first request in
 * a clone whose first session renders it, from a subdirectory too, and after /compact, with no
 * `mem:` metadata, no id, no teammate name in what the model reads; and a team memory larger than
 * the rendered file's budget reaches it as the file within its budget, saying how to find the rest.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, git, makeBareRemote, runMem } from '../helpers/temp-repo.js';
import { runClaude, startRealClient, type RealClient } from '../helpers/real-client.js';
import { addBulkEntries, bulkText } from '../helpers/team-entries.js';

let client: RealClient | undefined;
afterEach(async () => {
  await client?.model.close();
  client = undefined;
  cleanupTempDirs();
});

const RULE = 'Feature flags are read through flags.get(), never from process.env directly.';

/** A bare remote whose team ref holds `rule`, shared by Alice's clone; returns the remote. */
function aliceShares(rule: string): string {
  const remote = makeBareRemote();
  const alice = cloneAs(remote, 'Alice');
  expect(runMem(['init', '--yes'], { cwd: alice }).status).toBe(0);
  expect(runMem(['remember', rule, '--section', 'Conventions'], { cwd: alice }).status).toBe(0);
  expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
  return remote;
}

describe('team memory in the real client', () => {
  it('gives a session on main no entry learned on a feature branch (issue 31)', async () => {
    const remote = aliceShares(RULE);
    const alice = cloneAs(remote, 'Alice2');
    expect(runMem(['init', '--yes'], { cwd: alice }).status).toBe(0);
    git(alice, ['checkout', '-q', '-b', 'feature/payments-v2']);
    const branchRule = 'The new payments API lives in src/payments/v2; never call the old client from it.';
    expect(runMem(['remember', branchRule, '--section', 'Conventions'], { cwd: alice }).status).toBe(0);
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);

    client = await startRealClient({ turns: [{ prompt: /.*/, steps: [{ text: 'Understood.' }] }] });
    git(client.repo, ['remote', 'add', 'origin', remote]);
    client.env['MEM_NO_BACKGROUND_SYNC'] = '0';
    const first = await runClaude(client, 'Which payments client should I call?', {
      sessionId: randomUUID(),
      timeoutMs: 180_000,
    });
    expect(first.status, first.stderr).toBe(0);
    const sent = client.model.requests
      .filter((request) => request.kind === 'main')
      .map((request) => request.text)
      .join('\n');
    // The team-wide rule arrived through the same sync: the branch's did not reach the model.
    expect(sent).toContain(RULE);
    expect(sent).not.toContain('src/payments/v2');
  });

  it('gives a session on a feature branch its rule in place of the team-wide one it contradicts, marked (issue 31.5)', async () => {
    client = await startRealClient({ turns: [{ prompt: /.*/, steps: [{ text: 'Understood.' }] }] });
    expect(
      runMem(['remember', 'Use pnpm for installs in this repo.', '--section', 'Commands'], {
        cwd: client.repo,
        env: client.env as Record<string, string>,
      }).status,
    ).toBe(0);
    git(client.repo, ['checkout', '-q', '-b', 'feature/yarn']);
    expect(
      runMem(['remember', 'Use yarn for installs in this repo.', '--section', 'Commands'], {
        cwd: client.repo,
        env: client.env as Record<string, string>,
      }).status,
    ).toBe(0);
    const first = await runClaude(client, 'How do I install the dependencies?', {
      sessionId: randomUUID(),
      timeoutMs: 180_000,
    });
    expect(first.status, first.stderr).toBe(0);
    const sent = client.model.requests
      .filter((request) => request.kind === 'main')
      .map((request) => request.text)
      .join('\n');
    expect(sent).toContain(
      'Use yarn for installs in this repo. (on this branch, instead of the team-wide rule: "Use pnpm for installs in this repo.")',
    );
    expect(sent).not.toContain('- Use pnpm');
  });

  it('reaches the first request of a fresh clone, a subdirectory and a compacted session, with no metadata', async () => {
    const remote = aliceShares(RULE);

    // Bob's repository has the same remote and has never synced: its first session renders the memory.
    client = await startRealClient({ turns: [{ prompt: /.*/, steps: [{ text: 'Understood.' }] }] });
    git(client.repo, ['remote', 'add', 'origin', remote]);
    client.env['MEM_NO_BACKGROUND_SYNC'] = '0';
    const session = randomUUID();
    const first = await runClaude(client, 'How should this code read feature flags?', {
      sessionId: session,
      timeoutMs: 180_000,
    });
    expect(first.status, first.stderr).toBe(0);
    const main = client.model.requests.filter((request) => request.kind === 'main');
    expect(main[0]?.text).toContain(RULE);

    // From a subdirectory (a new session started there).
    mkdirSync(join(client.repo, 'services', 'api'), { recursive: true });
    const before = client.model.requests.length;
    const sub = await runClaude(
      { ...client, repo: join(client.repo, 'services', 'api') },
      'Where do feature flags come from?',
      { sessionId: randomUUID(), timeoutMs: 180_000 },
    );
    expect(sub.status, sub.stderr).toBe(0);
    expect(client.model.requests.slice(before).find((request) => request.kind === 'main')?.text).toContain(RULE);

    // After /compact, the next request of the same session still has it.
    expect((await runClaude(client, '/compact', { resume: session, timeoutMs: 180_000 })).status).toBe(0);
    const afterCompact = client.model.requests.length;
    expect(
      (await runClaude(client, 'Remind me about feature flags.', { resume: session, timeoutMs: 180_000 })).status,
    ).toBe(0);
    expect(client.model.requests.slice(afterCompact).find((request) => request.kind === 'main')?.text).toContain(RULE);

    // Nothing of mem's bookkeeping reached the model: no comment, no id, no author, no session id.
    const everything = client.model.requests.map((request) => request.text).join('\n');
    expect(everything).not.toMatch(/mem:id=|<!-- mem|mem:begin|Team memory rendered by mem/);
    expect(everything).not.toMatch(/\bm[0-9a-f]{10}\b/);
    expect(everything).not.toContain('Alice');
    expect(git(client.repo, ['status', '--porcelain', '--', '.claude/rules'])).toBe('');
  }, 900_000);

  it('sends a team memory larger than its budget as the rendered file within it, with the line that says how to find the rest', async () => {
    const remote = aliceShares(RULE);
    // ~100,000 characters of team memory: Claude Code would send all of it in every request.
    addBulkEntries(remote, 1_200);

    client = await startRealClient({ turns: [{ prompt: /.*/, steps: [{ text: 'Understood.' }] }] });
    git(client.repo, ['remote', 'add', 'origin', remote]);
    client.env['MEM_NO_BACKGROUND_SYNC'] = '0';
    // The first session of this clone fetches and renders the team's memory; the next one starts with the file.
    const first = await runClaude(client, 'How do the service checks run?', {
      sessionId: randomUUID(),
      timeoutMs: 180_000,
    });
    expect(first.status, first.stderr).toBe(0);
    const rendered = join(client.repo, '.claude', 'rules', 'mem-team-memory.md');
    for (let i = 0; i < 600 && !existsSync(rendered); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(existsSync(rendered)).toBe(true);
    const before = client.model.requests.length;
    const run = await runClaude(client, 'How do the service checks run?', {
      sessionId: randomUUID(),
      timeoutMs: 180_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const text = client.model.requests.slice(before).find((request) => request.kind === 'main')?.text ?? '';
    const start = text.indexOf('# Team memory');
    const note =
      /_(\d+) older team memories are not shown here: this file keeps to 40,000 characters \(team\.renderMaxChars\)\. Run `mem search <words>` to find them\._/.exec(
        text,
      );
    expect(start).toBeGreaterThanOrEqual(0);
    expect(note).not.toBeNull();
    // What reached the model of the file keeps to its budget, and counts what it leaves out.
    expect((note?.index ?? 0) + (note?.[0].length ?? 0) - start).toBeLessThanOrEqual(40_000);
    const shown =
      Array.from({ length: 1_200 }, (_, i) => bulkText(i)).filter((rule) => text.includes(`- ${rule}`)).length +
      (text.includes(RULE) ? 1 : 0);
    expect(shown).toBeGreaterThan(300);
    expect(shown + Number(note?.[1])).toBe(1_201);
    expect(text).not.toMatch(/mem:id=|<!-- mem/);
  }, 900_000);
});
