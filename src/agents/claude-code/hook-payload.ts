/**
 * Validating what Claude Code sends on stdin. Anything may arrive (older versions, other
 * harnesses, garbage): the result is either a payload mem can trust or a problem to log.
 */
export type HookPayload = {
  sessionId: string;
  transcriptPath: string | null;
  cwd: string | null;
  hookEventName: string | null;
  source: string | null;
  prompt: string | null;
  lastAssistantMessage: string | null;
  trigger: string | null;
  customInstructions: string | null;
  reason: string | null;
  /** Gemini CLI's AfterAgent names the final reply `prompt_response`. */
  promptResponse: string | null;
  /** Codex sends the turn's id with turn events (one way to tell its payloads apart). */
  turnId: string | null;
};

export type PayloadProblem = { code: 'NOT_JSON' | 'NOT_OBJECT' | 'BAD_FIELD' | 'UNSAFE_SESSION_ID'; message: string };
export type PayloadResult = { ok: true; payload: HookPayload } | { ok: false; problem: PayloadProblem };

const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Returns true when a session id can safely become part of a file name. */
export function isSafeSessionId(value: string): boolean {
  return SESSION_ID.test(value) && !value.includes('..');
}

/** Returns the validated payload or the problem with it; never throws. */
export function parseHookPayload(text: string): PayloadResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return fail('NOT_JSON', `stdin is not JSON (${text.length} bytes)`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail('NOT_OBJECT', 'stdin JSON is not an object');
  const record = raw as Record<string, unknown>;

  const sessionId = record['session_id'];
  if (typeof sessionId !== 'string')
    return fail('BAD_FIELD', `session_id: expected a string, found ${describe(sessionId)}`);
  if (!isSafeSessionId(sessionId)) {
    return fail(
      'UNSAFE_SESSION_ID',
      `session_id: expected letters, digits, ".", "_" or "-" (1-128 chars, no ".."), found ${describe(sessionId)}`,
    );
  }
  const fields: Record<string, string | null> = {};
  for (const key of [
    'transcript_path',
    'cwd',
    'hook_event_name',
    'source',
    'prompt',
    'last_assistant_message',
    'trigger',
    'custom_instructions',
    'reason',
    'prompt_response',
    'turn_id',
  ]) {
    const value = record[key];
    if (value === undefined || value === null) fields[key] = null;
    else if (typeof value === 'string' && !value.includes('\0')) fields[key] = value;
    else return fail('BAD_FIELD', `${key}: expected a string, found ${describe(value)}`);
  }
  return {
    ok: true,
    payload: {
      sessionId,
      transcriptPath: fields['transcript_path'] ?? null,
      cwd: fields['cwd'] ?? null,
      hookEventName: fields['hook_event_name'] ?? null,
      source: fields['source'] ?? null,
      prompt: fields['prompt'] ?? null,
      lastAssistantMessage: fields['last_assistant_message'] ?? null,
      trigger: fields['trigger'] ?? null,
      customInstructions: fields['custom_instructions'] ?? null,
      reason: fields['reason'] ?? null,
      promptResponse: fields['prompt_response'] ?? null,
      turnId: fields['turn_id'] ?? null,
    },
  };
}

function fail(code: PayloadProblem['code'], message: string): PayloadResult {
  return { ok: false, problem: { code, message } };
}

/** A short description of a value that never echoes long or hostile content into logs. */
function describe(value: unknown): string {
  if (typeof value === 'string') {
    const printable = value.replace(/[^\x20-\x7e]/g, '?');
    return `a ${value.length}-char string ${JSON.stringify(printable.length > 40 ? `${printable.slice(0, 40)}…` : printable)}`;
  }
  if (Array.isArray(value)) return 'an array';
  return value === null ? 'null' : typeof value;
}
