#!/usr/bin/env node
// A dependency-free mock of three model APIs on 127.0.0.1, for driving the real Claude Code, Codex and Gemini CLIs offline:
//   POST /v1/messages (and /v1/messages/count_tokens)    Anthropic Messages API (Claude Code), SSE when asked
//   POST /v1/responses                                   OpenAI Responses API (Codex), streamed as SSE
//   POST /v1beta/models/<model>:streamGenerateContent    Gemini API (Gemini CLI), SSE (?alt=sse)
//   POST /v1beta/models/<model>:generateContent / :countTokens
// Every request body is logged to --log (one JSON line each): that is how tests see what reached the model.
// Usage: node mock-model.mjs --script script.json --log requests.jsonl --port-file port.txt
// Script: { "prompts": [ { "match": "regex", "steps": [ {"tool": {"name": "...", "input": {...} | "freeform"}} | {"text": "..."} ] } ],
//           "fallback": "text", "compactSummary": "text" }
// A step may add "tokens": N, the usage its answer reports (a large one makes the client compact before its next request).
// A request is matched by the text the user typed last (harness and hook context removed); its step is the number of
// tool results after that prompt.
import { createServer } from 'node:http';
import { appendFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const args = Object.fromEntries(
  process.argv.slice(2).flatMap((cur, i, arr) => (cur.startsWith('--') ? [[cur.slice(2), arr[i + 1]]] : [])),
);
const script = args.script ? JSON.parse(readFileSync(args.script, 'utf8')) : { prompts: [] };
let seq = 0;
const log = (entry) =>
  args.log && appendFileSync(args.log, `${JSON.stringify({ at: new Date().toISOString(), seq, ...entry })}\n`);

/** Harness text the clients wrap around or add next to a typed prompt; never used to pick a script entry. */
function ownText(text) {
  return text
    .replace(/<hook_context>[\s\S]*?<\/hook_context>/g, '')
    .replace(/<session_context>[\s\S]*?<\/session_context>/g, '')
    .replace(/<environment_context>[\s\S]*?<\/environment_context>/g, '')
    .trim();
}

function pick(promptText, step, isCompact) {
  if (isCompact)
    return { kind: 'compact', step: { text: script.compactSummary ?? 'Summary: the user asked to always use pnpm.' } };
  const entry = (script.prompts ?? []).find((p) => new RegExp(p.match, 'i').test(promptText));
  if (!entry) return { kind: 'fallback', step: { text: script.fallback ?? 'OK.' } };
  if (step >= entry.steps.length) return { kind: 'script-end', step: { text: 'Done.' } };
  return { kind: `script:${entry.match}:${step}`, step: entry.steps[step] };
}

// ---- Anthropic Messages (Claude Code; modelled on ../shared/real-client/mock-anthropic.mjs)
function messagesPlan(body) {
  const tools = Array.isArray(body.tools) ? body.tools.map((t) => t.name) : [];
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const blocks = (m) => (Array.isArray(m.content) ? m.content : [{ type: 'text', text: String(m.content ?? '') }]);
  const hasResult = (m) => blocks(m).some((b) => b.type === 'tool_result');
  // Only the prompt's own text blocks count (no system reminder, no hook context), so injected context cannot pick an entry.
  const own = (m) =>
    ownText(
      blocks(m)
        .filter(
          (b) => b.type === 'text' && !/^\s*<system-reminder>/.test(b.text) && !/hook additional context/i.test(b.text),
        )
        .map((b) => b.text)
        .join('\n'),
    );
  const lastText = messages.length
    ? blocks(messages[messages.length - 1])
        .map((b) => b.text ?? '')
        .join('\n')
    : '';
  if (/create a detailed summary of the conversation|summarize the conversation/i.test(lastText))
    return { kind: 'compact', step: { text: script.compactSummary ?? 'Summary.' } };
  // Requests without the Bash tool are the client's own small tasks (titles, topic checks).
  if (!tools.includes('Bash')) return { kind: 'small', step: { text: script.small ?? 'Mock session title' } };
  let promptIndex = -1;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    if (messages[i].role === 'user' && !hasResult(messages[i]) && own(messages[i])) {
      promptIndex = i;
      break;
    }
  }
  const prompt = promptIndex >= 0 ? own(messages[promptIndex]) : '';
  const step = messages.slice(promptIndex + 1).filter((m) => m.role === 'user' && hasResult(m)).length;
  return pick(prompt, step, false);
}

function answerMessages(res, body) {
  const plan = messagesPlan(body);
  log({ api: 'messages', kind: plan.kind, stream: !!body.stream, body });
  const id = `msg_mock${seq}`;
  const model = body.model ?? 'claude-mock';
  const tool = plan.step.tool;
  const block = tool
    ? { type: 'tool_use', id: `toolu_mock${seq}`, name: tool.name, input: tool.input }
    : { type: 'text', text: plan.step.text };
  const stop = tool ? 'tool_use' : 'end_turn';
  const usage = {
    input_tokens: plan.step.tokens ?? 100,
    output_tokens: 20,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(
      JSON.stringify({
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [block],
        stop_reason: stop,
        stop_sequence: null,
        usage,
      }),
    );
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const ev = (event, data) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  ev('message_start', {
    type: 'message_start',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...usage, output_tokens: 1 },
    },
  });
  if (tool) {
    ev('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
    });
    ev('content_block_delta', {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
    });
  } else {
    ev('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    ev('content_block_delta', {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: block.text },
    });
  }
  ev('content_block_stop', { type: 'content_block_stop', index: 0 });
  ev('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stop, stop_sequence: null },
    usage: { output_tokens: 20 },
  });
  ev('message_stop', { type: 'message_stop' });
  res.end();
}

// ---- OpenAI Responses (Codex)
function responsesPlan(body) {
  const input = Array.isArray(body.input) ? body.input : [];
  const textOf = (item) =>
    Array.isArray(item.content)
      ? item.content.map((c) => c.text ?? '').join('\n')
      : typeof item.content === 'string'
        ? item.content
        : '';
  let promptIndex = -1;
  for (let i = input.length - 1; i >= 0; i -= 1) {
    const item = input[i];
    if (
      item.type === 'message' &&
      item.role === 'user' &&
      ownText(textOf(item)) &&
      !/^# AGENTS\.md instructions/.test(textOf(item))
    ) {
      promptIndex = i;
      break;
    }
  }
  const prompt = promptIndex >= 0 ? ownText(textOf(input[promptIndex])) : '';
  const step = input.slice(promptIndex + 1).filter((item) => /_call_output$/.test(item.type ?? '')).length;
  // Codex compacts by asking for a checkpoint summary as a user message.
  const isCompact = /CONTEXT CHECKPOINT COMPACTION/.test(prompt);
  return pick(prompt, step, isCompact);
}

function answerResponses(res, body) {
  const plan = responsesPlan(body);
  log({ api: 'responses', kind: plan.kind, body });
  const id = `resp_mock${seq}`;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const ev = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  ev('response.created', { response: { id } });
  // A string input is a freeform (custom) tool call, as Codex's apply_patch is; an object is a function call.
  const tool = plan.step.tool;
  const item = !tool
    ? {
        type: 'message',
        role: 'assistant',
        id: `msg_mock${seq}`,
        content: [{ type: 'output_text', text: plan.step.text }],
      }
    : typeof tool.input === 'string'
      ? {
          type: 'custom_tool_call',
          id: `ctc_mock${seq}`,
          call_id: `call_mock${seq}`,
          name: tool.name,
          input: tool.input,
        }
      : {
          type: 'function_call',
          id: `fc_mock${seq}`,
          call_id: `call_mock${seq}`,
          name: tool.name,
          arguments: JSON.stringify(tool.input),
        };
  ev('response.output_item.done', { item });
  const tokens = plan.step.tokens ?? 100;
  ev('response.completed', {
    response: {
      id,
      usage: {
        input_tokens: tokens,
        input_tokens_details: null,
        output_tokens: 20,
        output_tokens_details: null,
        total_tokens: tokens + 20,
      },
    },
  });
  res.end();
}

// ---- Gemini API (Gemini CLI)
function geminiPlan(body) {
  const contents = Array.isArray(body.contents) ? body.contents : [];
  const parts = (c) => (Array.isArray(c.parts) ? c.parts : []);
  let promptIndex = -1;
  for (let i = contents.length - 1; i >= 0; i -= 1) {
    const c = contents[i];
    if (
      c.role === 'user' &&
      !parts(c).some((p) => p.functionResponse) &&
      ownText(
        parts(c)
          .map((p) => p.text ?? '')
          .join('\n'),
      )
    ) {
      promptIndex = i;
      break;
    }
  }
  const prompt =
    promptIndex >= 0
      ? ownText(
          parts(contents[promptIndex])
            .map((p) => p.text ?? '')
            .join('\n'),
        )
      : '';
  const step = contents.slice(promptIndex + 1).filter((c) => parts(c).some((p) => p.functionResponse)).length;
  // Gemini CLI compresses with its own system instruction asking for a <state_snapshot>.
  const isCompact = /state_snapshot/.test(JSON.stringify(body.systemInstruction ?? ''));
  return pick(prompt, step, isCompact);
}

function answerGemini(res, body, stream) {
  const plan = geminiPlan(body);
  log({ api: 'gemini', kind: plan.kind, stream, body });
  const part = plan.step.tool
    ? { functionCall: { name: plan.step.tool.name, args: plan.step.tool.input } }
    : { text: plan.step.text };
  const tokens = plan.step.tokens ?? 100;
  const chunk = {
    candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: tokens, candidatesTokenCount: 20, totalTokenCount: tokens + 20 },
    modelVersion: 'gemini-mock',
  };
  if (stream) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(`data: ${JSON.stringify(chunk)}\n\n`);
  } else {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(chunk));
  }
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    seq += 1;
    const raw = Buffer.concat(chunks).toString('utf8');
    let body = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      body = { unparsed: raw.slice(0, 2000) };
    }
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'POST' && path === '/v1/messages/count_tokens') {
      log({ api: 'messages', kind: 'count_tokens' });
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ input_tokens: 100 }));
    }
    if (req.method === 'POST' && path === '/v1/messages') return answerMessages(res, body);
    if (req.method === 'POST' && /\/responses$/.test(path)) return answerResponses(res, body);
    if (req.method === 'POST' && /:streamGenerateContent$/.test(path)) return answerGemini(res, body, true);
    if (req.method === 'POST' && /:generateContent$/.test(path)) return answerGemini(res, body, false);
    if (req.method === 'POST' && /:countTokens$/.test(path)) {
      log({ api: 'gemini', kind: 'count_tokens' });
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ totalTokens: 100 }));
    }
    log({ kind: 'other', method: req.method, url: req.url });
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 404, message: `mock: no route for ${req.method} ${path}` } }));
  });
});
// Note: written beside and renamed into place, so a reader never sees the file empty (a port of 0).
server.listen(0, '127.0.0.1', () => {
  if (!args['port-file']) return;
  writeFileSync(`${args['port-file']}.tmp`, String(server.address().port));
  renameSync(`${args['port-file']}.tmp`, args['port-file']);
});
// Bounded: the mock stops by itself after 10 minutes even if its caller forgets it.
setTimeout(() => process.exit(0), 10 * 60_000).unref();
