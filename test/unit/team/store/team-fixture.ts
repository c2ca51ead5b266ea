/**
 * Two teammates and one bare remote, for the team e2e tests: real clones, `mem init --yes`
 * (pre-push hook, merge driver), and helpers that edit shared memory the way mem's writer would.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { BEGIN_MARKER, END_MARKER } from '../../../../src/core/memory-file/region-format.js';
import { cloneAs, git, makeBareRemote, runMem, testEnv } from '../../../helpers/temp-repo.js';

export type Team = { remote: string; alice: string; bob: string };

/** The working copy of shared memory (mem's region format, ids and provenance), relative to a clone. */
export const WORKING = '.memory/state/team-memory.md';
/** The rendered file the agent reads. */
export const RENDERED = '.claude/rules/mem-team-memory.md';

/**
 * Returns a bare remote and two initialised clones (alice, bob). Alice's setup is committed and
 * pushed (as the README says); `initialEntries` are in Alice's memory, not yet synced.
 */
export function makeTeam(options: { initialEntries?: Array<[string, string]> } = {}): Team {
  const remote = makeBareRemote();
  const alice = cloneAs(remote, 'alice');
  const init = runMem(['init', '--yes'], { cwd: alice });
  expect(init.status, init.stderr).toBe(0);
  git(alice, ['add', '-A']);
  git(alice, ['commit', '-q', '-m', 'Set up mem']);
  git(alice, ['push', '-q', '--no-verify', 'origin', 'main']);
  for (const [id, text] of options.initialEntries ?? []) addEntry(alice, id, text);
  const bob = cloneAs(remote, 'bob');
  const bobInit = runMem(['init', '--yes'], { cwd: bob });
  expect(bobInit.status, bobInit.stderr).toBe(0);
  return { remote, alice, bob };
}

/**
 * Alice and Bob share entry `db`, then each rewords it differently: Bob's sync ends in one
 * conflict (exit 3) that Bob's clone holds.
 */
export function conflictedTeam(): Team {
  const team = makeTeam({ initialEntries: [['db', 'Tests use the sqlite database.']] });
  expect(runMem(['sync'], { cwd: team.alice }).status).toBe(0);
  expect(runMem(['sync'], { cwd: team.bob }).status).toBe(0);
  editEntry(team.alice, 'db', 'Tests use postgres 16 in docker.');
  expect(runMem(['sync'], { cwd: team.alice }).status).toBe(0);
  editEntry(team.bob, 'db', 'Tests use an in-memory database.');
  expect(runMem(['sync'], { cwd: team.bob }).status).toBe(3);
  return team;
}

/** Adds one entry at the end of `section` in the clone's shared memory (creating the section), as the durable writer would. */
export function addEntry(dir: string, id: string, text: string, section = 'Conventions'): void {
  const file = join(dir, WORKING);
  const content = existsSync(file) ? readFileSync(file, 'utf8') : `${BEGIN_MARKER}\n${END_MARKER}\n`;
  const begin = content.indexOf(BEGIN_MARKER);
  const end = content.indexOf(END_MARKER);
  let body = content.slice(content.indexOf('\n', begin) + 1, end);
  const item = `- ${text} <!-- mem:id=${id} -->\n`;
  const heading = `## ${section}\n`;
  const at = body.indexOf(heading);
  if (at < 0) body = `${body}${body === '' ? '' : '\n'}${heading}\n${item}`;
  else {
    const next = body.indexOf('\n## ', at + heading.length);
    const cut = next < 0 ? body.length : next + 1;
    const before = body.slice(0, cut).replace(/\n+$/, '\n');
    body = `${before}${item}${next < 0 ? '' : '\n'}${body.slice(cut)}`;
  }
  mkdirSync(dirname(file), { recursive: true });
  replaceFile(file, content.slice(0, content.indexOf('\n', begin) + 1) + body + content.slice(end));
}

/** Writes the working copy as mem's own writers do (the Stop hook, mem remember): a new file renamed over the old one. */
export function replaceFile(file: string, text: string): void {
  writeFileSync(`${file}.fixture-tmp`, text);
  renameSync(`${file}.fixture-tmp`, file);
}

/** Replaces the text of entry `id` in the clone's shared memory. */
export function editEntry(dir: string, id: string, text: string): void {
  const file = join(dir, WORKING);
  const content = readFileSync(file, 'utf8');
  const pattern = new RegExp(`^- .*<!-- mem:id=${id}( [^>]*)? -->$`, 'm');
  expect(pattern.test(content), `entry ${id} in ${file}`).toBe(true);
  replaceFile(file, content.replace(pattern, `- ${text} <!-- mem:id=${id} -->`));
}

/** Returns the clone's shared memory as mem keeps it (ids and provenance included). */
export function readMemory(dir: string): string {
  const file = join(dir, WORKING);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** Returns the rendered file the agent reads ('' when not rendered yet). */
export function readRendered(dir: string): string {
  const file = join(dir, RENDERED);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** Returns the entry texts on the remote's team ref, one per line. */
export function remoteMemory(remote: string, ref = 'refs/mem/team'): string {
  const files = git(remote, ['ls-tree', '-r', '--name-only', ref])
    .split('\n')
    .filter((path) => path.startsWith('entries/'));
  return files.map((path) => git(remote, ['show', `${ref}:${path}`])).join('\n');
}

/** Runs git and returns status + output without throwing (for pushes that run the pre-push hook). */
export function gitRun(
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
): { status: number; output: string } {
  const result = spawnSync('git', args, { cwd, env: testEnv(env), encoding: 'utf8' });
  return { status: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}
