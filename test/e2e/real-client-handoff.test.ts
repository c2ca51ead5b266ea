/**
 * A teammate's shared handoff in the real Claude Code client (the pinned devDependency), offline
 * against a mock of the Messages API: Bob checks out the branch Alice shared a handoff for, and the
 * very first request his session sends the model holds the line saying so, how to load it, and
 * (he has no handoff of his own there) the handoff with what was claimed done but not committed.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, git, makeBareRemote, runMem } from '../helpers/temp-repo.js';
import { appendLines, assistantText, stopPayload, toolResult, toolUse, userLine } from '../helpers/hook-payloads.js';
import { runClaude, startRealClient, type RealClient } from '../helpers/real-client.js';

let client: RealClient | undefined;
afterEach(async () => {
  await client?.model.close();
  client = undefined;
  cleanupTempDirs();
});

const BRANCH = 'feature/greeting';

describe("a teammate's shared handoff in the real client", () => {
  it("reaches the first request of Bob's first session on the branch, and nothing of it on another branch", async () => {
    const remote = makeBareRemote();
    const alice = cloneAs(remote, 'alice');
    expect(runMem(['init', '--yes'], { cwd: alice }).status).toBe(0);
    git(alice, ['checkout', '-q', '-b', BRANCH]);
    const transcript = join(alice, '..', 'alice.jsonl');
    appendLines(transcript, [userLine('Add a greeting in greet.ts and a farewell in farewell.ts.', BRANCH)]);
    mkdirSync(join(alice, 'src'));
    writeFileSync(join(alice, 'src', 'greet.ts'), 'export const greet = () => "hello";\n');
    writeFileSync(join(alice, 'src', 'farewell.ts'), 'export const farewell = () => "bye";\n');
    git(alice, ['add', 'src/greet.ts']);
    git(alice, ['commit', '-q', '-m', 'greeting']);
    appendLines(transcript, [
      toolUse('t1', 'Edit', { file_path: join(alice, 'src', 'greet.ts'), old_string: '', new_string: 'hello' }),
      toolResult('t1', 'ok'),
      toolUse('t2', 'Edit', { file_path: join(alice, 'src', 'farewell.ts'), old_string: '', new_string: 'bye' }),
      toolResult('t2', 'ok'),
      assistantText('Both are done.'),
    ]);
    expect(
      runMem(['hook', 'stop'], { cwd: alice, stdin: stopPayload('alice-session', transcript, alice, 'Both are done.') })
        .status,
    ).toBe(0);
    git(alice, ['push', '-q', 'origin', BRANCH]);
    expect(runMem(['handoff', 'share'], { cwd: alice }).status).toBe(0);

    // Bob's repository: the team remote, the branch checked out, one sync (what his pushes and turns run).
    client = await startRealClient({ turns: [{ prompt: /.*/, steps: [{ text: 'Understood.' }] }] });
    const bob = client.repo;
    git(bob, ['config', 'user.name', 'bob']);
    git(bob, ['config', 'user.email', 'bob@example.com']);
    git(bob, ['remote', 'add', 'origin', remote]);
    git(bob, ['fetch', '-q', 'origin']);
    git(bob, ['checkout', '-q', '-b', BRANCH, `origin/${BRANCH}`]);
    expect(runMem(['sync'], { cwd: bob, env: client.env as Record<string, string> }).status).toBe(0);

    const run = await runClaude(client, 'Carry on with the work on this branch.', {
      sessionId: randomUUID(),
      timeoutMs: 180_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const first = client.model.requests.find((request) => request.kind === 'main');
    expect(first?.text).toContain('alice@example.com shared a handoff for this branch');
    expect(first?.text).toContain('`mem handoff show alice` prints it');
    expect(first?.text).toContain('`src/farewell.ts` (claimed done but not committed)');

    // The same clone on main: nothing of Alice's handoff reaches the model.
    git(bob, ['checkout', '-q', '-f', 'main']);
    const before = client.model.requests.length;
    const other = await runClaude(client, 'What is this repository about?', {
      sessionId: randomUUID(),
      timeoutMs: 180_000,
    });
    expect(other.status, other.stderr).toBe(0);
    const later = client.model.requests
      .slice(before)
      .map((request) => request.text)
      .join('\n');
    expect(later).not.toContain('farewell');
    expect(later).not.toContain('alice');
  }, 900_000);
});
