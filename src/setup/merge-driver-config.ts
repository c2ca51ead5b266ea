/**
 * Registering `mem merge-driver` with git, so code merges (and rebases) that touch CLAUDE.md or
 * AGENTS.md merge them entry by entry: a marked block in `.gitattributes` plus the `merge.mem`
 * section in the clone's git config. Idempotent; uninstall removes exactly what was added.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runGitSync } from '../core/git/run-git.js';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import { MemError } from '../core/errors.js';
import { appendMarkedBlock, removeMarkedBlock } from './marked-block.js';

const BLOCK = {
  start: '# >>> mem: entry-aware merge of agent memory files (removed by `mem uninstall`) >>>',
  end: '# <<< mem <<<',
};
const MERGE_DRIVER_FILES = ['CLAUDE.md', 'AGENTS.md'] as const;

/** Returns the `.gitattributes` lines mem adds (inside its marked block). */
function renderAttributesBlock(): string {
  return MERGE_DRIVER_FILES.map((file) => `${file} merge=mem\n`).join('');
}

export type MergeDriverPlan = {
  /** What happens to `.gitattributes` (shared with the team). */
  attributes: 'create' | 'edit' | 'none';
  /** What happens to the clone's git config (`merge.mem`). */
  config: 'create' | 'edit' | 'none';
  /** Writes both; throws GIT_FAILED when git config cannot be written. */
  apply: () => void;
};

/** Returns what registering the merge driver would change (nothing is written until `apply`). */
export function planMergeDriver(root: string, command: string): MergeDriverPlan {
  const file = join(root, '.gitattributes');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const next = appendMarkedBlock(current, BLOCK, renderAttributesBlock());
  const wanted: [string, string][] = [
    ['merge.mem.name', 'mem: entry-aware merge of agent memory'],
    ['merge.mem.driver', `${command} merge-driver %O %A %B`],
  ];
  const present = wanted.map(([key]) => runGitSync(['config', '--local', '--get', key], root));
  return {
    attributes: current === undefined ? 'create' : next === current ? 'none' : 'edit',
    config: present.every((value) => value === null)
      ? 'create'
      : present.every((value, i) => value === wanted[i]![1])
        ? 'none'
        : 'edit',
    apply: () => {
      if (next !== (current ?? '')) writeFileAtomicSync(file, next);
      for (const [key, value] of wanted) setConfig(root, key, value);
    },
  };
}

/** Adds the attributes block and the `merge.mem` config (idempotent); throws GIT_FAILED when git config cannot be written. */
export function installMergeDriver(root: string, command: string): { attributesChanged: boolean } {
  const plan = planMergeDriver(root, command);
  plan.apply();
  return { attributesChanged: plan.attributes !== 'none' };
}

/** Removes the attributes block (the file too when mem created it) and the `merge.mem` config; returns whether anything was removed. */
export function uninstallMergeDriver(root: string): boolean {
  let removed = false;
  const file = join(root, '.gitattributes');
  if (existsSync(file)) {
    const rest = removeMarkedBlock(readFileSync(file, 'utf8'), BLOCK);
    if (rest !== null) {
      if (rest === '') rmSync(file);
      else writeFileAtomicSync(file, rest);
      removed = true;
    }
  }
  if (runGitSync(['config', '--local', '--get', 'merge.mem.driver'], root) !== null) {
    runGitSync(['config', '--local', '--remove-section', 'merge.mem'], root);
    removed = true;
  }
  return removed;
}

function setConfig(root: string, key: string, value: string): void {
  if (runGitSync(['config', '--local', key, value], root) === null) {
    throw new MemError('GIT_FAILED', `could not set ${key} in ${root}/.git/config`, {
      hint: 'Check that the repository is writable and `git config --local` works.',
    });
  }
}
