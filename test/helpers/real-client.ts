/**
 * The real Claude Code client (the pinned `@anthropic-ai/claude-code` devDependency) driven
 * headless (`claude -p`) in a temp repository where `mem init --yes` ran, against a mock of the
 * Anthropic Messages API on 127.0.0.1. Tests see what mem's hooks printed (stream-json hook
 * events), what reached the model (every request body the mock received) and what mem wrote.
 * Modelled on ../shared/real-client/ (which documents what 2.1.197 does with hook output).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { arch, platform } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { MEM_BIN, PROJECT_ROOT, makeRepo, makeTempDir, runMem, testEnv } from './temp-repo.js';

/** One assistant message the mock plays: text, or one tool call. */
export type MockStep = { text: string } | { tool: string; input: Record<string, unknown> };

/**
 * The assistant turns the mock plays, chosen by the first regex that matches the last typed
 * prompt; the step is the number of tool results since that prompt. After the last step, "Done.".
 */
export type MockScript = { turns: { prompt: RegExp; steps: MockStep[] }[]; fallback?: string };

export type MockRequest = {
  /** main (the agent loop: Bash is offered), small (titles and the like) or compact. */
  kind: 'main' | 'small' | 'compact';
  body: { system?: unknown; messages?: { role: string; content: unknown }[]; tools?: { name: string }[] };
  /** Every string of the system prompt and messages, joined: what the model read. */
  text: string;
};

export type MockModel = { url: string; requests: MockRequest[]; close: () => Promise<void> };

type Block = { type: string; text?: string; content?: unknown; [key: string]: unknown };

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
}

const blocksOf = (content: unknown): Block[] =>
  Array.isArray(content) ? (content as Block[]) : typeof content === 'string' ? [{ type: 'text', text: content }] : [];
const hasToolResult = (content: unknown): boolean => blocksOf(content).some((block) => block.type === 'tool_result');
// Note: the client wraps hook context and CLAUDE.md in system reminders inside user messages; the
// typed prompt is the text that is not one.
const ownText = (content: unknown): string =>
  blocksOf(content)
    .filter((block) => block.type === 'text' && !/^\s*<system-reminder>/.test(block.text ?? ''))
    .map((block) => block.text ?? '')
    .join('\n');

/** What the mock answers to one request body. */
function plan(script: MockScript, body: MockRequest['body']): { kind: MockRequest['kind']; blocks: Block[] } {
  const messages = body.messages ?? [];
  const last = messages.at(-1);
  if (last && /create a detailed summary of the conversation|summarize the conversation/i.test(ownText(last.content))) {
    return { kind: 'compact', blocks: [{ type: 'text', text: '<summary>The conversation so far.</summary>' }] };
  }
  if (!(body.tools ?? []).some((tool) => tool.name === 'Bash'))
    return { kind: 'small', blocks: [{ type: 'text', text: 'Mock title' }] };
  let at = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === 'user' && !hasToolResult(message.content) && ownText(message.content).trim() !== '') {
      at = i;
      break;
    }
  }
  const prompt = at >= 0 ? ownText(messages[at]?.content) : '';
  const step = messages.slice(at + 1).filter((m) => m.role === 'user' && hasToolResult(m.content)).length;
  const turn = script.turns.find((t) => t.prompt.test(prompt));
  const next = turn?.steps[step];
  if (turn === undefined) return { kind: 'main', blocks: [{ type: 'text', text: script.fallback ?? 'OK.' }] };
  if (next === undefined) return { kind: 'main', blocks: [{ type: 'text', text: 'Done.' }] };
  if ('text' in next) return { kind: 'main', blocks: [{ type: 'text', text: next.text }] };
  return {
    kind: 'main',
    blocks: [{ type: 'tool_use', id: `toolu_mock_${step}_${Date.now()}`, name: next.tool, input: next.input }],
  };
}

function sse(res: ServerResponse, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

function answer(
  res: ServerResponse,
  body: MockRequest['body'] & { stream?: boolean; model?: string },
  blocks: Block[],
  id: string,
): void {
  const stop = blocks.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';
  const usage = { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const model = body.model ?? 'claude-mock';
  if (body.stream !== true) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: blocks,
        stop_reason: stop,
        stop_sequence: null,
        usage,
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  sse(res, 'message_start', {
    type: 'message_start',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage,
    },
  });
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      sse(res, 'content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'text', text: '' },
      });
      sse(res, 'content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'text_delta', text: block.text },
      });
    } else {
      sse(res, 'content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: block['id'], name: block['name'], input: {} },
      });
      sse(res, 'content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(block['input']) },
      });
    }
    sse(res, 'content_block_stop', { type: 'content_block_stop', index });
  });
  sse(res, 'message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stop, stop_sequence: null },
    usage: { output_tokens: 20 },
  });
  sse(res, 'message_stop', { type: 'message_stop' });
  res.end();
}

/** Starts the mock Messages API on 127.0.0.1 (a free port); every request it answers is recorded. */
async function startMockModel(script: MockScript): Promise<MockModel> {
  const requests: MockRequest[] = [];
  let seq = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      let body: MockRequest['body'] & { stream?: boolean } = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        /* an unparsable body is answered like an empty one */
      }
      if (req.method === 'POST' && path === '/v1/messages/count_tokens') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ input_tokens: 100 }));
        return;
      }
      if (req.method === 'POST' && path === '/v1/messages') {
        const { kind, blocks } = plan(script, body);
        requests.push({ kind, body, text: strings([body.system, body.messages]).join('\n') });
        answer(res, body, blocks, `msg_mock_${++seq}`);
        return;
      }
      res.writeHead(req.method === 'HEAD' || path === '/' ? 200 : 404, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Returns the native `claude` binary of the pinned devDependency. The platform package is used
 * directly: the wrapper's bin is a placeholder until its postinstall ran, and npm may skip it.
 */
function claudeBinary(): string {
  const require = createRequire(join(PROJECT_ROOT, 'package.json'));
  const os = platform();
  const cpu = arch();
  const names = os === 'linux' ? [`linux-${cpu}`, `linux-${cpu}-musl`] : [`${os}-${cpu}`];
  for (const name of names) {
    try {
      const dir = join(require.resolve(`@anthropic-ai/claude-code-${name}/package.json`), '..');
      const bin = join(dir, os === 'win32' ? 'claude.exe' : 'claude');
      if (existsSync(bin)) return bin;
    } catch {
      /* not this platform's package */
    }
  }
  throw new Error(
    `no Claude Code binary for ${os}-${cpu}: run npm ci (the devDependency @anthropic-ai/claude-code installs it)`,
  );
}

export type RealClient = {
  repo: string;
  home: string;
  /** The environment `claude` runs with: `mem` and `claude` on PATH, a temp HOME, the mock's URL. */
  env: NodeJS.ProcessEnv;
  model: MockModel;
};

/**
 * A temp git repository where `mem init --yes` ran with `mem` (a symlink to bin/run.js, as npm -g
 * installs it) and `claude` on PATH, and the mock model; call `model.close()` when done.
 */
export async function startRealClient(script: MockScript, initArgs: string[] = []): Promise<RealClient> {
  const work = makeTempDir('mem-real-client-');
  const bin = join(work, 'bin');
  const home = join(work, 'home');
  mkdirSync(bin);
  mkdirSync(home);
  symlinkSync(MEM_BIN, join(bin, 'mem'));
  symlinkSync(claudeBinary(), join(bin, 'claude'));
  const repo = makeRepo();
  writeFileSync(
    join(repo, 'package.json'),
    '{ "name": "demo", "version": "1.0.0", "scripts": { "test": "echo ok" } }\n',
  );
  const model = await startMockModel(script);
  const env = testEnv({
    HOME: home,
    PATH: `${bin}:${process.env['PATH'] ?? ''}`,
    ANTHROPIC_BASE_URL: model.url,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_BUG_COMMAND: '1',
  });
  const init = runMem(['init', '--yes', ...initArgs], { cwd: repo, env: env as Record<string, string> });
  if (init.status !== 0) throw new Error(`mem init failed: ${init.stderr}`);
  // What an interactive user does once per repository: accept the workspace trust dialog. Claude
  // Code applies a project's .claude/settings.json permission rules only in a trusted workspace
  // (-p never shows the dialog); its hooks run either way.
  writeFileSync(
    join(home, '.claude.json'),
    JSON.stringify({ projects: { [realpathSync(repo)]: { hasTrustDialogAccepted: true } } }),
  );
  return { repo, home, env, model };
}

/** One line of `--output-format stream-json`. */
export type StreamEvent = { type: string; subtype?: string; [key: string]: unknown };

export type ClaudeRun = { status: number | null; events: StreamEvent[]; stderr: string };

export type ClaudeOptions = {
  sessionId?: string;
  resume?: string;
  /** Tools allowed without asking (default: Write Edit Read); Bash is left to the project's settings. */
  allowedTools?: string;
  timeoutMs?: number;
};

/** Runs `claude -p <prompt>` in the repository; resolves when it exits (never rejects on a non-zero exit). */
export function runClaude(client: RealClient, prompt: string, options: ClaudeOptions = {}): Promise<ClaudeRun> {
  const args = ['-p', prompt, '--output-format', 'stream-json', '--verbose', '--include-hook-events'];
  // Note: bypassPermissions is refused as root (CI runs as root); acceptEdits plus the project's
  // allow rules is what a user would have.
  args.push('--permission-mode', 'acceptEdits', '--allowedTools', options.allowedTools ?? 'Write Edit Read');
  if (options.sessionId) args.push('--session-id', options.sessionId);
  if (options.resume) args.push('--resume', options.resume);
  return new Promise((resolve, reject) => {
    const child = spawn('claude', args, { cwd: client.repo, env: client.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 90_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      const events: StreamEvent[] = [];
      for (const line of stdout.split('\n')) {
        if (line.trim() === '') continue;
        try {
          events.push(JSON.parse(line) as StreamEvent);
        } catch {
          /* the client prints only JSON lines in this mode */
        }
      }
      resolve({ status, events, stderr });
    });
  });
}

/** The additionalContext each mem hook gave the client in a run, by hook event name (e.g. "UserPromptSubmit"). */
export function hookContexts(run: ClaudeRun): { event: string; context: string }[] {
  const out: { event: string; context: string }[] = [];
  for (const event of run.events) {
    if (event.type !== 'system' || event.subtype !== 'hook_response' || typeof event['stdout'] !== 'string') continue;
    try {
      const parsed = JSON.parse(event['stdout']) as {
        hookSpecificOutput?: { hookEventName?: string; additionalContext?: string };
      };
      const context = parsed.hookSpecificOutput?.additionalContext;
      if (typeof context === 'string')
        out.push({ event: parsed.hookSpecificOutput?.hookEventName ?? String(event['hook_event']), context });
    } catch {
      /* empty or non-JSON output carries no context */
    }
  }
  return out;
}

/** The tool results the client sent back to the model in a run (text), in order. */
export function toolResults(run: ClaudeRun): { text: string; isError: boolean }[] {
  const out: { text: string; isError: boolean }[] = [];
  for (const event of run.events) {
    if (event.type !== 'user') continue;
    const message = event['message'] as { content?: unknown } | undefined;
    for (const block of blocksOf(message?.content)) {
      if (block.type !== 'tool_result') continue;
      out.push({ text: strings(block.content).join('\n'), isError: block['is_error'] === true });
    }
  }
  return out;
}
