// The Codex CLI and Gemini CLI hooks (issue 14) beside Claude Code's, as ratios to F = `node -e 0`,
// paired in one run. Each agent's hook gets its own payload shape and transcript format (a Codex
// rollout, a Gemini chat log from fixtures/agents/). Prints a markdown table.
// Usage: npm run build && node bench/agent-hook-bench.mjs [--runs N]
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { BIN, ROOT, benchEnv, fmt, makeBenchRepo, paired, peakRss, timeRun } from './lib.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 15;
const env = benchEnv();
const rows = [];
let counter = 0;

/** A turn in each agent's transcript format: a typed prompt, a shell command and its output, a reply. */
const TURN = {
  claude: (i) => [
    {
      type: 'user',
      message: { role: 'user', content: `Refactor module ${i} to use the new config loader.` },
      uuid: `u${i}-${++counter}`,
      timestamp: new Date().toISOString(),
      gitBranch: 'main',
    },
    {
      type: 'assistant',
      message: {
        id: `a${counter}`,
        role: 'assistant',
        content: [{ type: 'tool_use', id: `t${counter}`, name: 'Bash', input: { command: 'pnpm test' } }],
      },
      uuid: `a${i}-${++counter}`,
    },
    {
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: `t${counter - 1}`, content: 'Tests: 120 passed\n'.repeat(50) }],
      },
      uuid: `r${i}-${++counter}`,
    },
    {
      type: 'assistant',
      message: { id: `b${counter}`, role: 'assistant', content: [{ type: 'text', text: `Done with module ${i}.` }] },
      uuid: `b${i}-${++counter}`,
    },
  ],
  codex: (i) => {
    const at = new Date().toISOString();
    const call = `call_${++counter}`;
    return [
      {
        timestamp: at,
        type: 'response_item',
        payload: {
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: `Refactor module ${i} to use the new config loader.` }],
        },
      },
      {
        timestamp: at,
        type: 'response_item',
        payload: {
          type: 'function_call',
          name: 'exec_command',
          arguments: JSON.stringify({ cmd: 'pnpm test' }),
          call_id: call,
        },
      },
      {
        timestamp: at,
        type: 'response_item',
        payload: {
          type: 'function_call_output',
          call_id: call,
          output: `Process exited with code 0\nOutput:\n${'Tests: 120 passed\n'.repeat(50)}`,
        },
      },
      {
        timestamp: at,
        type: 'response_item',
        payload: {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: `Done with module ${i}.` }],
        },
      },
    ];
  },
  gemini: (i) => {
    const at = new Date().toISOString();
    const call = `run_shell_command_${++counter}`;
    return [
      {
        id: `u-${counter}`,
        timestamp: at,
        type: 'user',
        content: [{ text: `Refactor module ${i} to use the new config loader.` }],
      },
      {
        id: `g-${counter}`,
        timestamp: at,
        type: 'gemini',
        content: '',
        toolCalls: [
          {
            id: call,
            name: 'run_shell_command',
            args: { command: 'pnpm test' },
            status: 'success',
            result: [
              {
                functionResponse: {
                  id: call,
                  name: 'run_shell_command',
                  response: { output: 'Tests: 120 passed\n'.repeat(50) },
                },
              },
            ],
          },
        ],
      },
      { id: `h-${counter}`, timestamp: at, type: 'gemini', content: `Done with module ${i}.` },
    ];
  },
};
const lines = (objects) => objects.map((object) => `${JSON.stringify(object)}\n`).join('');

const STOP_EVENT = { claude: 'Stop', codex: 'Stop', gemini: 'AfterAgent' };
const PROMPT_EVENT = { claude: 'UserPromptSubmit', codex: 'UserPromptSubmit', gemini: 'BeforeAgent' };
const agentArgs = (agent) => (agent === 'claude' ? [] : ['--agent', agent]);
const base = (agent, sessionId, transcript, cwd, event) => ({
  session_id: sessionId,
  transcript_path: transcript,
  cwd,
  hook_event_name: event,
  ...(agent === 'codex' ? { turn_id: `turn-${++counter}`, model: 'gpt-5.5', permission_mode: 'default' } : {}),
  ...(agent === 'gemini' ? { timestamp: new Date().toISOString() } : {}),
});
const stopInput = (agent, sessionId, transcript, cwd) =>
  JSON.stringify({
    ...base(agent, sessionId, transcript, cwd, STOP_EVENT[agent]),
    stop_hook_active: false,
    ...(agent === 'gemini' ? { prompt: 'Refactor.', prompt_response: 'Done.' } : { last_assistant_message: 'Done.' }),
  });
const startInput = (agent, sessionId, transcript, cwd) =>
  JSON.stringify({ ...base(agent, sessionId, transcript, cwd, 'SessionStart'), source: 'startup' });
const promptInput = (agent, sessionId, transcript, cwd) =>
  JSON.stringify({
    ...base(agent, sessionId, transcript, cwd, PROMPT_EVENT[agent]),
    prompt: 'How do I run the database migrations here?',
  });

const hook = (event, agent, cwd, input) =>
  timeRun(process.execPath, [BIN, 'hook', event, ...agentArgs(agent)], { cwd, input, env });

for (const agent of ['claude', 'codex', 'gemini']) {
  const repo = makeBenchRepo(`agent-${agent}`);
  spawnSync(process.execPath, [BIN, 'init', '--yes', '--agent', agent], { cwd: repo, env, stdio: 'ignore' });
  // Some memory to inject and recall: 40 entries.
  for (let i = 0; i < 40; i += 1)
    spawnSync(
      process.execPath,
      [BIN, 'remember', `Convention ${i}: run the database migrations of package ${i} with make migrate-${i}.`],
      { cwd: repo, env, stdio: 'ignore' },
    );
  const transcript = join(repo, '..', `${agent}.jsonl`);
  writeFileSync(
    transcript,
    agent === 'gemini'
      ? readFileSync(join(ROOT, 'fixtures', 'agents', 'gemini-real-0.61', 'transcript.jsonl'), 'utf8')
      : lines(TURN[agent](0)),
  );
  const session = `${agent}-bench-0000-1111`;
  hook('stop', agent, repo, stopInput(agent, session, transcript, repo));

  const start = paired(runs, (i) =>
    hook('session-start', agent, repo, startInput(agent, `${agent}-start-${i}`, join(repo, '..', 'none.jsonl'), repo)),
  );
  rows.push([
    agent,
    'session-start (40 entries)',
    start,
    peakRss(process.execPath, [BIN, 'hook', 'session-start', ...agentArgs(agent)], {
      cwd: repo,
      input: startInput(agent, `${agent}-start-rss`, join(repo, '..', 'none.jsonl'), repo),
      env,
    }),
  ]);
  const prompt = paired(runs, () =>
    hook('user-prompt-submit', agent, repo, promptInput(agent, session, transcript, repo)),
  );
  rows.push([agent, 'user-prompt-submit (recall)', prompt, NaN]);
  const quiet = paired(runs, () => hook('stop', agent, repo, stopInput(agent, session, transcript, repo)));
  rows.push([
    agent,
    'stop, nothing new',
    quiet,
    peakRss(process.execPath, [BIN, 'hook', 'stop', ...agentArgs(agent)], {
      cwd: repo,
      input: stopInput(agent, session, transcript, repo),
      env,
    }),
  ]);
  let index = 1;
  const turn = paired(runs, () => hook('stop', agent, repo, stopInput(agent, session, transcript, repo)), {
    before: () => appendFileSync(transcript, lines(TURN[agent](index++))),
  });
  rows.push([agent, 'stop, one new turn', turn, NaN]);
}

console.log(`\nAgent hooks (medians of ${runs} paired runs; F = node -e 0 in the same run)\n`);
console.log('| agent | hook | F (ms) | mem (ms) | ratio | peak RSS (MiB) |');
console.log('|---|---|---|---|---|---|');
for (const [agent, name, timing, rss] of rows)
  console.log(
    `| ${agent} | ${name} | ${fmt(timing.f, 1)} | ${fmt(timing.x, 1)} | ${fmt(timing.ratio)}× | ${fmt(rss, 1)} |`,
  );
