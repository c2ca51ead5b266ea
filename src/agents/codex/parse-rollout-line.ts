/**
 * One Codex rollout JSON line → zero or more TranscriptEvents. A rollout (`$CODEX_HOME/sessions/
 * YYYY/MM/DD/rollout-<time>-<id>.jsonl`) records the model history as `response_item` lines
 * (messages, function calls and their outputs), UI events as `event_msg` lines, and a compaction
 * as a `compacted` line. Only `response_item`s are read for the conversation, so a prompt that is
 * also echoed as `event_msg/user_message` (older versions) or `item_completed` (newer) counts once.
 * Tool calls are mapped to the names the session state already understands (Bash, Write, Edit).
 */
import { classifyUserText } from '../claude-code/clean-prompt-text.js';
import { removePrivateSpans } from '../claude-code/harness-text.js';
import type { TranscriptEvent } from '../transcript-event.js';

type Json = Record<string, unknown>;

const RESULT_EXCERPT_CHARS = 400;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * User messages Codex writes itself: the environment block, the AGENTS.md and user-instructions
 * preambles, a turn-aborted marker. None of them is the human typing.
 */
const HARNESS_USER_TEXT =
  /^\s*(?:<environment_context>|<user_instructions>|<turn_aborted>|<user_shell_command>|<skill>|# AGENTS\.md instructions for )/;

/** Returns the events a parsed rollout line contributes (empty for anything irrelevant). */
export function parseRolloutLine(line: unknown): TranscriptEvent[] {
  if (!isObject(line)) return [];
  const timestamp = asString(line['timestamp']);
  const envelope = timestamp ? { timestamp } : {};
  const payload = line['payload'];
  if (line['type'] === 'compacted') return [{ ...envelope, kind: 'compact', trigger: 'auto' }];
  if (!isObject(payload)) return [];
  if (line['type'] === 'event_msg' && payload['type'] === 'context_compacted')
    return [{ ...envelope, kind: 'compact', trigger: 'auto' }];
  if (line['type'] !== 'response_item') return [];
  switch (payload['type']) {
    case 'message':
      return messageEvents(payload, envelope);
    case 'function_call':
      return functionCallEvents(payload, envelope);
    case 'custom_tool_call':
      return customToolCallEvents(payload, envelope);
    case 'local_shell_call':
      return localShellEvents(payload, envelope);
    case 'function_call_output':
    case 'custom_tool_call_output':
      return outputEvents(payload, envelope);
    default:
      return [];
  }
}

type Envelope = { timestamp?: string };

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(
      (part): part is Json =>
        isObject(part) && (part['type'] === 'input_text' || part['type'] === 'output_text' || part['type'] === 'text'),
    )
    .map((part) => asString(part['text']) ?? '')
    .join('\n');
}

function messageEvents(payload: Json, envelope: Envelope): TranscriptEvent[] {
  const text = contentText(payload['content']);
  const id = asString(payload['id']);
  const keyed = id ? { ...envelope, uuid: id } : envelope;
  if (payload['role'] === 'assistant') {
    const clean = removePrivateSpans(text).trim();
    return clean ? [{ ...keyed, kind: 'assistant-text', text: clean }] : [];
  }
  if (payload['role'] !== 'user' || !text.trim() || HARNESS_USER_TEXT.test(text)) return [];
  const classified = classifyUserText(text);
  if (classified.kind === 'typed') return [{ ...keyed, kind: 'user-prompt', text: classified.text }];
  if (classified.kind === 'memory-input') return [{ ...keyed, kind: 'memory-input', text: classified.text }];
  return [];
}

function parseArguments(raw: unknown): Json {
  if (isObject(raw)) return raw;
  if (typeof raw !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** Shell commands arrive as a string (`exec_command`'s `cmd`) or an argv (`shell`'s `command`). */
function commandOf(args: Json): string | undefined {
  const cmd = args['cmd'] ?? args['command'];
  if (typeof cmd === 'string') return cmd;
  if (Array.isArray(cmd) && cmd.every((part) => typeof part === 'string')) {
    const argv = cmd;
    // `["bash", "-lc", "<script>"]` is how Codex wraps a shell line: the script is the command.
    if (argv.length === 3 && /(^|\/)(ba|z)?sh$/.test(argv[0] ?? '') && /^-l?c$/.test(argv[1] ?? '')) return argv[2];
    return argv.join(' ');
  }
  return undefined;
}

function functionCallEvents(payload: Json, envelope: Envelope): TranscriptEvent[] {
  const name = asString(payload['name']) ?? '';
  const callId = asString(payload['call_id']) ?? asString(payload['id']) ?? '';
  const args = parseArguments(payload['arguments']);
  if (name === 'apply_patch')
    return patchEvents(asString(args['input']) ?? asString(args['patch']) ?? '', callId, envelope);
  const command = commandOf(args);
  if (
    (name === 'exec_command' || name === 'shell' || name === 'container.exec' || name === 'shell_command') &&
    command
  ) {
    // Codex runs `apply_patch` through the shell too: the edits are what matters.
    if (/^\s*apply_patch\b/.test(command)) return patchEvents(command, callId, envelope);
    return [{ ...envelope, kind: 'tool-use', toolUseId: callId, name: 'Bash', input: { command } }];
  }
  return [{ ...envelope, kind: 'tool-use', toolUseId: callId, name, input: args }];
}

function customToolCallEvents(payload: Json, envelope: Envelope): TranscriptEvent[] {
  const name = asString(payload['name']) ?? '';
  const callId = asString(payload['call_id']) ?? asString(payload['id']) ?? '';
  const input = asString(payload['input']) ?? '';
  if (name === 'apply_patch') return patchEvents(input, callId, envelope);
  return [{ ...envelope, kind: 'tool-use', toolUseId: callId, name, input: { input } }];
}

function localShellEvents(payload: Json, envelope: Envelope): TranscriptEvent[] {
  const action = isObject(payload['action']) ? payload['action'] : {};
  const command = commandOf(action);
  const callId = asString(payload['call_id']) ?? asString(payload['id']) ?? '';
  return command ? [{ ...envelope, kind: 'tool-use', toolUseId: callId, name: 'Bash', input: { command } }] : [];
}

/**
 * An apply_patch envelope names each file it adds, updates or deletes: one Write/Edit per file.
 * The first file's event carries the call id, so the call's result is matched to it.
 */
function patchEvents(patch: string, callId: string, envelope: Envelope): TranscriptEvent[] {
  const events: TranscriptEvent[] = [];
  for (const match of patch.matchAll(/^\*\*\* (Add|Update|Delete) File: (.+)$/gm)) {
    const path = (match[2] ?? '').trim();
    if (!path) continue;
    const name = match[1] === 'Add' ? 'Write' : 'Edit';
    events.push({
      ...envelope,
      kind: 'tool-use',
      toolUseId: events.length === 0 ? callId : `${callId}#${events.length}`,
      name,
      input: { file_path: path },
    });
  }
  return events;
}

function outputEvents(payload: Json, envelope: Envelope): TranscriptEvent[] {
  const callId = asString(payload['call_id']) ?? '';
  const { text, exitCode, failed } = readOutput(payload['output']);
  const event: TranscriptEvent = {
    ...envelope,
    kind: 'tool-result',
    toolUseId: callId,
    isError: failed || (exitCode !== undefined && exitCode !== 0),
    text: excerpt(text),
  };
  if (exitCode !== undefined) event.exitCode = exitCode;
  return [event];
}

/**
 * Tool output comes as plain text with a "Process exited with code N" header (exec_command), as
 * a JSON string `{"output": …, "metadata": {"exit_code": N}}` (older shell tool), or as an object
 * with `content` and `success`.
 */
function readOutput(output: unknown): { text: string; exitCode?: number; failed: boolean } {
  if (isObject(output)) {
    const text = asString(output['content']) ?? contentText(output['content']);
    return { text, failed: output['success'] === false };
  }
  const raw = typeof output === 'string' ? output : '';
  if (raw.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isObject(parsed)) {
        const metadata = isObject(parsed['metadata']) ? parsed['metadata'] : {};
        const code = metadata['exit_code'];
        const text = asString(parsed['output']) ?? raw;
        return typeof code === 'number' ? { text, exitCode: code, failed: false } : { text, failed: false };
      }
    } catch {
      /* plain text that happens to start with a brace */
    }
  }
  const header = /^Process exited with code (-?\d+)$/m.exec(raw.slice(0, 400));
  const body = raw.includes('\nOutput:\n') ? raw.slice(raw.indexOf('\nOutput:\n') + '\nOutput:\n'.length) : raw;
  const exitCode = header ? Number(header[1]) : undefined;
  return exitCode !== undefined
    ? { text: body, exitCode, failed: false }
    : { text: body, failed: /^(?:aborted|error:)/i.test(raw.trim()) };
}

function excerpt(text: string): string {
  const clean = removePrivateSpans(text);
  return clean.length > RESULT_EXCERPT_CHARS ? `${clean.slice(0, RESULT_EXCERPT_CHARS)}…` : clean;
}
