/**
 * One transcript JSON line → zero or more TranscriptEvents. Unknown line types and fields are
 * ignored: Claude Code adds new ones every few releases.
 */
import { classifyUserText } from './clean-prompt-text.js';
import { removePrivateSpans } from './harness-text.js';
import type { TranscriptEvent } from '../transcript-event.js';

/** Characters kept of a tool result: enough to say why a command failed, never a whole file. */
const RESULT_EXCERPT_CHARS = 400;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Returns the events a parsed transcript line contributes (empty for anything irrelevant). */
export function parseTranscriptLine(line: unknown): TranscriptEvent[] {
  if (!isObject(line)) return [];
  const envelope = readEnvelope(line);
  switch (line['type']) {
    case 'user':
      return userEvents(line, envelope);
    case 'assistant':
      return assistantEvents(line, envelope);
    case 'system':
      return systemEvents(line, envelope);
    default:
      return [];
  }
}

type Envelope = { uuid?: string; timestamp?: string; branch?: string; sidechain?: boolean };

function readEnvelope(line: Json): Envelope {
  const envelope: Envelope = {};
  const uuid = asString(line['uuid']);
  const timestamp = asString(line['timestamp']);
  const branch = asString(line['gitBranch']);
  if (uuid) envelope.uuid = uuid;
  if (timestamp) envelope.timestamp = timestamp;
  if (branch) envelope.branch = branch;
  if (line['isSidechain'] === true) envelope.sidechain = true;
  return envelope;
}

function userEvents(line: Json, envelope: Envelope): TranscriptEvent[] {
  // Meta lines (caveats, skill bodies), compaction summaries and transcript-only lines are not typed.
  if (line['isMeta'] === true || line['isCompactSummary'] === true || line['isVisibleInTranscriptOnly'] === true)
    return [];
  const message = line['message'];
  if (!isObject(message)) return [];
  const content = message['content'];
  if (typeof content === 'string') return typedOrMemory(content, envelope);
  if (!Array.isArray(content)) return [];

  const results = content.filter((block) => isObject(block) && block['type'] === 'tool_result') as Json[];
  if (results.length > 0) return results.map((block) => toolResultEvent(block, line, envelope));

  const text = content
    .filter((block): block is Json => isObject(block) && block['type'] === 'text')
    .map((block) => asString(block['text']) ?? '')
    .join('\n');
  return text ? typedOrMemory(text, envelope) : [];
}

function typedOrMemory(raw: string, envelope: Envelope): TranscriptEvent[] {
  const classified = classifyUserText(raw);
  if (classified.kind === 'typed') return [{ ...envelope, kind: 'user-prompt', text: classified.text }];
  if (classified.kind === 'memory-input') return [{ ...envelope, kind: 'memory-input', text: classified.text }];
  return [];
}

function toolResultEvent(block: Json, line: Json, envelope: Envelope): TranscriptEvent {
  const structured = line['toolUseResult'];
  let isError = block['is_error'] === true;
  let exitCode: number | undefined;
  if (isObject(structured)) {
    if (structured['interrupted'] === true) isError = true;
    const code = structured['exitCode'] ?? structured['returnCode'];
    if (typeof code === 'number') {
      exitCode = code;
      if (code !== 0) isError = true;
    }
  }
  const event: TranscriptEvent = {
    ...envelope,
    kind: 'tool-result',
    toolUseId: asString(block['tool_use_id']) ?? '',
    isError,
    text: excerpt(resultText(block['content'])),
  };
  if (exitCode !== undefined) event.exitCode = exitCode;
  return event;
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part): part is Json => isObject(part) && part['type'] === 'text')
    .map((part) => asString(part['text']) ?? '')
    .join('\n');
}

// The user's own words that come back as a tool result (answers to the agent's questions, the
// reason typed when rejecting a tool call) are kept longer: they can state decisions.
const USER_WORDS_RESULT =
  /^(?:User has answered your questions|Your questions have been answered)|provided the following reason for the rejection/;
const USER_WORDS_EXCERPT_CHARS = 2_000;

function excerpt(text: string): string {
  const clean = removePrivateSpans(text);
  const max = USER_WORDS_RESULT.test(clean.slice(0, 400)) ? USER_WORDS_EXCERPT_CHARS : RESULT_EXCERPT_CHARS;
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

function assistantEvents(line: Json, envelope: Envelope): TranscriptEvent[] {
  const message = line['message'];
  if (!isObject(message)) return [];
  // Locally generated replies (errors, no-ops) are not the agent concluding anything.
  if (message['model'] === '<synthetic>' || line['isApiErrorMessage'] === true) return [];
  const content = message['content'];
  if (typeof content === 'string')
    return content.trim() ? [{ ...envelope, kind: 'assistant-text', text: removePrivateSpans(content) }] : [];
  if (!Array.isArray(content)) return [];
  const events: TranscriptEvent[] = [];
  for (const block of content) {
    if (!isObject(block)) continue;
    if (block['type'] === 'text') {
      const text = removePrivateSpans(asString(block['text']) ?? '').trim();
      if (text) events.push({ ...envelope, kind: 'assistant-text', text });
    } else if (block['type'] === 'tool_use') {
      const input = block['input'];
      events.push({
        ...envelope,
        kind: 'tool-use',
        toolUseId: asString(block['id']) ?? '',
        name: asString(block['name']) ?? '',
        input: isObject(input) ? input : {},
      });
    }
  }
  return events;
}

function systemEvents(line: Json, envelope: Envelope): TranscriptEvent[] {
  if (line['subtype'] !== 'compact_boundary') return [];
  const metadata = isObject(line['compactMetadata']) ? line['compactMetadata'] : {};
  const event: TranscriptEvent = { ...envelope, kind: 'compact', trigger: asString(metadata['trigger']) ?? 'unknown' };
  const preTokens = metadata['preTokens'];
  if (typeof preTokens === 'number') event.preTokens = preTokens;
  return [event];
}
