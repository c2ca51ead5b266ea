/**
 * `mem lint` through the built CLI, in a real git repository without `mem init`, as a CI step runs
 * it: what each agent loads, the findings as file:line, the exit code against --max-level, --json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('mem lint (built CLI)', () => {
  it('lists what each agent loads with sizes, and exits 1 on an error finding', () => {
    const root = makeRepo();
    write(root, {
      'CLAUDE.md': '# Project\n\nStyle: @docs/style.md\nOld notes: @docs/gone.md\n',
      'docs/style.md': '- Prefer small functions.\n',
      '.claude/rules/api.md': '---\npaths: services/api/**\n---\n- Handlers return typed errors.\n',
      'AGENTS.md': '# Agents\n\n- Run the tests before committing.\n',
      'services/api/AGENTS.md': '- The API uses Fastify.\n',
    });
    const run = runMem(['lint'], { cwd: root });
    expect(run.stdout).toMatch(/Claude Code \(started in the repository root\): 2 file\(s\)/);
    expect(run.stdout).toMatch(/docs\/style\.md \(imported by CLAUDE\.md\)\s+26 bytes, ~7 tokens/);
    expect(run.stdout).toMatch(/\.claude\/rules\/api\.md .* paths: services\/api\/\*\*/);
    expect(run.stdout).toContain('CLAUDE.md:4  error broken-import: @docs/gone.md is imported but does not exist');
    expect(run.status).toBe(1);

    const sub = runMem(['lint', '--agent', 'codex', '--dir', 'services/api', '--json'], { cwd: root });
    const report = JSON.parse(sub.stdout) as { dir: string; agents: { agent: string; files: { path: string }[] }[] };
    expect(report.dir).toBe('services/api');
    expect(report.agents.map((load) => [load.agent, load.files.map((file) => file.path)])).toEqual([
      ['codex', ['AGENTS.md', 'services/api/AGENTS.md']],
    ]);
    expect(sub.status).toBe(0);
  });

  it('says what was wrong with the usage, exit 2', () => {
    const root = makeRepo();
    const agent = runMem(['lint', '--agent', 'copilot'], { cwd: root });
    expect(agent.status).toBe(2);
    expect(agent.stderr).toContain('unknown agent "copilot"');
    const dir = runMem(['lint', '--dir', 'nowhere'], { cwd: root });
    expect(dir.status).toBe(2);
    expect(dir.stderr).toContain('--dir nowhere: no such directory');
  });
});
