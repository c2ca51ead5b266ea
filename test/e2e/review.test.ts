import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeTempDir, runMem } from '../helpers/temp-repo.js';
import { conflictedTeam, editEntry, makeTeam, readRendered, remoteMemory } from '../unit/team/store/team-fixture.js';

afterAll(cleanupTempDirs);

describe('mem review without a terminal', () => {
  it('keeps both versions as two entries and the resolution reaches the teammate', () => {
    const { remote, alice, bob } = conflictedTeam();
    expect(runMem(['review', '--list'], { cwd: bob }).status).toBe(3);
    const resolved = runMem(['review', '--resolve', 'db', '--take', 'both', '--json'], { cwd: bob });
    expect(resolved.status, resolved.stderr).toBe(0);
    expect(JSON.parse(resolved.stdout)).toEqual({ resolved: 'db', remaining: [] });
    const text = readRendered(bob);
    expect(text).toContain('Tests use postgres 16 in docker.');
    expect(text).toContain('Tests use an in-memory database.');
    expect(text).not.toContain('Two versions');
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    expect(remoteMemory(remote)).not.toContain('"conflict"');
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    expect(readRendered(alice)).toContain('Tests use an in-memory database.');
    expect(readRendered(alice)).toContain('Tests use postgres 16 in docker.');
  });

  it('--list shows both versions in full, whose each is, and their word-level difference', () => {
    const team = makeTeam({ initialEntries: [['db', 'Tests use the sqlite database.']] });
    expect(runMem(['sync'], { cwd: team.alice }).status).toBe(0);
    expect(runMem(['sync'], { cwd: team.bob }).status).toBe(0);
    const long =
      'Tests use postgres 16 in docker, started by docker compose up db before the integration suite runs, never sqlite.';
    editEntry(team.alice, 'db', long);
    expect(runMem(['sync'], { cwd: team.alice }).status).toBe(0);
    editEntry(team.bob, 'db', 'Tests use an in-memory database.');
    expect(runMem(['sync'], { cwd: team.bob }).status).toBe(3);
    const listed = runMem(['review', '--list'], { cwd: team.bob });
    expect(listed.status).toBe(3);
    const out = listed.stdout;
    expect(out).not.toContain('…');
    for (const line of out.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    const flat = out.replace(/\s+/g, ' ');
    expect(flat).toContain('Your version (');
    expect(flat).toContain(`alice's version (${new Date().toISOString().slice(0, 10)}): ${long}`);
    expect(flat).toContain('Before both edits: Tests use the sqlite database.');
    expect(flat).toContain("Difference, word by word: [-only in alice's-] {+only in yours+}");
    expect(flat).toContain(
      'Tests use [-postgres 16 in docker, started by docker compose up db before the integration suite runs, never sqlite.-] {+an in-memory database.+}',
    );
  });

  it('takes the start of one conflict id, as every command that takes an id does, and names the candidates of an ambiguous one', () => {
    const team = makeTeam({
      initialEntries: [
        ['database-engine', 'Tests use the sqlite database.'],
        ['database-pool', 'The pool holds 10 connections.'],
      ],
    });
    expect(runMem(['sync'], { cwd: team.alice }).status).toBe(0);
    expect(runMem(['sync'], { cwd: team.bob }).status).toBe(0);
    editEntry(team.alice, 'database-engine', 'Tests use postgres 16 in docker.');
    editEntry(team.alice, 'database-pool', 'The pool holds 20 connections.');
    expect(runMem(['sync'], { cwd: team.alice }).status).toBe(0);
    editEntry(team.bob, 'database-engine', 'Tests use an in-memory database.');
    editEntry(team.bob, 'database-pool', 'The pool holds 5 connections.');
    expect(runMem(['sync'], { cwd: team.bob }).status).toBe(3);

    const ambiguous = runMem(['review', '--resolve', 'data', '--take', 'theirs'], { cwd: team.bob });
    expect(ambiguous.status).toBe(1);
    expect(ambiguous.stderr).toContain('database-engine');
    expect(ambiguous.stderr).toContain('database-pool');

    const resolved = runMem(['review', '--resolve', 'database-e', '--take', 'theirs', '--json'], { cwd: team.bob });
    expect(resolved.status, resolved.stderr).toBe(3);
    const { resolved: id, remaining } = JSON.parse(resolved.stdout) as {
      resolved: string;
      remaining: { id: string }[];
    };
    expect(id).toBe('database-engine');
    expect(remaining.map((conflict) => conflict.id)).toEqual(['database-pool']);
    expect(readRendered(team.bob)).toContain('Tests use postgres 16 in docker.');
  });

  it('explains an unknown id and a missing repository', () => {
    const { bob } = conflictedTeam();
    const unknown = runMem(['review', '--resolve', 'nope', '--take', 'ours'], { cwd: bob });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/nope/);
    expect(unknown.stderr).toMatch(/mem review --list/);
    expect(runMem(['review', '--resolve', 'db'], { cwd: bob }).status).toBe(2);
    expect(runMem(['review', '--json'], { cwd: makeTempDir() }).status).toBe(2);
  });
});
