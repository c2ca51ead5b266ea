/**
 * The git `pre-push` hook that runs `mem sync --quiet`. It chains with whatever hook was there
 * (the old hook is renamed and called first, with the same arguments and stdin), respects
 * `core.hooksPath` and husky, never blocks a push because of memory, and uninstalls back to the
 * exact previous state.
 */
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { runGitSync } from '../core/git/run-git.js';
import { resolveCommonGitDir } from '../core/git/repo-root.js';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import { appendMarkedBlock, removeMarkedBlock } from './marked-block.js';

const MARK = '# mem:pre-push';
const CHAINED_SUFFIX = '.mem-chained';
const HUSKY_BLOCK = { start: '# >>> mem: team memory sync (never blocks the push) >>>', end: '# <<< mem <<<' };
/** What mem writes when it creates husky's pre-push itself, so uninstall knows to delete it. */
const HUSKY_CREATED = '#!/bin/sh\n';

export type PrePushInstall = {
  /** The file mem wrote or edited. */
  path: string;
  /** How: its own hook, its own hook calling a renamed previous one, or a block inside husky's hook. */
  mode: 'created' | 'chained' | 'husky-block' | 'already-installed';
};

/** Returns where `pre-push` lives for the clone at `root`: husky's user hook, core.hooksPath, or .git/hooks. */
export function locatePrePushHook(root: string): { path: string; husky: boolean } {
  const hooksPath = runGitSync(['config', '--get', 'core.hooksPath'], root);
  if (hooksPath) {
    const dir = isAbsolute(hooksPath) ? hooksPath : resolve(root, hooksPath);
    // Note: husky ≥ 9 points core.hooksPath at .husky/_ (generated stubs that call .husky/<hook>);
    // husky 5–8 at .husky itself. Either way the user's own script is .husky/pre-push.
    const husky = /(^|[/\\])\.husky([/\\]_)?[/\\]?$/.test(hooksPath);
    if (husky) return { path: join(resolve(dir.replace(/[/\\]_[/\\]?$/, '')), 'pre-push'), husky: true };
    return { path: join(dir, 'pre-push'), husky: false };
  }
  return { path: join(resolveCommonGitDir(root), 'hooks', 'pre-push'), husky: false };
}

/** Returns the shell line that runs the sync: stdin closed, never fails the hook. */
function syncLine(command: string): string {
  return `MEM_IN_PRE_PUSH=1 ${command} sync --quiet </dev/null || true`;
}

/** Returns the text of mem's own pre-push hook, optionally chaining a previous hook first. */
function renderPrePushHook(command: string, chained: boolean): string {
  const lines = ['#!/bin/sh', `${MARK} (installed by \`mem init\`, removed by \`mem uninstall\`)`];
  if (chained) {
    lines.push(
      '# The hook that was here before mem is kept beside this one and runs first, unchanged.',
      `previous="$(dirname "$0")/pre-push${CHAINED_SUFFIX}"`,
      'input=$(cat)',
      'if [ -n "$input" ]; then',
      "  printf '%s\\n' \"$input\" | \"$previous\" \"$@\" || exit $?",
      'else',
      '  "$previous" "$@" </dev/null || exit $?',
      'fi',
    );
  }
  lines.push('# Memory never blocks a push: on failure mem warns, queues the sync and exits 0.', syncLine(command), 'exit 0', '');
  return lines.join('\n');
}

/** Installs the hook (idempotent) and returns what it did; throws on I/O failure. */
export function installPrePushHook(root: string, command: string): PrePushInstall {
  const { path, husky } = locatePrePushHook(root);
  const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (husky) {
    if (current?.includes(HUSKY_BLOCK.start)) return { path, mode: 'already-installed' };
    writeFileAtomicSync(path, appendMarkedBlock(current ?? HUSKY_CREATED, HUSKY_BLOCK, syncLine(command)));
    chmodSync(path, 0o755);
    return { path, mode: 'husky-block' };
  }
  if (current?.includes(MARK)) {
    // Re-render in place so a changed command (moved checkout) is picked up.
    const chained = existsSync(`${path}${CHAINED_SUFFIX}`);
    writeFileAtomicSync(path, renderPrePushHook(command, chained));
    chmodSync(path, 0o755);
    return { path, mode: 'already-installed' };
  }
  if (current !== undefined) {
    renameSync(path, `${path}${CHAINED_SUFFIX}`);
    writeFileAtomicSync(path, renderPrePushHook(command, true));
    chmodSync(path, 0o755);
    return { path, mode: 'chained' };
  }
  writeFileAtomicSync(path, renderPrePushHook(command, false));
  chmodSync(path, 0o755);
  return { path, mode: 'created' };
}

/** Removes mem's hook and restores the previous one exactly; returns false when nothing of mem's was there. */
export function uninstallPrePushHook(root: string): boolean {
  const { path, husky } = locatePrePushHook(root);
  if (!existsSync(path)) return false;
  const current = readFileSync(path, 'utf8');
  if (husky) {
    const rest = removeMarkedBlock(current, HUSKY_BLOCK);
    if (rest === null) return false;
    if (rest === HUSKY_CREATED) rmSync(path);
    else writeFileAtomicSync(path, rest);
    return true;
  }
  if (!current.includes(MARK)) return false;
  const chained = `${path}${CHAINED_SUFFIX}`;
  if (existsSync(chained)) {
    const mode = statSync(chained).mode;
    renameSync(chained, path);
    chmodSync(path, mode & 0o7777);
  } else {
    rmSync(path);
  }
  return true;
}
