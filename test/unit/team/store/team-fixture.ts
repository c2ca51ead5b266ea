/**
 * Two teammates and one bare remote, for the team e2e tests (test/e2e/team*.test.ts): real clones,
 * `mem init --yes` (pre-push hook, merge driver), and helpers that edit the managed region the way
 * an agent or a human would.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { BEGIN_MARKER, END_MARKER } from '../../../../src/core/memory-file/region-format.js';
import { MEM_BIN, cloneAs, git, makeBareRemote, runMem, testEnv, type MemResult } from '../../../helpers/temp-repo.js';

export type Team = { remote: string; alice: string; bob: string };

/** Returns a bare remote and two initialised clones (alice, bob) sharing a committed CLAUDE.md. */
export function makeTeam(options: { initialEntries?: Array<[string, string]> } = {}): Team {
  const remote = makeBareRemote();
  const alice = cloneAs(remote, 'alice');
  writeFileSync(join(alice, 'CLAUDE.md'), renderClaude(options.initialEntries ?? []));
  git(alice, ['add', 'CLAUDE.md']);
  git(alice, ['commit', '-q', '-m', 'CLAUDE.md']);
  git(alice, ['push', '-q', '--no-verify', 'origin', 'main']);
  const bob = cloneAs(remote, 'bob');
  for (const dir of [alice, bob]) {
    const init = runMem(['init', '--yes'], { cwd: dir });
    expect(init.status, init.stderr).toBe(0);
  }
  return { remote, alice, bob };
}

/** Returns a CLAUDE.md with human text around a region holding `entries` under Conventions. */
export function renderClaude(entries: Array<[string, string]>, section = 'Conventions'): string {
  const items = entries.map(([id, text]) => `- ${text} <!-- mem:id=${id} -->\n`).join('');
  const body = entries.length === 0 ? '' : `## ${section}\n\n${items}`;
  return `# Project\n\nHuman notes that mem never touches.\n\n${BEGIN_MARKER}\n${body}${END_MARKER}\n\nFooter by a human.\n`;
}

/** Adds one entry at the end of `section` in the clone's CLAUDE.md region (creating the section). */
export function addEntry(dir: string, id: string, text: string, section = 'Conventions'): void {
  const file = join(dir, 'CLAUDE.md');
  const content = readFileSync(file, 'utf8');
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
  writeFileSync(file, content.slice(0, content.indexOf('\n', begin) + 1) + body + content.slice(end));
}

/** Replaces the text of entry `id` in the clone's CLAUDE.md. */
export function editEntry(dir: string, id: string, text: string): void {
  const file = join(dir, 'CLAUDE.md');
  const content = readFileSync(file, 'utf8');
  const pattern = new RegExp(`^- .*<!-- mem:id=${id}( [^>]*)? -->$`, 'm');
  expect(pattern.test(content), `entry ${id} in ${file}`).toBe(true);
  writeFileSync(file, content.replace(pattern, `- ${text} <!-- mem:id=${id} -->`));
}

export function readClaude(dir: string): string {
  return readFileSync(join(dir, 'CLAUDE.md'), 'utf8');
}

/** Returns the text outside the managed region (must never change). */
export function outsideRegion(text: string): string {
  return text.slice(0, text.indexOf(BEGIN_MARKER)) + text.slice(text.indexOf(END_MARKER));
}

/** Returns memory.md on the remote's team branch. */
export function remoteMemory(remote: string, branch = 'mem/team'): string {
  return git(remote, ['show', `${branch}:memory.md`]);
}

export function readJson<T>(dir: string, path: string): T | undefined {
  const full = join(dir, path);
  return existsSync(full) ? (JSON.parse(readFileSync(full, 'utf8')) as T) : undefined;
}

/** Runs the built CLI without waiting (for races); resolves with its result. */
export function runMemAsync(args: string[], cwd: string): Promise<MemResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MEM_BIN, ...args], { cwd, env: testEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status: status ?? -1, stdout, stderr }));
  });
}

/** Runs git and returns status + output without throwing (for pushes that run the pre-push hook). */
export function gitRun(cwd: string, args: string[], env: Record<string, string> = {}): { status: number; output: string } {
  const result = spawnSync('git', args, { cwd, env: testEnv(env), encoding: 'utf8' });
  return { status: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}
