/**
 * Memory that knows when it is wrong, in the real Claude Code client (the pinned devDependency),
 * offline against a mock of the Messages API: an entry anchored to a file, the file deleted and
 * committed, and the next session's first request to the model holds the entry with its plain
 * qualifier ("(may be outdated: …)"), the memory protocol's line on settling it, and no metadata.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, runMem } from '../helpers/temp-repo.js';
import { runClaude, startRealClient, type RealClient } from '../helpers/real-client.js';

let client: RealClient | undefined;
afterEach(async () => {
  await client?.model.close();
  client = undefined;
  cleanupTempDirs();
});

const RULE = 'Database access goes through `src/db.ts`; run `npm run test` before pushing.';

describe('a stale memory in the real client', () => {
  it('reaches the model qualified once the file it names was deleted and committed, in the session context as well as the file', async () => {
    client = await startRealClient({ turns: [{ prompt: /.*/, steps: [{ text: 'Understood.' }] }] });
    const repo = client.repo;
    const env = client.env as Record<string, string>;
    mkdirSync(join(repo, 'src'), { recursive: true });
    writeFileSync(join(repo, 'src', 'db.ts'), 'export const db = 1;\n');
    git(repo, ['add', 'src/db.ts', 'package.json']);
    git(repo, ['commit', '-q', '-m', 'Add the database module']);
    expect(runMem(['remember', RULE, '--section', 'Gotchas'], { cwd: repo, env }).status).toBe(0);

    // While the file exists, the model is told the entry as it is.
    const fresh = await runClaude(client, 'Where does database access go?', {
      sessionId: randomUUID(),
      timeoutMs: 180_000,
    });
    expect(fresh.status, fresh.stderr).toBe(0);
    const before = client.model.requests
      .filter((request) => request.kind === 'main')
      .map((request) => request.text)
      .join('\n');
    expect(before).toContain(`- ${RULE}\n`);
    expect(before).not.toContain('(may be outdated: `src/db.ts`');

    git(repo, ['rm', '-q', 'src/db.ts']);
    git(repo, ['commit', '-q', '-m', 'Remove the old database module']);
    const seen = client.model.requests.length;
    const stale = await runClaude(client, 'Where does database access go?', {
      sessionId: randomUUID(),
      timeoutMs: 180_000,
    });
    expect(stale.status, stale.stderr).toBe(0);
    const first = client.model.requests.slice(seen).find((request) => request.kind === 'main')?.text ?? '';
    // Note: Claude Code may read the team memory file before the SessionStart hook renders it
    // again (it did here), so the hook's context names what went stale as well.
    expect(first).toContain(`- ${RULE} (may be outdated: \`src/db.ts\` no longer exists)`);
    expect(first).toMatch(
      /SessionStart hook additional context:[^]*Team memory that no longer matches the committed code[^]*- Database access goes through `src\/db\.ts`.* \(may be outdated: `src\/db\.ts` no longer exists\)/,
    );
    // The protocol says how the agent settles it.
    expect(first).toContain('mem check --json lists such entries');
    expect(first).not.toMatch(/mem:id=|<!-- mem|\bm[0-9a-f]{10}\b/);
  }, 900_000);
});
