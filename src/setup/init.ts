/**
 * `mem init`: set a repository up. Every step is idempotent and merges into what is there:
 * config (kept when a teammate committed it), ignore rules, Claude Code hooks, the pre-push
 * hook, the merge driver for CLAUDE.md/AGENTS.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemError } from '../core/errors.js';
import { parseConfig } from '../core/config/parse-config.js';
import { defaultConfig } from '../core/config/schema.js';
import { addMemHooks, type ClaudeSettings } from '../agents/claude-code/claude-settings.js';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import { memoryPaths } from '../core/layout.js';
import { requireRepoRoot, resolveCommonGitDir } from '../core/git/repo-root.js';
import { resolveMemCommand, shellCommandLine } from '../core/mem-command.js';
import { detectClaudeVersion, supportsExecForm } from '../agents/claude-code/claude-version.js';
import { installPrePushHook } from './pre-push-hook.js';
import { installMergeDriver } from './merge-driver-config.js';
import { readInstallRecord, writeInstallRecord } from './install-record.js';

export const MEMORY_GITIGNORE = '# mem: local state, never committed\nsessions/\nstate/\ncache/\n';
/** Personal memories stay out of git without touching the project's own .gitignore. */
export const EXCLUDE_LINES = ['CLAUDE.local.md'];

export type InitOptions = { cwd: string; env: NodeJS.ProcessEnv; execForm?: boolean };
export type InitStep = { step: string; changed: boolean; detail: string };
export type InitReport = { root: string; steps: InitStep[] };

/** Returns what init did, step by step; throws NOT_A_GIT_REPO or CONFIG_INVALID MemErrors before changing anything. */
export async function initRepository(options: InitOptions): Promise<InitReport> {
  const root = requireRepoRoot(options.cwd);
  const paths = memoryPaths(root);
  const settingsFile = join(root, '.claude', 'settings.json');

  // Validate everything first, so a bad file stops init before it changes anything.
  const existingConfig = existsSync(paths.configFile) ? readFileSync(paths.configFile, 'utf8') : null;
  if (existingConfig !== null) parseConfig(existingConfig, '.memory/config.json');
  const settings = readSettings(settingsFile);

  const record = readInstallRecord(paths);
  const steps: InitStep[] = [];

  if (existingConfig === null) {
    const text = `${JSON.stringify(defaultConfig(), null, 2)}\n`;
    writeFileAtomicSync(paths.configFile, text);
    record.createdConfig = text;
    steps.push({ step: 'config', changed: true, detail: 'created .memory/config.json with the default settings' });
  } else {
    steps.push({ step: 'config', changed: false, detail: 'kept the existing .memory/config.json' });
  }

  const ignoreFile = join(paths.memoryDir, '.gitignore');
  if (!existsSync(ignoreFile)) {
    writeFileAtomicSync(ignoreFile, MEMORY_GITIGNORE);
    record.createdMemoryGitignore = true;
    steps.push({ step: 'ignore', changed: true, detail: 'created .memory/.gitignore (sessions/, state/, cache/)' });
  } else {
    steps.push({ step: 'ignore', changed: false, detail: '.memory/.gitignore present' });
  }

  const excludeAdded = addExcludeLines(root, EXCLUDE_LINES);
  if (excludeAdded.length > 0) record.excludeLines = [...new Set([...(record.excludeLines ?? []), ...excludeAdded])];
  steps.push({ step: 'exclude', changed: excludeAdded.length > 0, detail: 'CLAUDE.local.md excluded in .git/info/exclude' });

  const execForm = options.execForm ?? supportsExecForm(detectClaudeVersion(options.env));
  const command = resolveMemCommand(options.env, execForm);
  const merged = addMemHooks(settings ?? {}, command);
  if (merged.changed) {
    writeFileAtomicSync(settingsFile, `${JSON.stringify(merged.settings, null, 2)}\n`);
    if (settings === null) record.createdSettingsFile = true;
  }
  steps.push({
    step: 'claude-hooks',
    changed: merged.changed,
    detail: merged.changed ? `added mem's hooks to .claude/settings.json (${execForm ? 'exec' : 'shell'} form)` : 'Claude Code hooks already installed',
  });

  const commandLine = shellCommandLine(command);
  const prePush = installPrePushHook(root, commandLine);
  record.prePushPath = prePush.path;
  steps.push({ step: 'pre-push', changed: prePush.mode !== 'already-installed', detail: `pre-push hook ${prePush.mode} at ${prePush.path}` });

  const driver = installMergeDriver(root, commandLine);
  record.mergeDriver = true;
  steps.push({ step: 'merge-driver', changed: driver.attributesChanged, detail: 'CLAUDE.md and AGENTS.md merge entry by entry (.gitattributes, git config merge.mem)' });

  steps.push(await ensureLocalTeamBranch(root));
  writeInstallRecord(paths, record);
  return { root, steps };
}

/**
 * Creates the local team branch (in the team store inside .git) when it does not exist yet, from
 * the memory already in CLAUDE.md; the first `mem sync` publishes it when the remote has none.
 */
async function ensureLocalTeamBranch(root: string): Promise<InitStep> {
  const { commitLocalTeamChange } = await import('../team/sync.js');
  try {
    const result = await commitLocalTeamChange(root);
    return {
      step: 'team-branch',
      changed: result.committed,
      detail: result.committed ? 'created the local team branch (mem/team) in .git/mem/store.git; `mem sync` publishes it' : 'local team branch present',
    };
  } catch (error) {
    return { step: 'team-branch', changed: false, detail: `team branch not created yet (${(error as Error).message}); the first \`mem sync\` creates it` };
  }
}


function readSettings(file: string): ClaudeSettings | null {
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    const hooks = (parsed as ClaudeSettings).hooks;
    if (hooks !== undefined && (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks))) throw new Error('"hooks" is not an object');
    return parsed as ClaudeSettings;
  } catch (error) {
    throw new MemError('CONFIG_INVALID', `.claude/settings.json is not a valid settings object: ${(error as Error).message}`, {
      hint: 'Expected JSON like { "hooks": { "Stop": [ ... ] } }. Fix the file; mem did not change anything.',
    });
  }
}

function addExcludeLines(root: string, lines: string[]): string[] {
  const file = join(resolveCommonGitDir(root), 'info', 'exclude');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const present = new Set(current.split(/\r?\n/).map((line) => line.trim()));
  const missing = lines.filter((line) => !present.has(line));
  if (missing.length === 0) return [];
  const separator = current === '' || current.endsWith('\n') ? '' : '\n';
  writeFileAtomicSync(file, `${current}${separator}${missing.join('\n')}\n`);
  return missing;
}
