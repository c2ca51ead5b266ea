/**
 * The path-scoped team memory (team.renderPathScoped) with the real Claude Code client, offline
 * against a mock of the Messages API: an entry about `packages/api/` files is not in the first
 * request of a session, and reaches the model only after the agent read a file under
 * packages/api/; the rest of the team memory is there from the start. `mem lint` lists the file as
 * path-scoped, apart from what loads at start-up.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, runMem } from '../helpers/temp-repo.js';
import { runClaude, startRealClient, type RealClient } from '../helpers/real-client.js';

let client: RealClient | undefined;
afterEach(async () => {
  await client?.model.close();
  client = undefined;
  cleanupTempDirs();
});

const SCOPED = 'The pool in `packages/api/src/db.ts` is opened once per process; tests close it in afterAll.';
const GENERAL = 'Feature flags are read through flags.get(), never from process.env directly.';

describe('path-scoped team memory in the real client', () => {
  it('reaches the model only after a file under its folder was read', async () => {
    const read = { tool: 'Read', input: { file_path: '' } };
    client = await startRealClient({
      turns: [{ prompt: /this module do|Look again/, steps: [read, { text: 'Understood.' }] }],
    });
    const repo = client.repo;
    // The mock plays the script object it was given: the file's absolute path is known only now.
    read.input.file_path = join(repo, 'packages', 'api', 'src', 'db.ts');
    mkdirSync(join(repo, 'packages', 'api', 'src'), { recursive: true });
    writeFileSync(join(repo, 'packages', 'api', 'src', 'db.ts'), 'export const pool = {};\n');
    const configPath = join(repo, '.memory', 'config.json');
    const config = JSON.parse(readFileSync(configPath, 'utf8')) as { team?: Record<string, unknown> };
    writeFileSync(
      configPath,
      `${JSON.stringify({ ...config, team: { ...config.team, renderPathScoped: true } }, null, 2)}\n`,
    );
    expect(runMem(['remember', SCOPED, '--section', 'Gotchas'], { cwd: repo }).status).toBe(0);
    expect(runMem(['remember', GENERAL, '--section', 'Conventions'], { cwd: repo }).status).toBe(0);
    expect(runMem(['render'], { cwd: repo }).status).toBe(0);
    expect(existsSync(join(repo, '.claude', 'rules', 'mem-packages-api.md'))).toBe(true);
    expect(readFileSync(join(repo, '.claude', 'rules', 'mem-team-memory.md'), 'utf8')).not.toContain(
      'packages/api/src/db.ts',
    );

    const lint = JSON.parse(runMem(['lint', '--agent', 'claude', '--json'], { cwd: repo }).stdout) as {
      agents: { files: { path: string }[]; scoped: { path: string; globs: string[] }[] }[];
    };
    expect(lint.agents[0]?.scoped).toMatchObject([
      { path: '.claude/rules/mem-packages-api.md', globs: ['packages/api/**'] },
    ]);
    expect(lint.agents[0]?.files.map((file) => file.path)).toContain('.claude/rules/mem-team-memory.md');

    const session = randomUUID();
    const run = await runClaude(client, 'What does this module do?', { sessionId: session, timeoutMs: 180_000 });
    expect(run.status, run.stderr).toBe(0);
    const main = client.model.requests.filter((request) => request.kind === 'main');
    expect(main.length).toBeGreaterThanOrEqual(2);
    expect(main[0]?.text).toContain(GENERAL);
    expect(main[0]?.text).not.toContain(SCOPED.slice(0, 40));
    expect(main.at(-1)?.text).toContain(SCOPED.slice(0, 40));

    // After /compact nothing is lost: the always-loaded memory is in the next request, the scoped entry after the next read.
    expect((await runClaude(client, '/compact', { resume: session, timeoutMs: 180_000 })).status).toBe(0);
    const before = client.model.requests.length;
    expect((await runClaude(client, 'Look again at the module.', { resume: session, timeoutMs: 180_000 })).status).toBe(
      0,
    );
    const after = client.model.requests.slice(before).filter((request) => request.kind === 'main');
    expect(after[0]?.text).toContain(GENERAL);
    expect(after.at(-1)?.text).toContain(SCOPED.slice(0, 40));
  }, 900_000);
});
