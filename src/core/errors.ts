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

  constructor(
    code: MemErrorCode,
    message: string,
    options: { hint?: string; exitCode?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'MemError';
    this.code = code;
    // Note: outside a repository is "not set up" too: the same exit 2 as before `mem init`.
    this.exitCode =
      options.exitCode ??
      (code === 'USAGE' || code === 'NOT_INITIALISED' || code === 'NOT_A_GIT_REPO' ? EXIT.usage : EXIT.failure);
    this.hint = options.hint;
  }
}

/** Returns true when `value` is one of mem's expected failures. */
export function isMemError(value: unknown): value is MemError {
  return (
    value instanceof MemError ||
    (value instanceof Error && (value as { [MEM_ERROR_BRAND]?: unknown })[MEM_ERROR_BRAND] === true)
  );
}

/**
 * Returns the MemError a file-system failure of the machine (full disk, read-only or
 * unwritable directory, a file where a directory belongs) means to the user: what failed,
 * where, and what to do. Returns null for anything else (a bug stays a bug).
 */
export function fileSystemError(error: unknown): MemError | null {
  if (!(error instanceof Error)) return null;
  const { code, path, syscall } = error as NodeJS.ErrnoException;
  // Note: a failed write() names no file (Node knows only the descriptor); a full or read-only disk is
  // the machine's state whichever file it was, the other codes need the path to mean a state.
  if (!code || (!path && code !== 'ENOSPC' && code !== 'EDQUOT' && code !== 'EROFS')) return null;
  const verb =
    syscall === 'mkdir'
      ? 'create the directory'
      : syscall === 'open' || syscall === 'write'
        ? 'write'
        : (syscall ?? 'write');
  const where = path ? `${verb} ${path}` : `${verb} mem's files`;
  const kept = 'mem replaces its files atomically, so none is half-written';
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new MemError('IO_FAILED', `cannot ${where}: no space left on the device (${code})`, {
        hint: `Free some disk space, then run the command again; ${kept}.`,
        cause: error,
      });
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new MemError(
        'IO_FAILED',
        `cannot ${where}: ${code === 'EROFS' ? 'the file system is read-only' : 'permission denied'} (${code})`,
        {
          hint: `Make the repository's .memory/ directory (and the path above) writable for you — its owner, its permissions or the mount — then run the command again; ${kept}.`,
          cause: error,
        },
      );
    case 'ENOTDIR':
    case 'EEXIST':
    case 'EISDIR':
      return new MemError(
        'IO_FAILED',
        `cannot ${where}: ${code === 'EISDIR' ? 'a directory is in the way' : 'a file is in the way where mem needs a directory'} (${code})`,
        {
          hint: `Move what is in the way aside (mem keeps its state in directories under .memory/), then run the command again; ${kept}.`,
          cause: error,
        },
      );
    default:
      return null;
  }
}

/**
 * Returns `error` naming `path` when the system left the file out (a failed write() or fsync()
 * names none), so that fileSystemError can tell the user which file could not be written.
 */
export function withFailedPath(error: unknown, path: string): unknown {
  if (error instanceof Error && (error as NodeJS.ErrnoException).code && !(error as NodeJS.ErrnoException).path)
    (error as NodeJS.ErrnoException).path = path;
  return error;
}

/** Returns a one-paragraph, user-facing rendering of any thrown value. */
export function describeError(thrown: unknown): string {
  const error = fileSystemError(thrown) ?? thrown;
  if (isMemError(error)) return error.hint ? `${error.message}\n  hint: ${error.hint}` : error.message;
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `internal error (please report it with the lines below):\n${message}`;
}
