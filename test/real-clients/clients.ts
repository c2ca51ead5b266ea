/**
 * Driving the real Claude Code, Codex CLI and Gemini CLI (npm devDependencies, pinned) offline: each runs
 * headless in a throw-away HOME against mock-model.mjs on 127.0.0.1, so a test sees exactly what
 * the client sent to the model. Nothing here reaches the network: the mock is the only endpoint,
 * update checks and telemetry are off.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { MEM_BIN, PROJECT_ROOT, testEnv } from '../helpers/temp-repo.js';

const MOCK = join(PROJECT_ROOT, 'test', 'real-clients', 'mock-model.mjs');
const CODEX_BIN = join(PROJECT_ROOT, 'node_modules', '.bin', 'codex');
const GEMINI_JS = join(PROJECT_ROOT, 'node_modules', '@google', 'gemini-cli', 'bundle', 'gemini.js');

/** The clients are devDependencies; a machine without them (npm ci --omit=dev) skips these tests. */
export const HAVE_CODEX = existsSync(CODEX_BIN);
export const HAVE_GEMINI = existsSync(GEMINI_JS);

export type ScriptStep = { tool: { name: string; input: Record<string, unknown> | string } } | { text: string };
export type MockScript = {
  prompts: { match: string; steps: ScriptStep[] }[];
  fallback?: string;
  compactSummary?: string;
  reportTokens?: number;
};
export type LoggedRequest = {
  seq: number;
  api?: 'messages' | 'responses' | 'gemini';
  kind: string;
  url?: string;
  body?: Record<string, unknown>;
};

export type MockModel = { port: number; requests: () => LoggedRequest[]; stop: () => void };

/** Starts the mock model API (a child process, so clients can be run synchronously) and waits for its port. */
export async function startMockModel(dir: string, script: MockScript): Promise<MockModel> {
  mkdirSync(dir, { recursive: true });
  const scriptFile = join(dir, 'script.json');
  const log = join(dir, 'requests.jsonl');
  const portFile = join(dir, 'port');
  writeFileSync(scriptFile, JSON.stringify(script));
  const child = spawn(process.execPath, [MOCK, '--script', scriptFile, '--log', log, '--port-file', portFile], {
    stdio: 'ignore',
  });
  const readPort = () => (existsSync(portFile) ? Number(readFileSync(portFile, 'utf8')) : 0);
  // Note: a loaded machine can take seconds to start the mock; a port of 0 would send the client nowhere.
  for (let i = 0; i < 600 && !(readPort() > 0); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  const port = readPort();
  if (!(port > 0)) throw new Error('mock model did not start');
  return {
    port,
    requests: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as LoggedRequest)
        : [],
    stop: () => {
      if (child.pid !== undefined && child.exitCode === null) child.kill();
    },
  };
}

/** All strings inside a request body, joined: what a test searches for mem's context. */
export function requestText(request: LoggedRequest): string {
  const out: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(request.body);
  return out.join('\n');
}

export type Machine = { base: string; home: string; bin: string; env: NodeJS.ProcessEnv };

/**
 * One developer's machine: its own HOME and a PATH with `mem` on it, the way `npm -g` installs it
 * (a symlink to bin/run.js), so `mem init` writes plain `mem` into the agents' hook files.
 */
export function makeMachine(base: string, extraEnv: Record<string, string> = {}): Machine {
  const home = join(base, 'home');
  const bin = join(base, 'bin');
  mkdirSync(home, { recursive: true });
  mkdirSync(bin, { recursive: true });
  if (!existsSync(join(bin, 'mem'))) symlinkSync(MEM_BIN, join(bin, 'mem'));
  if (HAVE_CODEX && !existsSync(join(bin, 'codex'))) symlinkSync(CODEX_BIN, join(bin, 'codex'));
  if (existsSync(CLAUDE_BIN) && !existsSync(join(bin, 'claude'))) symlinkSync(CLAUDE_BIN, join(bin, 'claude'));
  const env = testEnv({ HOME: home, PATH: `${bin}:${process.env['PATH'] ?? ''}`, ...extraEnv });
  for (const key of Object.keys(env))
    if (key.startsWith('CODEX') || key.startsWith('GEMINI') || key.startsWith('GOOGLE') || key.startsWith('OPENAI'))
      delete env[key];
  return { base, home, bin, env };
}

/** Runs `mem` as the developer would (from PATH, in `cwd`). */
export function mem(machine: Machine, cwd: string, args: string[], input?: string): SpawnSyncReturns<string> {
  return spawnSync('mem', args, { cwd, env: machine.env, encoding: 'utf8', input: input ?? '', timeout: 60_000 });
}

// ---- Codex CLI

/**
 * Writes $CODEX_HOME/config.toml: a model provider on the mock, the repository trusted (project
 * hooks only load in a trusted project), update checks and analytics off.
 */
export function setUpCodex(machine: Machine, repo: string, port: number, extraToml = ''): void {
  const codexHome = join(machine.home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(
    join(codexHome, 'config.toml'),
    [
      'model = "gpt-5.5"',
      'model_provider = "mock"',
      'check_for_update_on_startup = false',
      '[analytics]',
      'enabled = false',
      '[model_providers.mock]',
      'name = "mock"',
      `base_url = "http://127.0.0.1:${port}/v1"`,
      'wire_api = "responses"',
      'env_key = "MOCK_MODEL_KEY"',
      `[projects."${repo}"]`,
      'trust_level = "trusted"',
      extraToml,
      '',
    ].join('\n'),
  );
  machine.env['CODEX_HOME'] = codexHome;
  machine.env['MOCK_MODEL_KEY'] = 'mock-key';
}

export type ClientRun = { status: number | null; stdout: string; stderr: string; sessionId: string | null };

/**
 * `codex exec` headless. `--dangerously-bypass-hook-trust` stands in for the user approving mem's
 * hooks in `/hooks` (the documented route for automation); without it Codex skips them silently.
 */
export function runCodex(
  machine: Machine,
  repo: string,
  prompt: string,
  options: { resume?: string; config?: string[] } = {},
): ClientRun {
  const common = [
    '--dangerously-bypass-hook-trust',
    '--sandbox',
    'danger-full-access',
    ...(options.config ?? []).flatMap((c) => ['-c', c]),
  ];
  const args = options.resume ? ['exec', ...common, 'resume', options.resume, prompt] : ['exec', ...common, prompt];
  const run = spawnSync(CODEX_BIN, args, {
    cwd: repo,
    env: machine.env,
    encoding: 'utf8',
    input: '',
    timeout: 300_000,
  });
  const sessionId = /session id: ([0-9a-f-]{36})/.exec(run.stderr ?? '')?.[1] ?? options.resume ?? null;
  return { status: run.status, stdout: run.stdout ?? '', stderr: run.stderr ?? '', sessionId };
}

/** Codex's own report of the hooks it ran ("hook: Stop Completed"), from its stderr. */
export function codexHookLines(run: ClientRun): string[] {
  return run.stderr.split('\n').filter((line) => line.startsWith('hook: '));
}

// ---- Gemini CLI

/**
 * Writes ~/.gemini/settings.json (API-key auth, so GOOGLE_GEMINI_BASE_URL points it at the mock;
 * telemetry, auto-update and ripgrep download off) and trusts the repository folder (Gemini CLI
 * refuses to run headless in an untrusted folder and ignores its project settings there).
 */
export function setUpGemini(
  machine: Machine,
  repo: string,
  port: number,
  extraSettings: Record<string, unknown> = {},
): void {
  const dir = join(machine.home, '.gemini');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'settings.json'),
    JSON.stringify({
      security: { auth: { selectedType: 'gemini-api-key' } },
      privacy: { usageStatisticsEnabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
      tools: { useRipgrep: false },
      ...extraSettings,
    }),
  );
  writeFileSync(join(dir, 'trustedFolders.json'), JSON.stringify({ [repo]: 'TRUST_FOLDER' }));
  machine.env['GOOGLE_GEMINI_BASE_URL'] = `http://127.0.0.1:${port}`;
  machine.env['GEMINI_API_KEY'] = 'mock-key';
}

/** `gemini -p` headless, yolo (tools run without asking), with a session id the test chooses. */
export function runGemini(
  machine: Machine,
  repo: string,
  prompt: string,
  options: { sessionId?: string; resume?: string } = {},
): ClientRun {
  const sessionId = options.resume ?? options.sessionId ?? randomUUID();
  const session = options.resume ? ['--resume', options.resume] : ['--session-id', sessionId];
  const args = [GEMINI_JS, '-y', '-m', 'gemini-2.5-flash', ...session, '-p', prompt];
  const run = spawnSync(process.execPath, args, {
    cwd: repo,
    env: machine.env,
    encoding: 'utf8',
    input: '',
    timeout: 300_000,
  });
  return { status: run.status, stdout: run.stdout ?? '', stderr: run.stderr ?? '', sessionId };
}

// ---- Claude Code

const CLAUDE_BIN = join(PROJECT_ROOT, 'node_modules', '.bin', 'claude');
export const HAVE_CLAUDE = existsSync(CLAUDE_BIN);

/** Points Claude Code at the mock (ANTHROPIC_BASE_URL) with everything that would reach the network off. */
export function setUpClaude(machine: Machine, port: number): void {
  Object.assign(machine.env, {
    ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
    ANTHROPIC_API_KEY: 'sk-ant-mock',
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_BUG_COMMAND: '1',
  });
}

/**
 * `claude -p` headless with a session id the test chooses. Note: --permission-mode
 * bypassPermissions is refused as root, so edits are accepted and Bash is allowed by name.
 */
export function runClaude(
  machine: Machine,
  repo: string,
  prompt: string,
  options: { sessionId?: string; resume?: string } = {},
): ClientRun {
  const sessionId = options.resume ?? options.sessionId ?? randomUUID();
  const session = options.resume ? ['--resume', options.resume] : ['--session-id', sessionId];
  const args = [
    '-p',
    prompt,
    ...session,
    '--output-format',
    'stream-json',
    '--verbose',
    '--permission-mode',
    'acceptEdits',
    '--allowedTools',
    'Write Edit Read Bash',
  ];
  const run = spawnSync(CLAUDE_BIN, args, {
    cwd: repo,
    env: machine.env,
    encoding: 'utf8',
    input: '',
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout ?? '', stderr: run.stderr ?? '', sessionId };
}
