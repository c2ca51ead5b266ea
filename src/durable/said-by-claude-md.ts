/**
 * What the loaded CLAUDE.md hierarchy already says: a near-duplicate of a human-written line is not
 * a new memory. Reads the files Claude Code loads from the repository (CLAUDE.md, .claude/CLAUDE.md,
 * CLAUDE.local.md, AGENTS.md, .claude/rules/**), outside mem's managed region, line by line.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textSimilarity } from '../core/text/text-similarity.js';
import { RENDERED_FILE } from '../core/shared-memory-file.js';

const FILES = ['CLAUDE.md', '.claude/CLAUDE.md', 'CLAUDE.local.md', 'AGENTS.md'];
const REGION = /<!--\s*mem:begin[\s\S]*?(?:<!--\s*mem:end[^>]*-->|$)/g;
/** A human line this similar (word Jaccard) to a candidate already says it. */
const SIMILAR = 0.6;
const MAX_LINES = 5_000;

function ruleFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...ruleFiles(path));
    else if (entry.name.endsWith('.md')) out.push(path);
  }
  return out;
}

/** Returns the human-written lines of the repository's CLAUDE.md hierarchy (mem's region left out); never throws. */
export function readHumanLines(root: string): string[] {
  const lines: string[] = [];
  // Note: mem's own rendered team memory is not human-written; its entries are judged as entries.
  const rendered = join(root, RENDERED_FILE);
  for (const path of [
    ...FILES.map((file) => join(root, file)),
    ...ruleFiles(join(root, '.claude', 'rules')).filter((file) => file !== rendered),
  ]) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    if (/<!--\s*mem:id=/.test(text.replace(REGION, ''))) continue;
    for (const line of text.replace(REGION, '').split(/\r?\n/)) {
      const plain = line
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/^\s*(?:[-*+]|\d+[.)]|#+)\s+/, '')
        .trim();
      if (plain.length >= 12) lines.push(plain);
      if (lines.length >= MAX_LINES) return lines;
    }
  }
  return lines;
}

/** Returns the human line `text` nearly repeats, or undefined; never throws. */
export function saidByClaudeMd(text: string, humanLines: readonly string[]): string | undefined {
  return humanLines.find((line) => textSimilarity(line, text) >= SIMILAR);
}
