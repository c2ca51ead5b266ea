/**
 * One Gemini CLI chat-log JSON line → zero or more TranscriptEvents. The log
 * (`~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl`) holds a header line, `$set` lines
 * (metadata updates; a compression or a resume sets the whole history), and one line per message record: `user` (typed text, or the function
 * responses sent back), `gemini` (the reply, with `toolCalls` once the calls ran) and `info`/
 * `error` notices. A record is rewritten by appending it again with the same id, so events carry
 * keys that make the repeat harmless. Tool calls are mapped to the names the session state
 * already understands (Bash, Write, Edit, Read).
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
 * What Gemini CLI wraps around a typed prompt: hook context (in headless mode SessionStart and
 * BeforeAgent context is put in the prompt itself) and the session preamble.
 */
const GEMINI_HARNESS_BLOCKS = /<(hook_context|session_context)>[\s\S]*?(?:<\/\1>|$)/g;

/** Returns `text` without the blocks Gemini CLI adds to a prompt (mem's own context among them). */
export function stripGeminiHarness(text: string): string {
  return text.replace(GEMINI_HARNESS_BLOCKS, ' ').trim();
}

const TOOL_NAMES: Record<string, { name: string; key: 'command' | 'file_path' }> = {
  run_shell_command: { name: 'Bash', key: 'command' },
  write_file: { name: 'Write', key: 'file_path' },
  replace: { name: 'Edit', key: 'file_path' },
  edit: { name: 'Edit', key: 'file_path' },
  read_file: { name: 'Read', key: 'file_path' },
};

/** Returns the events a parsed chat-log line contributes (empty for anything irrelevant). */
export function parseChatLine(line: unknown): TranscriptEvent[] {
  if (!isObject(line)) return [];
  if (isObject(line['$set'])) return compressionEvents(line['$set']);
  const id = asString(line['id']);
  const timestamp = asString(line['timestamp']);
  const envelope: { timestamp?: string } = timestamp ? { timestamp } : {};
  switch (line['type']) {
    case 'user':
      return userEvents(line, id, envelope);
    case 'gemini':
      return geminiEvents(line, id, envelope);
    default:
      return [];
  }
}

function partsText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part): part is Json => isObject(part) && typeof part['text'] === 'string')
    .map((part) => part['text'] as string)
    .join('\n');
}

function userEvents(line: Json, id: string | undefined, envelope: { timestamp?: string }): TranscriptEvent[] {
  const content = line['content'];
  // The function responses sent back to the model: their outcome is read from the reply's toolCalls.
  if (Array.isArray(content) && content.some((part) => isObject(part) && 'functionResponse' in part)) return [];
  // displayContent is what the user saw as their own prompt; content may add hook context parts.
  const raw = partsText(line['displayContent'] ?? content);
  const text = stripGeminiHarness(raw);
  if (!text) return [];
  const classified = classifyUserText(text);
  const keyed = id ? { ...envelope, uuid: id } : envelope;
  if (classified.kind === 'typed') return [{ ...keyed, kind: 'user-prompt', text: classified.text }];
  if (classified.kind === 'memory-input') return [{ ...keyed, kind: 'memory-input', text: classified.text }];
  return [];
}

function geminiEvents(line: Json, id: string | undefined, envelope: { timestamp?: string }): TranscriptEvent[] {
  const events: TranscriptEvent[] = [];
  const text = removePrivateSpans(partsText(line['content'])).trim();
  // Note: the same record is appended again when its tool calls finish; the key includes the
  // text length so a later, longer version of the reply is still read.
  if (text) events.push({ ...envelope, ...(id ? { uuid: `${id}:${text.length}` } : {}), kind: 'assistant-text', text });
  const calls = Array.isArray(line['toolCalls']) ? line['toolCalls'] : [];
  for (const call of calls) {
    if (!isObject(call)) continue;
    const callId = asString(call['id']) ?? '';
    const native = asString(call['name']) ?? '';
    const args = isObject(call['args']) ? call['args'] : {};
    const mapped = TOOL_NAMES[native];
    const input = mapped ? { [mapped.key]: args[mapped.key] ?? args['absolute_path'] ?? args['path'] } : args;
    const keyed = id ? { ...envelope, uuid: `${id}:call` } : envelope;
    events.push({ ...keyed, kind: 'tool-use', toolUseId: callId, name: mapped?.name ?? native, input });
    const status = asString(call['status']);
    if (status === undefined || status === 'executing' || status === 'scheduled' || status === 'validating') continue;
    const { text: output, exitCode } = resultOf(call['result']);
    const result: TranscriptEvent = {
      ...(id ? { ...envelope, uuid: `${id}:result` } : envelope),
      kind: 'tool-result',
      toolUseId: callId,
      isError: status === 'error' || status === 'cancelled' || (exitCode !== undefined && exitCode !== 0),
      text: excerpt(output),
    };
    if (exitCode !== undefined) result.exitCode = exitCode;
    events.push(result);
  }
  return events;
}

/** A tool's result is a list of functionResponse parts; a shell result ends with "Exit Code: N". */
function resultOf(result: unknown): { text: string; exitCode?: number } {
  const parts = Array.isArray(result) ? result : [];
  const texts: string[] = [];
  for (const part of parts) {
    if (!isObject(part) || !isObject(part['functionResponse'])) continue;
    const response = part['functionResponse']['response'];
    if (isObject(response)) texts.push(asString(response['output']) ?? asString(response['error']) ?? '');
  }
  // A shell result is wrapped as `<untrusted_context>\nOutput: …\nExit Code: N…`: the output is what explains a failure.
  const text = texts
    .join('\n')
    .replace(/<\/?untrusted_context>/g, '')
    .trim()
    .replace(/^Output: /, '');
  const code = /^Exit Code: (-?\d+)$/m.exec(text);
  return code ? { text, exitCode: Number(code[1]) } : { text };
}

/**
 * A compression replaces the history (a `$set` of `messages`) with one whose user turn is the
 * model-written `<state_snapshot>`. A resumed session restores that same history, snapshot
 * message id and all, so the id keys the event and a resume is not a second compaction.
 */
function compressionEvents(set: Json): TranscriptEvent[] {
  const messages = Array.isArray(set['messages']) ? set['messages'] : [];
  for (const message of messages) {
    if (!isObject(message) || message['type'] !== 'user' || !partsText(message['content']).includes('<state_snapshot>'))
      continue;
    const id = asString(message['id']);
    const timestamp = asString(message['timestamp']);
    return [{ ...(timestamp ? { timestamp } : {}), ...(id ? { uuid: id } : {}), kind: 'compact', trigger: 'auto' }];
  }
  return [];
}

function excerpt(text: string): string {
  const clean = removePrivateSpans(text);
  return clean.length > RESULT_EXCERPT_CHARS ? `${clean.slice(0, RESULT_EXCERPT_CHARS)}…` : clean;
}
