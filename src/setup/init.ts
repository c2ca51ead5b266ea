/**
 * `mem init`: set a repository up. First a plan (every file and what would change in it, nothing
 * written), which `mem init` shows and asks about in a terminal; then `apply`. Every step is
 * idempotent and merges into what is there: config (kept when a teammate committed it), ignore
 * rules, Claude Code hooks, the pre-push hook, the merge driver for CLAUDE.md/AGENTS.md.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { MemError } from '../core/errors.js';
import { parseConfig } from '../core/config/parse-config.js';
import { defaultConfig, type Config } from '../core/config/schema.js';
import { loadConfig } from '../core/config/load-config.js';
import { filesWithOldRegion } from '../team/migrate-region.js';
import { addMemHooks, claudeSettingsError } from '../agents/claude-code/claude-settings.js';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import { memoryPaths } from '../core/layout.js';
import { requireRepoRoot, resolveCommonGitDir } from '../core/git/repo-root.js';
import { runGitSync } from '../core/git/run-git.js';
import { resolveMemCommand, shellCommandLine } from '../core/mem-command.js';
import { planPrePushHook } from './pre-push-hook.js';
import { planMergeDriver } from './merge-driver-config.js';
import { readInstallRecord, writeInstallRecord, type InstallRecord } from './install-record.js';
import { addAllowRules, memAllowRules } from '../agents/claude-code/agent-permissions.js';
import { planAgentHooks } from './agent-hooks.js';
import { detectAgents } from '../agents/detect-agents.js';
import { AGENT_LABELS, type AgentId } from '../agents/agent-id.js';

export const MEMORY_GITIGNORE = '# mem: local state, never committed\nsessions/\nstate/\ncache/\n';
/** Personal memories stay out of git without touching the project's own .gitignore. */
export const EXCLUDE_LINES = ['CLAUDE.local.md'];

export type InitOptions = {
  cwd: string;
  env: NodeJS.ProcessEnv;
  execForm?: boolean;
  /** The agents to set up; default: Claude Code plus every agent whose config folder is in the repository. */
  agents?: AgentId[];
};

/** What a user must know for an agent's hooks to run at all. */
const AGENT_NOTICES: Partial<Record<AgentId, string>> = {
  codex:
    "Codex CLI runs a project's hooks only in a trusted project, and each hook only after you trust it: open `codex` in this repository, trust the folder, then run `/hooks` and trust mem's hooks. Until then Codex skips them silently, and again whenever a hook command changes (`mem status` shows what it can see). Headless runs can pass `--dangerously-bypass-hook-trust`.",
  gemini:
    "Gemini CLI loads .gemini/settings.json, and so mem's hooks, only in a trusted folder: trust this repository when Gemini asks (or with `/permissions`).",
};

/** One thing init does, in the user's words. */
export type InitChange = {
  /** Stable id (in --json). */
  step: string;
  /** What it touches, relative to the repository root (`.git/…` for the clone's own files). */
  path: string;
  action: 'create' | 'edit' | 'none';
  /** What changes (or, for `none`, what is already there), as a sentence for the user. */
  what: string;
  /** Part of the project (committed, shared with the team) rather than of this clone only. */
  shared: boolean;
  /** Permission bits before and after, when they change (git tracks the executable bit). */
  fileMode?: { from: string; to: string };
  /** For a shared file git does not track, the ignore rule that keeps `git add` from adding it (`.gitignore:1: .codex`). */
  ignoredBy?: string;
};

export type InitPlan = {
  root: string;
  changes: InitChange[];
  /** The agents this plan sets up, what their users must do for the hooks to run, and the other agents found. */
  agents: AgentId[];
  notices: string[];
  hints: string[];
  /** Makes the changes; returns what was done (the plan, with the team step's outcome). */
  apply: () => Promise<InitReport>;
};

/** What init did, step by step (`--json`: `steps` keeps the {step, changed, detail} shape). */
export type InitStep = { step: string; changed: boolean; detail: string };
export type InitReport = {
  root: string;
  steps: InitStep[];
  changes: InitChange[];
  gitAdd: string[];
  ignored: IgnoredFile[];
  agents: AgentId[];
  notices: string[];
  hints: string[];
};
/** A shared file the team will not get: git ignores it (and does not track it). */
export type IgnoredFile = { path: string; rule: string };

type Step = InitChange & { apply?: (record: InstallRecord) => void };

/** Returns the plan for the repository at `options.cwd`; throws NOT_A_GIT_REPO or CONFIG_INVALID before anything is written. */
export function planInit(options: InitOptions): InitPlan {
  const root = requireRepoRoot(options.cwd);
  const paths = memoryPaths(root);
  const settingsFile = join(root, '.claude', 'settings.json');
  const local = (file: string) => relativePath(root, file);

  // Validate everything first, so a bad file stops init before it changes anything.
  const existingConfig = existsSync(paths.configFile) ? readFileSync(paths.configFile, 'utf8') : null;
  if (existingConfig !== null) parseConfig(existingConfig, '.memory/config.json');
  const found = detectAgents(root, options.env);
  const agents = options.agents ?? [
    'claude',
    ...found
      .filter((evidence) => evidence.agent !== 'claude' && evidence.inRepository)
      .map((evidence) => evidence.agent),
  ];
  // Agents seen on this machine but not set up are named, with the line that adds them: init never guesses them in.
  const hints = found
    .filter((evidence) => !agents.includes(evidence.agent))
    .map(
      (evidence) =>
        `${AGENT_LABELS[evidence.agent]} is here too (${evidence.reasons.join(', ')}): mem init --agent ${[...agents, evidence.agent].join(',')} sets it up as well.`,
    );
  const withClaude = agents.includes('claude');
  const settings = withClaude && existsSync(settingsFile) ? readFileSync(settingsFile, 'utf8') : null;
  const settingsError = settings === null ? null : claudeSettingsError(settings);
  if (settingsError !== null) {
    throw new MemError('CONFIG_INVALID', `.claude/settings.json cannot be read: ${settingsError}`, {
      hint: 'Fix the file (Claude Code settings are a JSON object, hooks under "hooks"); mem did not change anything.',
    });
  }

  const steps: Step[] = [];
  const configText = `${JSON.stringify(defaultConfig(), null, 2)}\n`;
  steps.push(
    existingConfig === null
      ? {
          step: 'config',
          path: '.memory/config.json',
          action: 'create',
          shared: true,
          what: "mem's settings, with the defaults",
          apply: (record) => {
            writeFileAtomicSync(paths.configFile, configText);
            record.createdConfig = configText;
          },
        }
      : { step: 'config', path: '.memory/config.json', action: 'none', shared: true, what: 'kept as it is' },
  );

  const ignoreFile = join(paths.memoryDir, '.gitignore');
  steps.push(
    existsSync(ignoreFile)
      ? {
          step: 'ignore',
          path: '.memory/.gitignore',
          action: 'none',
          shared: true,
          what: "keeps mem's local state out of git (already there)",
        }
      : {
          step: 'ignore',
          path: '.memory/.gitignore',
          action: 'create',
          shared: true,
          what: "keeps mem's local state (sessions/, state/, cache/) out of git",
          apply: (record) => {
            writeFileAtomicSync(ignoreFile, MEMORY_GITIGNORE);
            record.createdMemoryGitignore = true;
          },
        },
  );

  // The settings file is committed: its hooks name `mem`, never this machine's path, and in the
  // shell form do nothing (exit 0, silently) where mem is not installed. The exec form runs no
  // shell, so it cannot check: it is written only when asked for (--exec-form).
  const execForm = options.execForm ?? false;
  const command = resolveMemCommand(options.env, execForm);
  const hooks = addMemHooks(settings, { executable: 'mem', prefixArgs: [], execForm });
  const onPath = command.executable === 'mem';
  // Other agents' files are committed too: their hooks name `mem` the same way. Checked before anything is written.
  const agentPlans = agents
    .filter((agent) => agent !== 'claude')
    .map((agent) => ({ agent, plan: planAgentHooks(root, agent) }));
  if (withClaude)
    steps.push(
      hooks.events.length === 0
        ? {
            step: 'claude-hooks',
            path: '.claude/settings.json',
            action: 'none',
            shared: true,
            what: "mem's Claude Code hooks are already there",
          }
        : {
            step: 'claude-hooks',
            path: '.claude/settings.json',
            action: settings === null ? 'create' : 'edit',
            shared: true,
            what: `${settings === null ? '' : 'adds '}mem's Claude Code hooks: ${listWords(hooks.events)}${settings === null ? '' : '; the rest of the file stays as it is'}; a teammate without mem sees nothing from them${
              onPath ? '' : ' (mem is not on PATH here: they do nothing until it is, e.g. npm link)'
            }`,
            apply: (record) => {
              if (settings === null && !existsSync(dirname(settingsFile))) {
                mkdirSync(dirname(settingsFile), { recursive: true });
                record.createdClaudeDir = true;
              }
              writeFileAtomicSync(settingsFile, hooks.text);
              record.settings = {
                createdFile: settings === null || record.settings?.createdFile === true,
                created: [...(record.settings?.created ?? []), ...hooks.created],
              };
            },
          },
    );

  // The memory protocol has the agent run `mem remember` itself: allow exactly that (and search,
  // candidates) without a permission prompt on every call.
  const agentCommand = shellCommandLine({ ...command, execForm: false });
  const rules = memAllowRules(agentCommand);
  const allowed = addAllowRules(hooks.events.length === 0 ? settings : hooks.text, rules);
  if (withClaude)
    steps.push(
      allowed.added.length === 0
        ? {
            step: 'claude-permissions',
            path: '.claude/settings.json',
            action: 'none',
            shared: true,
            what: 'the agent may already run mem remember, search and candidates',
            apply: (record) => {
              record.agentCommand = agentCommand;
            },
          }
        : {
            step: 'claude-permissions',
            path: '.claude/settings.json',
            action: settings === null && hooks.events.length === 0 ? 'create' : 'edit',
            shared: true,
            what: `lets the agent run ${allowed.added.map((rule) => rule.replace(/^Bash\((.*):\*\)$/, '$1')).join(', ')} without asking each time`,
            apply: (record) => {
              // Note: applied after the hooks step, on the file as that step left it.
              const current = existsSync(settingsFile) ? readFileSync(settingsFile, 'utf8') : null;
              const again = addAllowRules(current, rules);
              if (again.added.length > 0) writeFileAtomicSync(settingsFile, again.text);
              record.agentCommand = agentCommand;
              record.allowRules = [...new Set([...(record.allowRules ?? []), ...again.added])];
              record.allowCreated = [...(record.allowCreated ?? []), ...again.created];
            },
          },
    );

  for (const { agent, plan } of agentPlans) {
    const step: Step = { step: `${agent}-hooks`, path: plan.path, action: plan.action, shared: true, what: plan.what };
    // The memory protocol names how the agent's shell runs mem, whichever agents are set up.
    step.apply = (record) => {
      plan.apply?.(record);
      record.agentCommand = agentCommand;
    };
    steps.push(step);
  }
  const notices = agentPlans.flatMap(({ agent }) =>
    AGENT_NOTICES[agent] ? [`${AGENT_LABELS[agent]}: ${AGENT_NOTICES[agent]}`] : [],
  );

  const commandLine = shellCommandLine(command);
  const prePush = planPrePushHook(root, commandLine);
  const prePushPath = local(prePush.path);
  const prePushStep: Step = {
    step: 'pre-push',
    path: prePushPath,
    action: prePush.mode === 'created' ? 'create' : prePush.mode === 'already-installed' ? 'none' : 'edit',
    shared: !isInsideGitDir(root, prePush.path),
    what: describePrePush(prePush.mode, prePushPath),
    apply: (record) => {
      prePush.apply();
      record.prePushPath = prePush.path;
      if (prePush.fileMode !== undefined) record.prePushMode = prePush.fileMode.from;
    },
  };
  if (prePush.fileMode !== undefined)
    prePushStep.fileMode = { from: octal(prePush.fileMode.from), to: octal(prePush.fileMode.to) };
  if (prePush.mode === 'chained' || existsSync(`${prePush.path}.mem-chained`)) {
    // The hook that was there moves beside mem's, unchanged: a shared hooks folder commits both.
    const chained = prePush.mode === 'chained';
    steps.push({
      step: 'pre-push-chained',
      path: `${prePushPath}.mem-chained`,
      action: chained ? 'create' : 'none',
      shared: prePushStep.shared,
      what: chained ? 'your previous pre-push hook, moved here unchanged' : 'your previous pre-push hook, unchanged',
    });
  }
  steps.push(prePushStep);

  const driver = planMergeDriver(root, commandLine);
  steps.push({
    step: 'merge-driver',
    path: '.gitattributes',
    action: driver.attributes,
    shared: true,
    what:
      driver.attributes === 'none'
        ? 'CLAUDE.md and AGENTS.md already merge entry by entry'
        : 'CLAUDE.md and AGENTS.md merge entry by entry (merge=mem)',
    apply: (record) => {
      driver.apply();
      record.mergeDriver = true;
    },
  });
  steps.push({
    step: 'git-config',
    path: '.git/config',
    action: driver.config === 'none' ? 'none' : 'edit',
    shared: false,
    what: driver.config === 'none' ? "mem's merge driver is registered" : "registers mem's merge driver as merge.mem",
  });

  const exclude = planExcludeLines(root, EXCLUDE_LINES);
  steps.push({
    step: 'exclude',
    path: local(exclude.file),
    action: exclude.appended === '' ? 'none' : 'edit',
    shared: false,
    what: 'keeps CLAUDE.local.md, your personal memory, out of git',
    apply: (record) => {
      exclude.apply();
      record.excludeLines = [...new Set([...(record.excludeLines ?? []), ...exclude.added])];
      if (exclude.appended !== '') record.excludeAppended = exclude.appended;
    },
  });

  // A region left by an earlier version of mem in the tracked CLAUDE.md moves to the team memory, once.
  const oldRegions = filesWithOldRegion(root, configForMigration(root));
  steps.push({
    step: 'migrate',
    path: oldRegions[0] ?? 'CLAUDE.md',
    action: oldRegions.length === 0 ? 'none' : 'edit',
    shared: true,
    what:
      oldRegions.length === 0
        ? 'holds no managed region of mem (team memory lives on refs/mem/team)'
        : "moves the old managed region's entries to the team memory and removes the region; commit the file",
  });

  // A shared file that an ignore rule matches never reaches `git add`: the user must hear it.
  const ignored = ignoredByGit(root, [...new Set(steps.filter((step) => step.shared).map((step) => step.path))]);
  const changes: InitChange[] = steps.map(({ apply: _apply, ...change }) => {
    const rule = ignored.get(change.path);
    return rule === undefined
      ? change
      : {
          ...change,
          what: `${change.what}; git ignores it (${rule}), so it is not shared unless you git add -f it`,
          ignoredBy: rule,
        };
  });
  return {
    root,
    changes,
    agents,
    notices,
    hints,
    apply: async () => {
      const record = readInstallRecord(paths);
      // Steps with nothing to do have no apply, except those that refresh what is there (the
      // pre-push hook's command line, the merge driver's git config): theirs are idempotent.
      for (const step of steps) step.apply?.(record);
      const done = [...changes];
      if (oldRegions.length > 0)
        done[done.length - 1] = { ...done[done.length - 1]!, ...(await migrateOldRegion(root)) };
      writeInstallRecord(paths, record);
      return {
        root,
        changes: done,
        steps: done.map((change) => ({
          step: change.step,
          changed: change.action !== 'none',
          detail: `${change.path}: ${change.what}`,
        })),
        gitAdd: uncommitted(root, [
          ...new Set(
            done.filter((change) => change.shared && change.ignoredBy === undefined).map((change) => change.path),
          ),
        ]),
        ignored: [...ignored].map(([path, rule]) => ({ path, rule })),
        agents,
        notices,
        hints,
      };
    },
  };
}

/** Moves an old managed region's entries to the team memory and cuts the region out; never throws. */
async function migrateOldRegion(root: string): Promise<Pick<InitChange, 'action' | 'what'>> {
  try {
    const { migrateOldRegions } = await import('../team/migrate-region.js');
    const result = await migrateOldRegions(root, loadConfig(root));
    if (result.files.length === 0) return { action: 'none', what: 'holds no managed region of mem' };
    return {
      action: 'edit',
      what: `moved ${result.imported} entr${result.imported === 1 ? 'y' : 'ies'} from the old managed region to the team memory and removed the region; commit ${result.files.join(' and ')}`,
    };
  } catch (error) {
    return {
      action: 'none',
      what: `the old managed region was not migrated (${(error as Error).message}); run mem migrate`,
    };
  }
}

/** The config a migration reads: the repository's own when valid, else the defaults. */
function configForMigration(root: string): Config {
  try {
    return loadConfig(root);
  } catch {
    return defaultConfig();
  }
}

function describePrePush(mode: string, path: string): string {
  switch (mode) {
    case 'created':
      return 'runs mem sync before each git push (never blocks the push)';
    case 'chained':
      return `runs mem sync before each git push, after your previous hook (now ${path}.mem-chained)`;
    case 'husky-block':
      return "appends a block that runs mem sync before each git push; husky's lines stay";
    default:
      return 'mem sync already runs before each git push';
  }
}

type ExcludePlan = { file: string; added: string[]; appended: string; apply: () => void };

function planExcludeLines(root: string, lines: string[]): ExcludePlan {
  const file = join(resolveCommonGitDir(root), 'info', 'exclude');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const present = new Set(current.split(/\r?\n/).map((line) => line.trim()));
  const added = lines.filter((line) => !present.has(line));
  const separator = current === '' || current.endsWith('\n') ? '' : '\n';
  const appended = added.length === 0 ? '' : `${separator}${added.join('\n')}\n`;
  return {
    file,
    added,
    appended,
    apply: () => (appended === '' ? undefined : writeFileAtomicSync(file, `${current}${appended}`)),
  };
}

/**
 * The shared files among `paths` that git shows as new or changed (a second init, before the
 * first was committed, still names them); all of them when git cannot tell.
 */
function uncommitted(root: string, paths: string[]): string[] {
  if (paths.length === 0) return [];
  const status = runGitSync(['status', '--porcelain', '-z', '--untracked-files=all', '--', ...paths], root);
  if (status === null) return paths;
  const changed = status
    .split('\0')
    .filter((entry) => entry.length > 3)
    .map((entry) => entry.slice(3));
  return paths.filter((path) => changed.some((file) => file === path || file.startsWith(`${path}/`)));
}

/** The untracked `paths` an ignore rule matches, each with the rule as `file:line: pattern`; empty when git cannot tell. */
function ignoredByGit(root: string, paths: string[]): Map<string, string> {
  const ignored = new Map<string, string>();
  // Note: exit 1 (nothing ignored) reads as null; tracked files are never reported, being shared already.
  // (-z needs --stdin; these paths are mem's own, plain words, so git prints them unquoted.)
  const out = paths.length === 0 ? null : runGitSync(['check-ignore', '--verbose', '--', ...paths], root);
  for (const found of (out ?? '').split('\n')) {
    const match = /^(.*?):(\d+):(.*)\t(.*)$/.exec(found);
    // A negated pattern (`!.codex/hooks.json`) is reported too, and means the opposite.
    if (match === null || match[3]!.startsWith('!')) continue;
    ignored.set(match[4]!, `${relativePath(root, resolve(root, match[1]!))}:${match[2]}: ${match[3]}`);
  }
  return ignored;
}

function isInsideGitDir(root: string, file: string): boolean {
  const gitDir = resolveCommonGitDir(root);
  return file === gitDir || file.startsWith(`${gitDir}${sep}`);
}

/** `file` relative to the repository root when inside it, else as given. */
function relativePath(root: string, file: string): string {
  const path = relative(root, file);
  return path.startsWith('..') ? file : path.split(sep).join('/');
}

function octal(mode: number): string {
  return (mode & 0o777).toString(8);
}

function listWords(words: string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
