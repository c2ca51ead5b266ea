/**
 * Prompt-time recall through the built CLI, as Claude Code runs it: `mem hook user-prompt-submit`
 * with the hook JSON on stdin, in a repository whose memory is partly not loaded into context.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, runMem } from '../helpers/temp-repo.js';
import { eventPayload } from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

function write(root: string, path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

function prompt(root: string, sessionId: string, text: string) {
  const result = runMem(['hook', 'user-prompt-submit'], {
    cwd: root,
    stdin: eventPayload('UserPromptSubmit', sessionId, join(root, '..', 'none.jsonl'), root, { prompt: text }),
  });
  expect(result.status).toBe(0);
  expect(result.stderr).toBe('');
  if (result.stdout === '') return null;
  const output = JSON.parse(result.stdout) as {
    hookSpecificOutput: { hookEventName: string; additionalContext: string };
  };
  expect(output.hookSpecificOutput.hookEventName).toBe('UserPromptSubmit');
  return output.hookSpecificOutput.additionalContext;
}

describe('mem hook user-prompt-submit (built CLI)', () => {
  it('adds relevant memory the agent has not loaded, once per session, and follows edits', () => {
    const root = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: root }).status).toBe(0);
    // Default settings: a two-file repository must get recall too (the threshold scales with the corpus).
    write(root, 'CLAUDE.md', '# Project\n\n## Gotchas\n- Integration tests need docker compose up db first.\n');
    write(
      root,
      'services/api/CLAUDE.md',
      '# API\n\n- Database migrations live in services/api/migrations and run with pnpm migrate.\n- Integration tests of the API also run nightly in CI.\n',
    );

    expect(prompt(root, 's1', 'thanks!')).toBeNull();
    const recalled = prompt(root, 's1', 'add a migration for the orders table, how do I run migrations?');
    expect(recalled).toContain('Database migrations live in services/api/migrations');
    expect(recalled).toContain('services/api/CLAUDE.md');
    // The root CLAUDE.md is already in the agent's context: never repeated.
    expect(recalled).not.toContain('docker compose');
    // The loaded CLAUDE.md answers this one far better: words shared with a nested entry are incidental.
    expect(prompt(root, 's1', 'do integration tests need docker?')).toBeNull();
    // Never the same memory twice in one session.
    expect(prompt(root, 's1', 'run the migrations again')).toBeNull();

    // An edited memory file is re-read: the new wording comes back, the old one never.
    write(
      root,
      'services/api/CLAUDE.md',
      '# API\n\n- Database migrations now run with make migrate from the repository root.\n',
    );
    const afterEdit = prompt(root, 's2', 'how do I run the database migrations?');
    expect(afterEdit).toContain('make migrate');
    expect(afterEdit).not.toContain('pnpm migrate');

    const status = JSON.parse(runMem(['status', '--json'], { cwd: root }).stdout) as {
      hooks: { errors: unknown[]; lastRunByEvent: Record<string, { ok: boolean }> };
    };
    expect(status.hooks.errors).toEqual([]);
    expect(status.hooks.lastRunByEvent['user-prompt-submit']?.ok).toBe(true);
  });

  it('never hands the agent a code block flattened to one line, and still finds it with mem search (issue 29.17)', () => {
    const root = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: root }).status).toBe(0);
    // A nested AGENTS.md, not loaded at the root: its lines are what recall may add.
    write(
      root,
      'services/api/AGENTS.md',
      '# API\n\n## Database\n\n```bash\npnpm db:reset\npnpm db:seed --fixtures orders\n```\n\n- The orders table is seeded from services/api/fixtures/orders.json by the db seed script.\n',
    );
    const recalled = prompt(root, 's1', 'how do I reset and seed the orders database fixtures?');
    expect(recalled).toContain('The orders table is seeded from services/api/fixtures/orders.json');
    expect(recalled).not.toContain('db:reset');
    const search = runMem(['search', 'db:reset seed', '--json'], { cwd: root });
    expect(search.status).toBe(0);
    expect(search.stdout).toContain('pnpm db:reset');
  });
});
