/**
 * A team memory larger than the rendered file's budget (team.renderMaxChars, 40,000 characters by
 * default): the file the agent loads keeps to it, with a closing line naming how many entries are
 * left out; those stay in the team memory, listed and found by search; a teammate's new entries
 * show up at the next sync (new entries end their section, the newest are shown), and a human's edit of a shown entry reaches the team.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BULK_SECTIONS, addBulkEntries } from '../helpers/team-entries.js';
import { cleanupTempDirs, cloneAs, makeBareRemote, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

const RENDERED = '.claude/rules/mem-team-memory.md';
const SECTIONS = BULK_SECTIONS;

const sync = (repo: string) => JSON.parse(runMem(['sync', '--json'], { cwd: repo }).stdout) as { exitCode?: number };

describe("team memory larger than the rendered file's budget", () => {
  it("renders each section's newest entries within it, keeps the rest searchable,", () => {
    const remote = makeBareRemote();
    const alice = cloneAs(remote, 'Alice');
    runMem(['init', '--yes'], { cwd: alice });
    runMem(['remember', 'Use pnpm, never npm, in this repository.', '--section', 'Conventions'], { cwd: alice });
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    addBulkEntries(remote, 1_200);
    const bob = cloneAs(remote, 'Bob');
    runMem(['init', '--yes'], { cwd: bob });
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);

    const file = readFileSync(join(bob, RENDERED), 'utf8');
    expect(file.length).toBeLessThanOrEqual(40_000);
    const shown = file.split('\n').filter((line) => line.startsWith('- ')).length;
    expect(shown).toBeGreaterThan(300);
    const omitted = /^_(\d+) older team memories are not shown here: .*`mem search <words>`/m.exec(file);
    expect(Number(omitted?.[1]) + shown).toBe(1_201);
    for (const section of SECTIONS) expect(file).toContain(`## ${section}\n`);

    // What the file leaves out is still the team's memory: listed (where it is kept) and found.
    const listed = JSON.parse(runMem(['list', '--json'], { cwd: bob }).stdout) as Array<{
      id: string;
      text: string;
      files: string[];
    }>;
    expect(listed).toHaveLength(1_201);
    const left = listed.filter((entry) => entry.files[0] === '.memory/state/team-memory.md');
    expect(left).toHaveLength(Number(omitted?.[1]));
    const old = left[0] as { text: string };
    expect(file).not.toContain(old.text);
    const token = /make (verify-\d+)/.exec(old.text)?.[1] as string;
    expect(runMem(['search', token, '--json'], { cwd: bob }).stdout).toContain(old.text);
    // `mem status` says how much of it the file shows, and warns of no line budget (the file has its own).
    const status = runMem(['status'], { cwd: bob }).stdout;
    expect(status).toContain(
      `team memory: 1201 entries, the newest ${shown} shown in ${RENDERED} (team.renderMaxChars), the rest found by mem search`,
    );
    expect(status).not.toContain('region.maxLines');

    // Teammates' new entries show up at the next sync, which reads only what changed.
    sync(alice);
    const newer = [
      'Conventions: the api uses camelCase JSON.',
      'Commands: deploy the worker with make deploy-worker.',
      'Gotchas: the api needs make migrate before its tests.',
    ];
    newer.forEach((text, index) => runMem(['remember', text, '--section', SECTIONS[index] as string], { cwd: alice }));
    expect(sync(alice)).toMatchObject({ exitCode: 0 });
    expect(sync(bob)).toMatchObject({ exitCode: 0 });
    const after = readFileSync(join(bob, RENDERED), 'utf8');
    expect(after.length).toBeLessThanOrEqual(40_000);
    for (const text of newer) expect(after).toContain(`- ${text}\n`);
    // The sync left the file a render of the working copy leaves.
    expect(runMem(['render'], { cwd: bob }).status).toBe(0);
    expect(readFileSync(join(bob, RENDERED), 'utf8')).toBe(after);

    // A human's edit of a shown entry is read back and reaches the team; the closing line is not an entry.
    writeFileSync(
      join(bob, RENDERED),
      after.replace('deploy the worker with make deploy-worker.', 'deploy the worker with make deploy-all.'),
    );
    expect(sync(bob).exitCode).toBe(0);
    sync(alice);
    const alices = JSON.parse(runMem(['list', '--json'], { cwd: alice }).stdout) as Array<{ text: string }>;
    expect(alices).toHaveLength(1_204);
    expect(alices.map((entry) => entry.text)).toContain('Commands: deploy the worker with make deploy-all.');
    expect(alices.some((entry) => entry.text.includes('not shown here'))).toBe(false);
  });
});
