/**
 * Node built-ins that most runs of a hook never use, loaded on first use instead of at start-up.
 * Why: a hook's bundle is one file; a top-level import of node:crypto cost every Stop ~4 ms and
 * node:child_process ~2 ms (CPU profile of a writing Stop), though only a turn that writes an
 * entry hashes or spawns; SessionStart loaded both and node:v8 for the search index it only
 * checks.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as ChildProcess from 'node:child_process';
import type * as Crypto from 'node:crypto';
import type * as V8 from 'node:v8';
import type * as ReadlinePromises from 'node:readline/promises';

let crypto: typeof Crypto | undefined;
let childProcess: typeof ChildProcess | undefined;
let v8: typeof V8 | undefined;
let readlinePromises: typeof ReadlinePromises | undefined;

/** node:crypto, loaded on the first call. */
export function nodeCrypto(): typeof Crypto {
  crypto ??= loadBuiltin('node:crypto') as typeof Crypto;
  return crypto;
}

/** node:child_process, loaded on the first call. */
export function nodeChildProcess(): typeof ChildProcess {
  childProcess ??= loadBuiltin('node:child_process') as typeof ChildProcess;
  return childProcess;
}

/** node:v8 (it loads Node's streams), loaded on the first call. */
export function nodeV8(): typeof V8 {
  v8 ??= loadBuiltin('node:v8') as typeof V8;
  return v8;
}

/** node:readline/promises (it loads Node's streams and tty), loaded on the first call: only `mem review` asks. */
export function nodeReadlinePromises(): typeof ReadlinePromises {
  readlinePromises ??= loadBuiltin('node:readline/promises') as typeof ReadlinePromises;
  return readlinePromises;
}

function loadBuiltin(id: string): unknown {
  // process.getBuiltinModule is Node >= 20.16; before it, a require resolves built-ins from any path.
  if (typeof process.getBuiltinModule === 'function') return process.getBuiltinModule(id);
  return createRequire(join(process.cwd(), 'mem-builtins.js'))(id);
}
