/**
 * Whole-file three-way merge of CLAUDE.md / AGENTS.md for the git merge driver. mem's region merges
 * entry by entry (mergeRegion). Everywhere else, list items are independent rules identified by
 * their normalized text (two people adding bullets to one hand-written list never conflict), and
 * prose merges line by line with diff3, with git's standard conflict markers when it truly conflicts.
 */
import { normalizeForIdentity } from '../../core/memory-file/hand-entry-id.js';
import { itemContentLines, joinContent } from '../../core/memory-file/entry-item.js';
import { locateRegion } from '../../core/memory-file/locate-region.js';
import { scanBlocks } from '../../core/memory-file/scan-blocks.js';
import { detectEol } from '../../core/memory-file/split-lines.js';
import { listConflicts } from './list-conflicts.js';
import { mergeRegion } from './merge-region.js';
import { mergeText } from './merge-text.js';
import { mergeTokenSequence, toTokens } from './merge-token-sequence.js';
import type { Token } from './merge-token-sequence.js';

export type FileMerge = {
  text: string;
  /** True when this merge introduced no conflict (mem conflict items or git markers). */
  clean: boolean;
  /** How many conflicts this merge introduced. */
  conflicts: number;
};

type Parts = { pre: string; begin: string; body: string; end: string; post: string };

function partsOf(text: string): Parts | null {
  const span = locateRegion(text).span;
  if (span === null) return null;
  return {
    pre: text.slice(0, span.start),
    begin: text.slice(span.start, span.bodyStart),
    body: text.slice(span.bodyStart, span.bodyEnd),
    end: text.slice(span.bodyEnd, span.end),
    post: text.slice(span.end),
  };
}

/** Returns the merged file and whether it is clean; never fails (conflicts are written into the text). */
export function mergeMarkdownFile(base: string, ours: string, theirs: string): FileMerge {
  if (ours === theirs || base === theirs) return { text: ours, clean: true, conflicts: 0 };
  if (base === ours) return { text: theirs, clean: true, conflicts: 0 };
  const a = partsOf(ours);
  const b = partsOf(theirs);
  if (a === null && b === null) return mergeProse(base, ours, theirs);
  const whole = (text: string): Parts => ({ pre: text, begin: '', body: '', end: '', post: '' });
  const o = partsOf(base) ?? whole(base);
  const pa = a ?? whole(ours);
  const pb = b ?? whole(theirs);
  const pre = mergeProse(o.pre, pa.pre, pb.pre);
  const post = mergeProse(o.post, pa.post, pb.post);
  const region = mergeRegion(o.body, pa.body, pb.body);
  const before = new Set([...listConflicts(pa.body), ...listConflicts(pb.body)].map((c) => c.id));
  const fresh = region.conflicts.filter((c) => !before.has(c.id)).length;
  const conflicts = pre.conflicts + post.conflicts + fresh;
  const text = pre.text + (a?.begin ?? pb.begin) + region.text + (a?.end ?? pb.end) + post.text;
  return { text, clean: conflicts === 0, conflicts };
}

/** Returns the list-aware merge of markdown outside mem's region; never fails. */
function mergeProse(base: string, ours: string, theirs: string): FileMerge {
  if (ours === theirs || base === theirs) return { text: ours, clean: true, conflicts: 0 };
  if (base === ours) return { text: theirs, clean: true, conflicts: 0 };
  const eol = detectEol(ours);
  let conflicts = 0;
  const o = fileTokens(base);
  const a = fileTokens(ours);
  const b = fileTokens(theirs);
  const merged = mergeTokenSequence(a.tokens, o.tokens, b.tokens, (x, y, z) => {
    const result = mergeText(x, y, z, { eol, withBase: false });
    conflicts += result.conflicts;
    return result.text;
  });
  const emitted = new Set<string>();
  let text = '';
  let lastGap = false;
  for (const token of merged) {
    if (token.kind === 'gap') {
      if (!lastGap) text += token.raw;
      lastGap = true;
      continue;
    }
    if (token.kind === 'item' || token.kind === 'heading') {
      if (emitted.has(token.key)) continue;
      emitted.add(token.key);
      if (token.kind === 'item') {
        const inBase = o.raws.get(token.key);
        const inOurs = a.raws.get(token.key);
        const inTheirs = b.raws.get(token.key);
        // Same key means same normalized text: a side without it deleted it, and deletion wins.
        if (inBase !== undefined && (inOurs === undefined || inTheirs === undefined)) continue;
        const raw = inBase !== undefined && inOurs === inBase ? (inTheirs ?? inOurs) : (inOurs ?? inTheirs ?? token.raw);
        text += ensureEol(text, eol) + raw;
        lastGap = false;
        continue;
      }
      if (token.inserted === true && text !== '' && !lastGap) text += ensureEol(text, eol) + eol;
    }
    text += ensureEol(text, eol) + token.raw;
    lastGap = false;
  }
  return { text, clean: conflicts === 0, conflicts };
}

/** Returns a line ending when `text` ends mid-line (a side's last line without newline got company). */
function ensureEol(text: string, eol: string): string {
  return text === '' || text.endsWith('\n') ? '' : eol;
}

function fileTokens(text: string): { tokens: Token[]; raws: Map<string, string> } {
  const raws = new Map<string, string>();
  const counts = new Map<string, number>();
  const unique = (key: string): string => {
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return `${key}\u0000${count}`;
  };
  const tokens = toTokens(scanBlocks(text, { headingLevels: 'all', frontMatter: true }), (block) => {
    if (block.kind === 'heading') return unique(`H${block.level} ${normalizeForIdentity(block.title)}`);
    if (block.kind !== 'item') return '';
    const key = unique(`E${block.indent}${normalizeForIdentity(joinContent(itemContentLines(block)))}`);
    raws.set(key, block.raw);
    return key;
  });
  return { tokens, raws };
}
