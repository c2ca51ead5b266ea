/**
 * `mem uninstall`: reverse exactly what `init` did, byte for byte, and leave user content alone.
 * mem's local state (`.memory/state`, `.memory/cache`) goes, and so does the rendered file the
 * agent loads (a copy of memory kept elsewhere) unless a person edited it; memory itself (the
 * shared memory's working copy with its unsynced entries, session handoffs, the local team store)
 * is the user's: it stays unless `purge`, and the report says what stayed and why. What stayed is
 * still mem's, so `purge` after an uninstall removes it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { isMemHandler, removeMemHooks } from '../agents/claude-code/claude-settings.js';
import { memAllowRulesIn, removeAllowRules } from '../agents/claude-code/agent-permissions.js';
import { jsonValueAt } from '../core/files/edit-json-settings.js';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import { MemError } from '../core/errors.js';
import { memoryPaths } from '../core/layout.js';
import { RENDERED_FILE, WORKING_FILE } from '../core/shared-memory-file.js';
import { requireRepoRoot, resolveCommonGitDir } from '../core/git/repo-root.js';
import { runGitSync } from '../core/git/run-git.js';
import { teamStorePath } from '../core/git/team-store-location.js';
import { locatePrePushHook, uninstallPrePushHook } from './pre-push-hook.js';
import { uninstallMergeDriver } from './merge-driver-config.js';
import { readInstallRecord, type InstallRecord } from './install-record.js';
import { HOOK_FILE_AGENTS, uninstallAgentHooks } from './agent-hooks.js';
import { MEMORY_GITIGNORE, EXCLUDE_LINES, type InitStep } from './init.js';

export type UninstallOptions = { cwd: string; purge: boolean };
/** A step of uninstall; `kept` marks what stays on purpose (the report says why). */
export type UninstallStep = InitStep & { kept?: boolean };
export type UninstallReport = { root: string; steps: UninstallStep[] };

/** Returns what uninstall removed (and kept), step by step; throws NOT_A_GIT_REPO, or NOT_INITIALISED when nothing of mem is there. */
export function uninstallRepository(options: UninstallOptions): UninstallReport {
  const root = requireRepoRoot(options.cwd);
  const paths = memoryPaths(root);
  if (!anythingOfMem(root)) {
    throw new MemError(
      'NOT_INITIALISED',
      `${root} has nothing of mem to remove (no config, hooks, pre-push hook, merge driver, .memory/, .git/mem or rendered memory); nothing was changed`,
      { hint: 'mem init is what sets mem up.' },
    );
  }
  const recordFound = existsSync(paths.installRecord);
  const record = readInstallRecord(paths);
  const steps: UninstallStep[] = [];

  // First, while the last rendering is still in .memory/state to compare with, and before the
  // hooks step looks whether the .claude/ init created is empty.
  const rendered = renderedMemoryStep(root, options.purge);
  if (rendered !== null && !options.purge) steps.push(rendered.step);

  steps.push(removeClaudeHooks(root, record));
  for (const agent of HOOK_FILE_AGENTS) {
    const step = uninstallAgentHooks(root, agent, record);
    if (step) steps.push(step);
  }

  const prePushPath = relativeToRoot(root, locatePrePushHook(root).path);
  const prePushRemoved = uninstallPrePushHook(root, record.prePushMode);
  steps.push({
    step: 'pre-push',
    changed: prePushRemoved,
    detail: prePushRemoved ? `${prePushPath}: back to what it was before mem` : `${prePushPath}: nothing of mem`,
  });

  const driverRemoved = uninstallMergeDriver(root);
  steps.push({
    step: 'merge-driver',
    changed: driverRemoved,
    detail: driverRemoved
      ? ".gitattributes and .git/config: mem's merge driver removed"
      : 'merge driver: not registered',
  });

  const excludeRemoved = removeExcludeLines(root, record, recordFound);
  steps.push({
    step: 'exclude',
    changed: excludeRemoved,
    detail: excludeRemoved
      ? '.git/info/exclude: the CLAUDE.local.md line removed'
      : '.git/info/exclude: nothing of mem',
  });

  if (record.createdConfig !== undefined && existsSync(paths.configFile)) {
    const unchanged = readFileSync(paths.configFile, 'utf8') === record.createdConfig;
    if (unchanged) rmSync(paths.configFile);
    steps.push({
      step: 'config',
      changed: unchanged,
      kept: !unchanged,
      detail: unchanged
        ? '.memory/config.json: removed (unchanged since init)'
        : '.memory/config.json: edited since init, so it stays',
    });
  }

  // Note: the working copy of shared memory holds this clone's entries not yet synced: that is
  // memory, not bookkeeping, so it stays unless --purge (the rest of .memory/state/ goes).
  const workingCopy = join(root, WORKING_FILE);
  const hadWorkingCopy = existsSync(workingCopy);
  const keptWorkingCopy =
    !options.purge && existsSync(workingCopy) && /^- /m.test(readFileSync(workingCopy, 'utf8'))
      ? readFileSync(workingCopy)
      : null;
  // Local state and caches are mem's own bookkeeping: nobody needs them without mem.
  rmSync(paths.stateDir, { recursive: true, force: true });
  rmSync(paths.cacheDir, { recursive: true, force: true });
  if (keptWorkingCopy !== null) {
    mkdirSync(dirname(workingCopy), { recursive: true });
    writeFileSync(workingCopy, keptWorkingCopy);
    steps.push({
      step: 'team-memory',
      changed: false,
      kept: true,
      detail: `${WORKING_FILE}: this clone's shared memory, entries not yet synced included; mem uninstall --purge deletes it`,
    });
  }
  const handoffs = countFiles(paths.sessionsDir);
  if (options.purge) {
    const memoryFiles = [
      `.memory/sessions (${plural(handoffs, 'session handoff')})`,
      ...(hadWorkingCopy ? [`this clone's shared memory (${WORKING_FILE})`] : []),
      'the local team store (.git/mem)',
      ...(rendered !== null ? [RENDERED_FILE] : []),
    ];
    rmSync(paths.sessionsDir, { recursive: true, force: true });
    rmSync(teamStorePath(root), { recursive: true, force: true });
    removeIfEmpty(dirname(teamStorePath(root)));
    steps.push({
      step: 'purge',
      changed: true,
      detail: `${memoryFiles.slice(0, -1).join(', ')} and ${memoryFiles.at(-1)} removed`,
    });
  }

  const ignoreFile = join(paths.memoryDir, '.gitignore');
  const keepsHandoffs = !options.purge && (handoffs > 0 || keptWorkingCopy !== null);
  if (existsSync(ignoreFile) && readFileSync(ignoreFile, 'utf8') === MEMORY_GITIGNORE) {
    if (keepsHandoffs) {
      steps.push({
        step: 'ignore',
        changed: false,
        kept: true,
        detail:
          handoffs > 0
            ? `.memory/sessions/ (${plural(handoffs, 'session handoff')}) and .memory/.gitignore, which keeps them out of git; mem uninstall --purge deletes both`
            : '.memory/.gitignore, which keeps the memory above out of git',
      });
    } else {
      rmSync(ignoreFile);
      steps.push({ step: 'ignore', changed: true, detail: '.memory/.gitignore: removed' });
    }
  }
  if (!options.purge && existsSync(teamStorePath(root))) {
    steps.push({
      step: 'team-store',
      changed: false,
      kept: true,
      detail: '.git/mem/, the team memory in this clone (never committed); mem uninstall --purge deletes it',
    });
  }
  if (existsSync(paths.memoryDir) && isEmptyTree(paths.memoryDir))
    rmSync(paths.memoryDir, { recursive: true, force: true });
  return { root, steps };
}

/**
 * True when anything of mem is there: what init leaves (config, install record, hooks in settings,
 * pre-push, merge driver), or what an uninstall kept (.memory/, the team store, the rendered file).
 */
function anythingOfMem(root: string): boolean {
  const paths = memoryPaths(root);
  if (
    [paths.configFile, paths.installRecord, paths.memoryDir, teamStorePath(root), join(root, RENDERED_FILE)].some(
      (path) => existsSync(path),
    )
  )
    return true;
  for (const file of [
    join(root, '.claude', 'settings.json'),
    join(root, '.codex', 'hooks.json'),
    join(root, '.gemini', 'settings.json'),
  ]) {
    if (existsSync(file) && hasMemHandler(readFileSync(file, 'utf8'))) return true;
  }
  const prePush = locatePrePushHook(root).path;
  if (existsSync(prePush) && /# mem:pre-push|# >>> mem:/.test(readFileSync(prePush, 'utf8'))) return true;
  return runGitSync(['config', '--local', '--get', 'merge.mem.driver'], root) !== null;
}

function hasMemHandler(text: string): boolean {
  const hooks = jsonValueAt(text, ['hooks']);
  if (typeof hooks !== 'object' || hooks === null) return false;
  return Object.values(hooks).some(
    (groups) =>
      Array.isArray(groups) &&
      groups.some((group: { hooks?: unknown }) => Array.isArray(group?.hooks) && group.hooks.some(isMemHandler)),
  );
}

function removeClaudeHooks(root: string, record: InstallRecord): UninstallStep {
  const settingsFile = join(root, '.claude', 'settings.json');
  if (!existsSync(settingsFile))
    return { step: 'claude-hooks', changed: false, detail: '.claude/settings.json: not there' };
  const text = readFileSync(settingsFile, 'utf8');
  // Only the allow rules init added: one the user had before is theirs. Where init found mem's
  // hooks already there (a teammate committed them), the rules came with them and go with them.
  const hooksFound = record.settings === undefined && record.createdSettingsFile !== true;
  const rules = [...new Set([...(record.allowRules ?? []), ...(hooksFound ? memAllowRulesIn(text) : [])])];
  const withoutRules = removeAllowRules(
    text,
    rules,
    hooksFound
      ? [...(record.allowCreated ?? []), ['permissions'], ['permissions', 'allow']]
      : (record.allowCreated ?? []),
  );
  const hooksRemoved = removeMemHooks(withoutRules.text, record.settings?.created);
  const removed = { text: hooksRemoved.text, changed: withoutRules.changed || hooksRemoved.changed };
  if (!removed.changed)
    return { step: 'claude-hooks', changed: false, detail: ".claude/settings.json: no hooks of mem's" };
  const createdFile = record.settings?.createdFile ?? record.createdSettingsFile === true;
  if (createdFile && isEmptyObject(removed.text)) {
    rmSync(settingsFile);
    if (record.createdClaudeDir === true) removeIfEmpty(dirname(settingsFile));
    return { step: 'claude-hooks', changed: true, detail: '.claude/settings.json: removed (mem had created it)' };
  }
  writeFileAtomicSync(settingsFile, removed.text);
  return {
    step: 'claude-hooks',
    changed: true,
    detail: ".claude/settings.json: mem's hooks removed, the rest as it was",
  };
}

/**
 * Removes the rendered file (Claude Code loads it: while it is there, the agent reads the memory),
 * unless a person edited it since mem rendered it and this is no purge: their edits exist nowhere
 * else, so it stays and the step says where. Null when there is no rendered file.
 */
function renderedMemoryStep(root: string, purge: boolean): { step: UninstallStep } | null {
  const file = join(root, RENDERED_FILE);
  if (!existsSync(file)) return null;
  const lastRendering = join(memoryPaths(root).stateDir, 'team-rendered.md');
  const edited = !existsSync(lastRendering) || readFileSync(file, 'utf8') !== readFileSync(lastRendering, 'utf8');
  if (edited && !purge) {
    return {
      step: {
        step: 'rendered',
        changed: false,
        kept: true,
        detail: `${RENDERED_FILE}: edited by hand since mem wrote it, so it stays, and Claude Code still loads it (git ignores it through .git/info/exclude); delete it, or mem uninstall --purge deletes it`,
      },
    };
  }
  removeRenderedMemory(root);
  return {
    step: {
      step: 'rendered',
      changed: true,
      detail: `${RENDERED_FILE}: removed with its .git/info/exclude line, so Claude Code no longer loads team memory (a rendering of it: mem init and mem render write it again)`,
    },
  };
}

/** Removes the rendered memory file, its `.git/info/exclude` line and an emptied `.claude/rules/`. */
function removeRenderedMemory(root: string): void {
  const rendered = join(root, RENDERED_FILE);
  rmSync(rendered, { force: true });
  removeIfEmpty(dirname(rendered));
  const exclude = join(resolveCommonGitDir(root), 'info', 'exclude');
  if (existsSync(exclude)) {
    const current = readFileSync(exclude, 'utf8');
    const next = current
      .split('\n')
      .filter((line) => line.trim() !== `/${RENDERED_FILE}`)
      .join('\n');
    if (next !== current) writeFileAtomicSync(exclude, next);
  }
}

function removeExcludeLines(root: string, record: InstallRecord, recordFound: boolean): boolean {
  const file = join(resolveCommonGitDir(root), 'info', 'exclude');
  if (!existsSync(file)) return false;
  const current = readFileSync(file, 'utf8');
  // The exact text init appended, when the file still ends with it; else the lines init added.
  if (record.excludeAppended !== undefined && current.endsWith(record.excludeAppended)) {
    writeFileAtomicSync(file, current.slice(0, current.length - record.excludeAppended.length));
    return true;
  }
  // Without a record (it was deleted), the lines init adds; with one, only those it added.
  const drop = new Set(recordFound ? (record.excludeLines ?? []) : EXCLUDE_LINES);
  const next = current
    .split('\n')
    .filter((line) => !drop.has(line.trim()))
    .join('\n');
  if (next === current) return false;
  writeFileAtomicSync(file, next);
  return true;
}

function isEmptyObject(text: string): boolean {
  const value = jsonValueAt(text, []);
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0 && !/\/[/*]/.test(text);
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (count, entry) => count + (entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1),
    0,
  );
}

function removeIfEmpty(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    /* not empty, or gone */
  }
}

function isEmptyTree(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true }).every(
    (entry) => entry.isDirectory() && isEmptyTree(join(dir, entry.name)),
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function relativeToRoot(root: string, file: string): string {
  const path = relative(root, file);
  return path.startsWith('..') ? file : path.split(sep).join('/');
}
