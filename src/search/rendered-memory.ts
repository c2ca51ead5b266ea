/**
 * The shared memory as the agent already has it: its rendering in `.claude/rules/`, which Claude
 * Code loads by itself at session start. A shared entry whose text is in that rendering is loaded
 * memory; one the Stop hook or a sync wrote since is not, and recall may offer it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RENDERED_FILE } from '../core/shared-memory-stamp.js';
import { normalizeContextText } from './recall-record.js';

/** Below this many characters a text is too short to call it "already rendered" by containment. */
const MIN_CONTAINED_CHARS = 12;

/** Returns a test of whether a text is in the rendered shared memory of `root` (read once, on first use); never throws. */
export function renderedMemoryTest(root: string): (text: string) => boolean {
  let rendered: string | undefined;
  return (text) => {
    if (rendered === undefined) {
      try {
        rendered = normalizeContextText(readFileSync(join(root, RENDERED_FILE), 'utf8'));
      } catch {
        rendered = '';
      }
    }
    const normalized = normalizeContextText(text);
    return normalized.length >= MIN_CONTAINED_CHARS && rendered.includes(normalized);
  };
}
