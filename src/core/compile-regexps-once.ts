/**
 * Switches V8 to compiling each regular expression straight to machine code, for the rest of the
 * process. Why: by default V8 runs a regular expression's first match in its bytecode interpreter
 * and compiles it to machine code on the second. Judging a turn's text (the notice detector, the
 * rule finder, the secret and injection rules) matches a few hundred expressions on a handful of
 * short sentences each, so it paid both compilers: a writing Stop costs 128 -> 114 ms with this,
 * findInjection's first two calls 7.6 -> 2.5 ms. It is switched on only where that judging starts:
 * a quiet hook matches its few expressions once, and there the interpreter is cheaper (SessionStart
 * was 9 ms slower with the flag set at start-up). Node keeps V8's flags writable at run time.
 * V8's code cache is keyed by its flags: bin/load-bundle.cjs sets this one back before it writes
 * a cache, or every later run would reject it and compile the whole bundle.
 */
import { nodeV8 } from './lazy-builtins.js';

let switched = false;

/** Call before judging text; later calls do nothing. Never throws. */
export function compileRegexpsOnce(): void {
  if (switched) return;
  switched = true;
  try {
    nodeV8().setFlagsFromString('--no-regexp-tier-up');
  } catch {
    // A runtime without the flag runs as before.
  }
}
