/**
 * One `git cat-file --batch` kept open for a whole sync and asked in rounds: what changed in the
 * team's new commits, then the entries and trees the merge needs, without a process per question.
 *
 * Why: between the fetch and the push a sync used to start `git log` and then a `cat-file` of its
 * own; each start costs the mem process more as its heap grows (6 and 5 ms of a 20,000-entry sync
 * in its profile), and both sat on the path the push waits for. This process is started while
 * git fetches, when mem's heap is still small, and waits on its stdin; git finds objects fetched
 * after it started (it looks at the store's packs again when an object is not in those it knew).
 */
import { spawn } from 'node:child_process';
import { MemError } from '../../core/errors.js';
import { gitEnv } from '../../core/git/run-git.js';

/** An object as cat-file gives it, or null when the store has nothing by that name. */
export type StoredObject = { oid: string; type: string; body: Buffer } | null;

export type ObjectReader = {
  /** The objects named by `specs` (ids, or `<commit>:<path>`), in the order asked; rejects with GIT_FAILED when git fails. */
  read(specs: readonly string[]): Promise<StoredObject[]>;
  /** Lets git go (it exits once its stdin closes); questions asked after this reject. */
  close(): void;
  /** False once git failed or ended, or after close. */
  usable(): boolean;
};

/** A question git has not answered in this long is a hung git: it is killed and the sync fails as for any git failure. */
const ANSWER_TIMEOUT_MS = 120_000;

type Round = { specs: readonly string[]; answers: StoredObject[]; resolve: (answers: StoredObject[]) => void; reject: (error: Error) => void };

/** Starts cat-file in `storeDir`; never throws (a git that cannot start rejects the first read). */
export function openObjectReader(storeDir: string): ObjectReader {
  const child = spawn('git', ['--git-dir', storeDir, 'cat-file', '--batch'], { env: gitEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  const rounds: Round[] = [];
  const err: Buffer[] = [];
  let rest: Buffer = Buffer.alloc(0);
  let failure: Error | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  // Note: the process and its pipes keep Node running only while a question waits for its answer:
  // a sync that asks nothing more (it found nothing to do) is not kept alive by a git waiting on stdin.
  const hold = (waiting: boolean): void => {
    clearTimeout(timer);
    if (waiting) timer = setTimeout(() => child.kill('SIGKILL'), ANSWER_TIMEOUT_MS);
    for (const handle of [child, child.stdin, child.stdout, child.stderr] as unknown as Array<{ ref?: () => void; unref?: () => void }>) (waiting ? handle.ref : handle.unref)?.call(handle);
  };
  const fail = (error: Error): void => {
    failure ??= error;
    for (const round of rounds.splice(0)) round.reject(failure);
    hold(false);
  };
  child.stdout.on('data', (chunk: Buffer) => {
    const data = rest.length === 0 ? chunk : Buffer.concat([rest, chunk]);
    let offset = 0;
    for (let round = rounds[0]; round !== undefined; round = rounds[0]) {
      const answer = batchAnswer(data, offset);
      if (answer === null) break;
      offset = answer.next;
      const [oid, type] = answer.header;
      round.answers.push(answer.body === null || oid === undefined || type === undefined ? null : { oid, type, body: answer.body });
      if (round.answers.length === round.specs.length) {
        rounds.shift();
        round.resolve(round.answers);
      }
    }
    rest = data.subarray(offset);
    hold(rounds.length > 0);
  });
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  // Note: git gone (killed, failed) closes its stdin; what it said is reported on close.
  child.stdin.on('error', () => undefined);
  child.on('error', (error) => fail(new MemError('GIT_FAILED', `git cat-file in the team store failed: ${error.message}`)));
  child.on('close', (status) => {
    const said = Buffer.concat(err).toString('utf8').trim().split('\n')[0] ?? '';
    fail(new MemError('GIT_FAILED', `git cat-file in the team store failed: ${said || `it ended (status ${status ?? 'killed'})`}`));
  });
  hold(false);
  return {
    read(specs) {
      if (specs.length === 0) return Promise.resolve([]);
      if (failure !== null) return Promise.reject(failure);
      if (closed) return Promise.reject(new MemError('GIT_FAILED', 'git cat-file in the team store was already closed'));
      // Note: a spec is one line; one holding a newline would shift every answer after it.
      if (specs.some((spec) => spec.includes('\n'))) return Promise.reject(new MemError('GIT_FAILED', 'git cat-file in the team store: an object name with a newline'));
      return new Promise((resolve, reject) => {
        rounds.push({ specs, answers: [], resolve, reject });
        hold(true);
        child.stdin.write(`${specs.join('\n')}\n`);
      });
    },
    close() {
      if (closed) return;
      closed = true;
      child.stdin.end();
    },
    usable: () => failure === null && !closed,
  };
}

/**
 * The `cat-file --batch` answer that starts at `offset`: its header's fields (`<oid> <type> <size>`,
 * or `<spec> missing`), its body (null when missing), and where the next answer starts; null when
 * `data` does not hold all of it yet.
 */
export function batchAnswer(data: Buffer, offset: number): { header: string[]; body: Buffer | null; next: number } | null {
  const newline = data.indexOf(0x0a, offset);
  if (newline < 0) return null;
  const header = data.subarray(offset, newline).toString('utf8').split(' ');
  if (header.length < 3 || header[header.length - 1] === 'missing') return { header, body: null, next: newline + 1 };
  const end = newline + 1 + Number(header[2]);
  // Note: each body is followed by a newline of its own.
  return data.length < end + 1 ? null : { header, body: data.subarray(newline + 1, end), next: end + 1 };
}

/**
 * An object reader started on first use, so a sync with nothing to ask starts no process; started
 * again when the last one failed (one started before the fetch created the store cannot read it).
 */
export type LazyObjectReader = { get(): ObjectReader; close(): void };

export function lazyObjectReader(storeDir: string): LazyObjectReader {
  let reader: ObjectReader | null = null;
  return {
    get: () => {
      if (reader === null || !reader.usable()) {
        reader?.close();
        reader = openObjectReader(storeDir);
      }
      return reader;
    },
    close: () => reader?.close(),
  };
}
