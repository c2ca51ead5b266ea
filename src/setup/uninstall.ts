/**
 * `mem uninstall`: reverse what `init` did and leave user content alone. Memory itself (the
 * managed region in CLAUDE.md, session handoffs) is the user's: it stays unless `purge`.
 */
import { existsSync, readFileSync, rmSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { removeMemHooks, type ClaudeSettings } from '../agents/claude-code/claude-settings.js';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import { memoryPaths } from '../core/layout.js';
import { resolveCommonGitDir } from '../core/git/repo-root.js';
import { teamStorePath } from '../core/git/team-store-location.js';
import { uninstallPrePushHook } from './pre-push-hook.js';
import { uninstallMergeDriver } from './merge-driver-config.js';
import { readInstallRecord } from './install-record.js';
import { requireRepoRoot } from '../core/git/repo-root.js';
import { MEMORY_GITIGNORE, EXCLUDE_LINES } from './init.js';
import type { InitReport, InitStep } from './init.js';

export type UninstallOptions = { cwd: string; purge: boolean };

/** Returns what uninstall removed, step by step; throws NOT_A_GIT_REPO. */
export function uninstallRepository(options: UninstallOptions): InitReport {
  const root = requireRepoRoot(options.cwd);
  const paths = memoryPaths(root);
  const record = readInstallRecord(paths);
  const steps: InitStep[] = [];

  const settingsFile = join(root, '.claude', 'settings.json');
  if (existsSync(settingsFile)) {
    try {
      const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as ClaudeSettings;
      const removed = removeMemHooks(settings);
      if (removed.changed) {
        if (record.createdSettingsFile && Object.keys(removed.settings).length === 0) rmSync(settingsFile);
        else writeFileAtomicSync(settingsFile, `${JSON.stringify(removed.settings, null, 2)}\n`);
      }
      steps.push({ step: 'claude-hooks', changed: removed.changed, detail: removed.changed ? "removed mem's hooks from .claude/settings.json" : 'no mem hooks in .claude/settings.json' });
    } catch {
      steps.push({ step: 'claude-hooks', changed: false, detail: '.claude/settings.json is not valid JSON; left untouched' });
    }
  }

  const prePushRemoved = uninstallPrePushHook(root);
  steps.push({ step: 'pre-push', changed: prePushRemoved, detail: prePushRemoved ? 'pre-push hook restored' : 'no mem pre-push hook' });

  const driverRemoved = uninstallMergeDriver(root);
  steps.push({ step: 'merge-driver', changed: driverRemoved, detail: driverRemoved ? 'merge driver removed' : 'no merge driver' });

  const excludeRemoved = removeExcludeLines(root, record.excludeLines ?? EXCLUDE_LINES);
  steps.push({ step: 'exclude', changed: excludeRemoved, detail: excludeRemoved ? 'removed CLAUDE.local.md from .git/info/exclude' : 'nothing to remove from .git/info/exclude' });

  const ignoreFile = join(paths.memoryDir, '.gitignore');
  if (existsSync(ignoreFile) && readFileSync(ignoreFile, 'utf8') === MEMORY_GITIGNORE) {
    rmSync(ignoreFile);
    steps.push({ step: 'ignore', changed: true, detail: 'removed .memory/.gitignore' });
  }

  if (record.createdConfig !== undefined && existsSync(paths.configFile)) {
    const unchanged = readFileSync(paths.configFile, 'utf8') === record.createdConfig;
    if (unchanged) rmSync(paths.configFile);
    steps.push({ step: 'config', changed: unchanged, detail: unchanged ? 'removed .memory/config.json (unchanged since init)' : 'kept .memory/config.json (edited since init)' });
  }

  if (options.purge) {
    for (const dir of [paths.sessionsDir, paths.stateDir, paths.cacheDir, teamStorePath(root)]) rmSync(dir, { recursive: true, force: true });
    steps.push({ step: 'purge', changed: true, detail: 'removed .memory/sessions, state and cache, and the local team store (.git/mem/store.git)' });
  } else {
    rmSync(paths.installRecord, { force: true });
    rmSync(paths.cacheDir, { recursive: true, force: true });
  }
  if (existsSync(paths.memoryDir) && isEmptyTree(paths.memoryDir)) rmSync(paths.memoryDir, { recursive: true, force: true });
  return { root, steps };
}

function removeExcludeLines(root: string, lines: string[]): boolean {
  const file = join(resolveCommonGitDir(root), 'info', 'exclude');
  if (!existsSync(file)) return false;
  const current = readFileSync(file, 'utf8');
  const drop = new Set(lines);
  const kept = current.split('\n').filter((line) => !drop.has(line.trim()));
  const next = kept.join('\n');
  if (next === current) return false;
  writeFileAtomicSync(file, next);
  return true;
}

function isEmptyTree(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true }).every((entry) => entry.isDirectory() && isEmptyTree(join(dir, entry.name)));
}
