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

/**
 * Returns the shell line that runs the sync: stdin closed, never fails the hook, and does nothing
 * (silently) where `mem` is not installed, since husky's hook is committed and every teammate runs it.
 */
function syncLine(command: string): string {
  const guard = command === 'mem' ? 'command -v mem >/dev/null 2>&1 && ' : '';
  return `${guard}MEM_IN_PRE_PUSH=1 ${command} sync --quiet </dev/null || true`;
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
      '  printf \'%s\\n\' "$input" | "$previous" "$@" || exit $?',
      'else',
      '  "$previous" "$@" </dev/null || exit $?',
      'fi',
    );
  }
  lines.push(
    '# Memory never blocks a push: on failure mem warns, queues the sync and exits 0.',
    syncLine(command),
    'exit 0',
    '',
  );
  return lines.join('\n');
}

export type PrePushPlan = PrePushInstall & {
  /** The file's permission bits before and after, when init changes them (git runs only executable hooks). */
  fileMode?: { from: number; to: number };
  /** Writes it; throws on I/O failure. */
  apply: () => void;
};

/** Returns what installing the hook would do (nothing is written until `apply`). */
export function planPrePushHook(root: string, command: string): PrePushPlan {
  const { path, husky } = locatePrePushHook(root);
  const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  const currentMode = current === undefined ? undefined : statSync(path).mode & 0o7777;
  // Like `chmod +x` under a usual umask: execute wherever read is allowed, and always for the owner.
  const executable = (mode: number) => mode | (0o111 & ((mode >> 2) | 0o100));
  const withMode = (plan: PrePushPlan): PrePushPlan => {
    if (currentMode === undefined || plan.mode === 'chained') return plan;
    const to = executable(currentMode);
    return to === currentMode ? plan : { ...plan, fileMode: { from: currentMode, to } };
  };
  const write = (text: string, mode = 0o755) => {
    writeFileAtomicSync(path, text);
    chmodSync(path, mode);
  };
  if (husky) {
    if (current?.includes(HUSKY_BLOCK.start)) return { path, mode: 'already-installed', apply: () => undefined };
    // Note: husky's hook is committed: it names `mem`, never this machine's path.
    return withMode({
      path,
      mode: 'husky-block',
      apply: () =>
        write(
          appendMarkedBlock(current ?? HUSKY_CREATED, HUSKY_BLOCK, syncLine('mem')),
          currentMode === undefined ? 0o755 : executable(currentMode),
        ),
    });
  }
  if (current?.includes(MARK)) {
    // Re-render in place so a changed command (moved checkout) is picked up.
    const text = renderPrePushHook(command, existsSync(`${path}${CHAINED_SUFFIX}`));
    return { path, mode: 'already-installed', apply: () => (text === current ? undefined : write(text)) };
  }
  if (current !== undefined) {
    return {
      path,
      mode: 'chained',
      apply: () => {
        renameSync(path, `${path}${CHAINED_SUFFIX}`);
        write(renderPrePushHook(command, true));
      },
    };
  }
  return { path, mode: 'created', apply: () => write(renderPrePushHook(command, false)) };
}

/** Installs the hook (idempotent) and returns what it did; throws on I/O failure. */
export function installPrePushHook(root: string, command: string): PrePushInstall {
  const { apply, path, mode } = planPrePushHook(root, command);
  apply();
  return { path, mode };
}

/**
 * Removes mem's hook and restores the previous one exactly (`huskyMode`: the permission bits of
 * husky's pre-push before init made it executable); returns false when nothing of mem's was there.
 */
export function uninstallPrePushHook(root: string, huskyMode?: number): boolean {
  const { path, husky } = locatePrePushHook(root);
  if (!existsSync(path)) return false;
  const current = readFileSync(path, 'utf8');
  if (husky) {
    const rest = removeMarkedBlock(current, HUSKY_BLOCK);
    if (rest === null) return false;
    if (rest === HUSKY_CREATED) {
      rmSync(path);
    } else {
      const mode = huskyMode ?? statSync(path).mode & 0o7777;
      writeFileAtomicSync(path, rest);
      chmodSync(path, mode);
    }
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
