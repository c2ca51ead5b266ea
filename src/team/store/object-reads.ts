/**
 * Every object read of the team store goes through one `git cat-file --batch` per store, started
 * on the first read and kept open for the process: the trees, bundles and blobs a sync reads, the
 * commits attribution compares, the parent a new commit is built on. Questions are answered in the
 * order asked, so reads started at once simply queue. Why: each git process cost a sync 10–25 ms
 * of its own time to start from a large Node process, and a sync read objects through four.
 * While nothing is asked the process does not keep Node alive; it ends when Node does (its input closes).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { MemError } from '../../core/errors.js';
import { gitEnv } from '../../core/git/run-git.js';
import { batchAnswer, type StoredObject } from './batch-answer.js';

/** A read waiting for its answers; `onArrived` is given each run of answers as git sends them. */
type Request = {
  count: number;
  answers: StoredObject[];
  onArrived: ((answers: readonly StoredObject[]) => void) | undefined;
  failure: Error | null;
  resolve: (answers: StoredObject[]) => void;
  reject: (error: Error) => void;
};

/** No answer for this long: git is stuck (a lock, a dying disk); every waiting read fails. */
const STALL_MS = 120_000;

type Reader = { ask(specs: readonly string[], request: Request): void };

const readers = new Map<string, Reader>();

/**
 * Returns the store's answers to cat-file `specs` (object names, `<commit>:<path>`, `<commit>^{tree}`), in
 * order; `onArrived` sees them as they arrive (an error it throws rejects the read, after git
 * answered all of it). Rejects with GIT_FAILED when git cannot run or stops.
 */
export function readObjects(
  storeDir: string,
  specs: readonly string[],
  onArrived?: (answers: readonly StoredObject[]) => void,
): Promise<StoredObject[]> {
  if (specs.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    let reader = readers.get(storeDir);
    if (reader === undefined) readers.set(storeDir, (reader = startReader(storeDir)));
    reader.ask(specs, { count: specs.length, answers: [], onArrived, failure: null, resolve, reject });
  });
}

function startReader(storeDir: string): Reader {
  const child: ChildProcessWithoutNullStreams = spawn('git', ['--git-dir', storeDir, 'cat-file', '--batch'], {
    env: gitEnv(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const queue: Request[] = [];
  const err: Buffer[] = [];
  let rest: Buffer = Buffer.alloc(0);
  let timer: NodeJS.Timeout | null = null;
  let gone: Error | null = null;

  // Note: a reader with nothing asked must not keep Node running; one with questions must.
  const hold = (waiting: boolean): void => {
    for (const handle of [child, child.stdin, child.stdout, child.stderr] as Array<{ ref(): void; unref(): void }>) {
      if (waiting) handle.ref();
      else handle.unref();
    }
    if (timer !== null) clearTimeout(timer);
    timer = waiting ? setTimeout(() => child.kill('SIGKILL'), STALL_MS) : null;
  };
  const fail = (error: Error): void => {
    gone ??= error;
    if (readers.get(storeDir) === reader) readers.delete(storeDir);
    if (timer !== null) clearTimeout(timer);
    for (const request of queue.splice(0)) request.reject(gone);
  };

  child.stdout.on('data', (chunk: Buffer) => {
    const data = rest.length === 0 ? chunk : Buffer.concat([rest, chunk]);
    let offset = 0;
    while (queue.length > 0) {
      const request = queue[0] as Request;
      const arrived: StoredObject[] = [];
      for (
        let answer = batchAnswer(data, offset);
        answer !== null && request.answers.length < request.count;
        answer = request.answers.length < request.count ? batchAnswer(data, offset) : null
      ) {
        offset = answer.next;
        const [oid, type] = answer.header;
        const object =
          answer.body === null || oid === undefined || type === undefined ? null : { oid, type, body: answer.body };
        request.answers.push(object);
        arrived.push(object);
      }
      if (arrived.length > 0 && request.onArrived !== undefined && request.failure === null) {
        try {
          request.onArrived(arrived);
        } catch (error) {
          request.failure = error instanceof Error ? error : new Error(String(error));
        }
      }
      if (request.answers.length < request.count) break;
      queue.shift();
      if (request.failure !== null) request.reject(request.failure);
      else request.resolve(request.answers);
    }
    rest = data.subarray(offset);
    hold(queue.length > 0);
  });
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  // Note: git gone early (killed, failed) closes its stdin; what it said is reported on close.
  child.stdin.on('error', () => undefined);
  child.on('error', (error) =>
    fail(new MemError('GIT_FAILED', `git cat-file in the team store failed: ${error.message}`)),
  );
  child.on('close', (status, signal) =>
    fail(
      new MemError(
        'GIT_FAILED',
        `git cat-file in the team store failed: ${Buffer.concat(err).toString('utf8').trim().split('\n')[0] || `it stopped (${signal ?? `exit ${status}`})`}`,
      ),
    ),
  );
  const reader: Reader = {
    ask(specs, request) {
      if (gone !== null) {
        request.reject(gone);
        return;
      }
      queue.push(request);
      hold(true);
      child.stdin.write(`${specs.join('\n')}\n`);
    },
  };
  return reader;
}
