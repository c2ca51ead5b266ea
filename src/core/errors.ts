/**
 * The small family of expected failures. Each has a stable `code`, an exit code and a hint that
 * teaches the user what to do next. Anything that is not a MemError is a bug ("please report").
 */
export const EXIT = { ok: 0, failure: 1, usage: 2, conflicts: 3 } as const;

export type MemErrorCode =
  | 'NOT_A_GIT_REPO'
  | 'NOT_INITIALISED'
  | 'CONFIG_INVALID'
  | 'USAGE'
  | 'LOCK_HELD'
  | 'REGION_DAMAGED'
  | 'FILTER_REFUSED'
  | 'NOT_FOUND'
  | 'GIT_FAILED'
  | 'SYNC_FAILED'
  | 'IO_FAILED';

/**
 * Marks MemErrors across copies of this module: the CLI bundle and the ES modules it loads lazily
 * each hold their own `MemError` class, so `instanceof` alone would call an expected failure a bug.
 */
const MEM_ERROR_BRAND = Symbol.for('mem.MemError');

export class MemError extends Error {
  readonly [MEM_ERROR_BRAND] = true;
  readonly code: MemErrorCode;
  readonly exitCode: number;
  readonly hint: string | undefined;

  constructor(code: MemErrorCode, message: string, options: { hint?: string; exitCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'MemError';
    this.code = code;
    this.exitCode = options.exitCode ?? (code === 'USAGE' || code === 'NOT_INITIALISED' ? EXIT.usage : EXIT.failure);
    this.hint = options.hint;
  }
}

/** Returns true when `value` is one of mem's expected failures. */
export function isMemError(value: unknown): value is MemError {
  return value instanceof MemError || (value instanceof Error && (value as { [MEM_ERROR_BRAND]?: unknown })[MEM_ERROR_BRAND] === true);
}

/** Returns a one-paragraph, user-facing rendering of any thrown value. */
export function describeError(error: unknown): string {
  if (isMemError(error)) return error.hint ? `${error.message}\n  hint: ${error.hint}` : error.message;
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `internal error (please report it with the lines below):\n${message}`;
}
