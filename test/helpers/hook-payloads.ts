/** Claude Code-shaped hook payloads and transcript lines for end-to-end tests. */
import { appendFileSync } from 'node:fs';

export function stopPayload(sessionId: string, transcriptPath: string, cwd: string, last?: string): string {
  return JSON.stringify({
    session_id: sessionId,
    transcript_path: transcriptPath,
    cwd,
    hook_event_name: 'Stop',
    stop_hook_active: false,
    ...(last ? { last_assistant_message: last } : {}),
    background_tasks: [],
    session_crons: [],
  });
}

export function startPayload(sessionId: string, transcriptPath: string, cwd: string, source: string): string {
  return JSON.stringify({
    session_id: sessionId,
    transcript_path: transcriptPath,
    cwd,
    hook_event_name: 'SessionStart',
    source,
  });
}

export function eventPayload(
  event: string,
  sessionId: string,
  transcriptPath: string,
  cwd: string,
  extra: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    session_id: sessionId,
    transcript_path: transcriptPath,
    cwd,
    hook_event_name: event,
    ...extra,
  });
}

let counter = 0;
const uuid = () => `uuid-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

export function userLine(text: string, branch = 'main'): string {
  return JSON.stringify({
    type: 'user',
    message: { role: 'user', content: text },
    uuid: uuid(),
    timestamp: new Date().toISOString(),
    gitBranch: branch,
  });
}

export function assistantText(text: string): string {
  return JSON.stringify({
    type: 'assistant',
    message: { id: uuid(), role: 'assistant', model: 'claude-opus-4', content: [{ type: 'text', text }] },
    uuid: uuid(),
    timestamp: new Date().toISOString(),
  });
}

export function toolUse(id: string, name: string, input: Record<string, unknown>): string {
  return JSON.stringify({
    type: 'assistant',
    message: {
      id: uuid(),
      role: 'assistant',
      model: 'claude-opus-4',
      content: [{ type: 'tool_use', id, name, input }],
    },
    uuid: uuid(),
    timestamp: new Date().toISOString(),
  });
}

export function toolResult(id: string, content: string, isError = false): string {
  return JSON.stringify({
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, is_error: isError }] },
    uuid: uuid(),
    timestamp: new Date().toISOString(),
  });
}

export function compactBoundary(trigger: string, preTokens: number): string {
  return JSON.stringify({
    type: 'system',
    subtype: 'compact_boundary',
    compactMetadata: { trigger, preTokens },
    uuid: uuid(),
    timestamp: new Date().toISOString(),
  });
}

/** Appends lines (each newline-terminated) to a transcript file. */
export function appendLines(path: string, lines: string[]): void {
  appendFileSync(path, lines.map((line) => `${line}\n`).join(''));
}
