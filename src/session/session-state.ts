/**
 * The continuity state of one agent session, folded from transcript events. Pure: the caller
 * passes the events, the Stop payload's last message and the clock.
 */
import type { TranscriptEvent } from '../agents/transcript-event.js';
import { fingerprint } from '../core/files/fast-hash.js';
import { testPrefiltered } from '../core/safety/prefilter/prefilter.js';

export type TaskStatus = 'pending' | 'in_progress' | 'completed';
export type Task = { id: string; subject: string; status: TaskStatus };
export type FileTouch = { path: string; count: number; last: number };
export type Failure = { command: string; excerpt: string; at: string };
export type Compaction = { at: string; trigger: string; preTokens?: number; source: 'transcript' | 'pre-compact-hook' };

export type SessionState = {
  version: 1;
  sessionId: string;
  startedAt: string;
  updatedAt: string;
  branch: string | null;
  goal: string | null;
  latestRequest: string | null;
  promptCount: number;
  tasks: Task[];
  edited: FileTouch[];
  read: FileTouch[];
  failures: Failure[];
  lastAssistantMessage: string | null;
  compactions: Compaction[];
  /** Tool calls awaiting their result (a result may arrive in a later turn's tail). */
  pendingTools: Record<string, { name: string; command?: string }>;
  /** Monotonic counter used to order file touches without the clock. */
  tick: number;
  /** Recent events already folded in (fingerprints of uuid, kind and tool id), so a re-read (rewritten transcript) does not count twice. */
  seen: string[];
  /** The earliest transcript timestamp folded in: the session started then (the state itself is made at its first hook). */
  firstEventAt?: string;
  /** The latest prompt only acknowledged the agent ("thanks, looks good"). */
  acknowledging?: boolean;
};

const ACKNOWLEDGEMENT =
  /^(?:thanks?(?: you)?|thx|ty|ok(?:ay)?|cool|great|nice|perfect|awesome|lgtm|looks good|sounds good|good job|well done|yes|yep|sure|done|merci|danke|gracias|ありがとう(?:ございます)?|谢谢)(?=[\s,.!。！👍🙏]|$)[\s,.!。！👍🙏]*(?:(?:thanks?|thx|looks good|lgtm|great|perfect|nice)(?=[\s,.!。！👍🙏]|$)[\s,.!。！👍🙏]*)*$$/u;

// Written in escapes, so that the pattern's source is ASCII as the bundle's literals are (its
// required factors are found by that source, scripts/required-factors.mjs).
const P = '[\\s,.!\\u3002\\uff01\\u{1f44d}\\u{1f64f}]*';
const CLOSING_LEAD = `(?:(?:ok(?:ay)?|thanks?(?: (?:you|a lot))?|thx|ty|cool|great|nice|perfect|awesome|alright|all right|good|merci|danke|gracias)${P})*`;
const CLOSING_PHRASE = [
  "(?:(?:let'?s|we(?: can| will|'ll)?|i(?: will|'ll)?|i'?m going to) )?(?:stop|pause|call it a day|wrap (?:it |this )?up|leave it)(?: (?:here|there|now|for (?:today|tonight|now|the day)))*",
  "(?:(?:let'?s|we(?: can| will|'ll)?|i(?: will|'ll)?) )?(?:continue|pick (?:this|it) up|resume)(?: this| it)? (?:tomorrow|later|next time|another time|next week|on monday)",
  "that'?s (?:all|it|enough)(?: for (?:today|tonight|now|the day))?",
  '(?:done|enough) for (?:today|tonight|now|the day)',
  '(?:bye|good ?night|see you(?: (?:tomorrow|later|monday|next week))?|cya)',
  "(?:on s'arr\\u00eate l\\u00e0|\\u00e0 demain|das war'?s(?: f\\u00fcr heute)?|bis morgen|hasta ma\\u00f1ana|por hoy (?:es todo|basta))(?: pour aujourd'hui)?",
].join('|');
/** "ok thanks, let's stop here for today": closing small talk, which ends a session without asking for anything. */
const CLOSING = new RegExp(
  `^${CLOSING_LEAD}(?:${CLOSING_PHRASE})${P}(?:(?:${CLOSING_PHRASE})${P})*(?:thanks?${P})?$`,
  'u',
);

/** The patterns above that run behind their required factors, for the build's table (turn/gated-patterns.ts). */
export const acknowledgementPatterns = (): RegExp[] => [ACKNOWLEDGEMENT, CLOSING];

/** Returns true for a prompt that only acknowledges the agent's work or closes the session. */
export function isAcknowledgement(text: string): boolean {
  const trimmed = text.trim();
  // Note: lower-cased here rather than matched with the i flag: case-insensitive Unicode patterns
  // this long cost V8 ~15 M instructions more to compile, on every Stop that reads a short prompt.
  const lower = trimmed.toLowerCase();
  return (
    (trimmed.length <= 40 && testPrefiltered(ACKNOWLEDGEMENT, lower)) ||
    (trimmed.length <= 80 && testPrefiltered(CLOSING, lower))
  );
}

const MAX_TEXT = 600;
const MAX_FAILURES = 8;
const MAX_SEEN = 4000;
const MAX_COMPACTIONS = 10;
const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);

/** Returns a fresh state for `sessionId` started at `now` (ISO). */
export function createSessionState(sessionId: string, now: string, branch: string | null): SessionState {
  return {
    version: 1,
    sessionId,
    startedAt: now,
    updatedAt: now,
    branch,
    goal: null,
    latestRequest: null,
    promptCount: 0,
    tasks: [],
    edited: [],
    read: [],
    failures: [],
    lastAssistantMessage: null,
    compactions: [],
    pendingTools: {},
    tick: 0,
    seen: [],
  };
}

/** Returns `state` with `events` folded in (the input is not mutated). */
export function applyEvents(state: SessionState, events: readonly TranscriptEvent[], now: string): SessionState {
  const next: SessionState = structuredClone(state);
  const seen = new Set(next.seen);
  let changed = false;
  for (const event of events) {
    if (event.uuid) {
      const raw = `${event.uuid}:${event.kind}:${event.kind === 'tool-use' || event.kind === 'tool-result' ? event.toolUseId : ''}`;
      // Kept as a 48-bit fingerprint: the full keys were 200 KB of every session record, read,
      // cloned and written at every Stop. Records from before keep their full keys, still matched.
      const key = fingerprint(raw).slice(0, 12);
      if (seen.has(key) || seen.has(raw)) continue;
      seen.add(key);
      next.seen.push(key);
    }
    if (event.sidechain) continue; // subagent conversations are not the user's session
    changed = true;
    if (event.timestamp && (next.firstEventAt === undefined || event.timestamp < next.firstEventAt))
      next.firstEventAt = event.timestamp;
    if (event.branch && event.branch !== 'HEAD') next.branch = event.branch;
    foldEvent(next, event, now);
  }
  if (next.seen.length > MAX_SEEN) next.seen = next.seen.slice(-MAX_SEEN);
  if (changed) next.updatedAt = now;
  return next;
}

function foldEvent(state: SessionState, event: TranscriptEvent, now: string): void {
  switch (event.kind) {
    case 'user-prompt': {
      const text = clip(event.text);
      state.promptCount += 1;
      // Note: "thanks, looks good" closes a task; the handoff should still name the task.
      state.acknowledging = isAcknowledgement(text);
      if (state.acknowledging && state.latestRequest !== null) return;
      state.goal ??= text;
      state.latestRequest = text;
      return;
    }
    case 'memory-input':
      // A `#` memory note is durable memory, not the task being worked on.
      return;
    case 'assistant-text':
      // The reply to a "thanks" is a pleasantry; the report worth handing off came before it.
      if (!state.acknowledging || state.lastAssistantMessage === null) state.lastAssistantMessage = clip(event.text);
      return;
    case 'tool-use':
      foldToolUse(state, event.toolUseId, event.name, event.input);
      return;
    case 'tool-result':
      foldToolResult(state, event.toolUseId, event.isError, event.text, event.timestamp ?? now);
      return;
    case 'compact': {
      const compaction: Compaction = { at: event.timestamp ?? now, trigger: event.trigger, source: 'transcript' };
      if (event.preTokens !== undefined) compaction.preTokens = event.preTokens;
      recordCompaction(state, compaction);
      return;
    }
  }
}

/** Returns `state` with a compaction recorded, merging a PreCompact-hook note with its transcript record. */
export function recordCompaction(state: SessionState, compaction: Compaction): void {
  const previous = state.compactions.at(-1);
  // The PreCompact hook fires just before the transcript's compact_boundary: keep one record.
  if (
    previous &&
    previous.source !== compaction.source &&
    Math.abs(Date.parse(previous.at) - Date.parse(compaction.at)) < 10 * 60_000
  ) {
    if (compaction.preTokens !== undefined) previous.preTokens = compaction.preTokens;
    previous.source = 'transcript';
    return;
  }
  state.compactions.push(compaction);
  if (state.compactions.length > MAX_COMPACTIONS) state.compactions = state.compactions.slice(-MAX_COMPACTIONS);
}

function foldToolUse(state: SessionState, id: string, name: string, input: Record<string, unknown>): void {
  const pending: { name: string; command?: string } = { name };
  if (EDIT_TOOLS.has(name)) {
    const path = stringField(input, 'file_path') ?? stringField(input, 'notebook_path');
    if (path) touch(state, state.edited, path);
  } else if (name === 'Read') {
    const path = stringField(input, 'file_path');
    if (path) touch(state, state.read, path);
  } else if (name === 'Bash') {
    const command = stringField(input, 'command');
    if (command) pending.command = clip(command, 200);
  } else if (name === 'TodoWrite') {
    foldTodoWrite(state, input['todos']);
  } else if (name === 'TaskCreate') {
    const subject = stringField(input, 'subject');
    // The id is assigned by the result; until then the tool_use id stands in.
    if (subject) state.tasks.push({ id: `pending:${id}`, subject: clip(subject, 200), status: 'pending' });
  } else if (name === 'TaskUpdate') {
    foldTaskUpdate(state, input);
  }
  if (id) state.pendingTools[id] = pending;
}

function foldToolResult(state: SessionState, id: string, isError: boolean, text: string, at: string): void {
  const pending = state.pendingTools[id];
  delete state.pendingTools[id];
  if (!pending) return;
  if (pending.name === 'TaskCreate') {
    const task = state.tasks.find((candidate) => candidate.id === `pending:${id}`);
    const assigned = /#?(\d+)/.exec(text)?.[1];
    if (task && assigned) task.id = assigned;
    return;
  }
  if (pending.name !== 'Bash' || !pending.command) return;
  const command = pending.command;
  state.failures = state.failures.filter((failure) => failure.command !== command);
  if (isError) {
    state.failures.push({ command, excerpt: clip(firstLines(text, 3), 240), at });
    if (state.failures.length > MAX_FAILURES) state.failures = state.failures.slice(-MAX_FAILURES);
  }
}

function foldTodoWrite(state: SessionState, todos: unknown): void {
  if (!Array.isArray(todos)) return;
  state.tasks = todos.flatMap((todo, index) => {
    if (typeof todo !== 'object' || todo === null) return [];
    const record = todo as Record<string, unknown>;
    const subject = typeof record['content'] === 'string' ? record['content'] : null;
    if (!subject) return [];
    const id = typeof record['id'] === 'string' ? record['id'] : `todo-${index + 1}`;
    return [{ id, subject: clip(subject, 200), status: toStatus(record['status']) }];
  });
}

function foldTaskUpdate(state: SessionState, input: Record<string, unknown>): void {
  const id = stringField(input, 'taskId');
  if (!id) return;
  const task = state.tasks.find((candidate) => candidate.id === id);
  if (!task) return;
  if (input['status'] === 'deleted') {
    state.tasks = state.tasks.filter((candidate) => candidate !== task);
    return;
  }
  if (input['status'] !== undefined) task.status = toStatus(input['status']);
  const subject = stringField(input, 'subject');
  if (subject) task.subject = clip(subject, 200);
}

function toStatus(value: unknown): TaskStatus {
  return value === 'completed' || value === 'in_progress' ? value : 'pending';
}

function touch(state: SessionState, list: FileTouch[], path: string): void {
  state.tick += 1;
  const normalised = path.replace(/\\/g, '/');
  const existing = list.find((item) => item.path === normalised);
  if (existing) {
    existing.count += 1;
    existing.last = state.tick;
  } else {
    list.push({ path: normalised, count: 1, last: state.tick });
  }
}

function stringField(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function firstLines(text: string, count: number): string {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .slice(0, count)
    .join(' / ');
}

function clip(text: string, max = MAX_TEXT): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > max ? `${single.slice(0, max - 1)}…` : single;
}

/** Returns `state` with the Stop payload's final assistant text (the transcript may lag behind Stop). */
export function noteLastAssistantMessage(state: SessionState, text: string, now: string): SessionState {
  if (state.acknowledging && state.lastAssistantMessage !== null) return state;
  const clipped = clip(text);
  if (!clipped || clipped === state.lastAssistantMessage) return state;
  return { ...state, lastAssistantMessage: clipped, updatedAt: now };
}
