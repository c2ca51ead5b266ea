/**
 * Whole-file three-way merge of CLAUDE.md / AGENTS.md for the git merge driver. mem's region merges
 * entry by entry (mergeRegion: those entries are mem's, with ids). The rest of the file is a
 * person's: it merges like git merges it, line by line, settling only what is safe to settle
 * (mergeHumanText); a same-item edit/edit there is a conflict in git's standard markers.
 */
import { locateRegion } from '../../core/memory-file/locate-region.js';
import { toLf, withEol } from '../../core/memory-file/split-lines.js';
import { listConflicts } from './list-conflicts.js';
import { mergeHumanText } from './merge-human-text.js';
import { mergeRegion } from './merge-region.js';

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
  // Line endings: when each version keeps to one convention, they merge as LF and the result takes
  // ours' convention, so a CRLF checkout stays CRLF (and an LF side does not conflict on every line).
  const eols = [ours, theirs, base].map(lineEnding);
  if (eols.includes('mixed')) return mergeParts(base, ours, theirs);
  const merged = mergeParts(toLf(base), toLf(ours), toLf(theirs));
  const eol = eols.find((e) => e === '\r\n' || e === '\n') ?? '\n';
  return eol === '\n' ? merged : { ...merged, text: withEol(merged.text, eol) };
}

function mergeParts(base: string, ours: string, theirs: string): FileMerge {
  const a = partsOf(ours);
  const b = partsOf(theirs);
  if (a === null && b === null) return fromText(mergeHumanText(base, ours, theirs));
  const whole = (text: string): Parts => ({ pre: text, begin: '', body: '', end: '', post: '' });
  const o = partsOf(base) ?? whole(base);
  const pa = a ?? whole(ours);
  const pb = b ?? whole(theirs);
  const pre = mergeHumanText(o.pre, pa.pre, pb.pre);
  const post = mergeHumanText(o.post, pa.post, pb.post);
  const region = mergeRegion(o.body, pa.body, pb.body);
  const before = new Set([...listConflicts(pa.body), ...listConflicts(pb.body)].map((c) => c.id));
  const fresh = region.conflicts.filter((c) => !before.has(c.id)).length;
  const conflicts = pre.conflicts + post.conflicts + fresh;
  const text = pre.text + (a?.begin ?? pb.begin) + region.text + (a?.end ?? pb.end) + post.text;
  return { text, clean: conflicts === 0, conflicts };
}

function fromText(merged: { text: string; conflicts: number }): FileMerge {
  return { text: merged.text, clean: merged.conflicts === 0, conflicts: merged.conflicts };
}

/** Returns the file's line-ending convention: one of LF and CRLF throughout, none (no newline), or mixed. */
function lineEnding(text: string): '\n' | '\r\n' | 'none' | 'mixed' {
  const lines = text.split('\n').length - 1;
  if (lines === 0) return 'none';
  const crlf = text.split('\r\n').length - 1;
  return crlf === 0 ? '\n' : crlf === lines ? '\r\n' : 'mixed';
}
