/**
 * Finds mem's markers in a file with a line scanner (no markdown parser), ignoring marker-looking
 * lines inside fenced code blocks outside the region, and describes any damage precisely.
 */
import { isBeginMarker, isEndMarker } from './region-format.js';
import { splitLines, stripEol } from './split-lines.js';

/** Byte offsets (UTF-16 indices) of the region in the file. */
export type RegionSpan = {
  /** Start of the begin marker line. */
  start: number;
  /** Start of the first body line (just after the begin marker's line ending). */
  bodyStart: number;
  /** Start of the end marker line (the body ends here). */
  bodyEnd: number;
  /** Just after the end marker's text, before its line ending: `text.slice(end)` is what follows. */
  end: number;
  /** 0-based lines of the markers. */
  beginLine: number;
  endLine: number;
};

export type RegionDamageKind = 'missing-end' | 'missing-begin' | 'duplicate-markers' | 'unclosed-fence';

export type RegionDamage = {
  kinds: RegionDamageKind[];
  /** One sentence per problem, naming 1-based lines, for `mem status`. */
  message: string;
  /** 1-based lines of every marker involved. */
  lines: number[];
};

export type MarkerPair = { beginLine: number; endLine: number; unclosedFence: boolean };

export type RegionLocation = {
  lines: string[];
  /** Line start offsets; offsets[lines.length] is the text length. */
  offsets: number[];
  pairs: MarkerPair[];
  strayBegins: number[];
  strayEnds: number[];
  /** The region when exactly one well-formed pair exists and nothing is damaged; else null. */
  span: RegionSpan | null;
  damage: RegionDamage | null;
};

const FENCE_OPEN_RE = /^ {0,3}(`{3,}|~{3,})([^\r\n]*)/;
const FENCE_CLOSE_RE = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?\n?$/;

/** Returns where mem's markers are in `text` and whether they are damaged; never fails. */
export function locateRegion(text: string): RegionLocation {
  const lines = splitLines(text);
  const offsets: number[] = new Array<number>(lines.length + 1);
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    offsets[i] = offset;
    offset += (lines[i] ?? '').length;
  }
  offsets[lines.length] = offset;

  // Note: a fence opened outside the region that never closes is a slip, not code: the markers
  // mem wrote after it (one real AGENTS.md ends inside such a fence) must stay visible, so the
  // scan runs again with that opener read as text.
  const ignoredOpeners = new Set<number>();
  for (;;) {
    const scan = scanMarkers(lines, ignoredOpeners);
    if (scan.unclosedOpener === -1) return finish(lines, offsets, offset, scan);
    ignoredOpeners.add(scan.unclosedOpener);
  }
}

type MarkerScan = {
  pairs: MarkerPair[];
  strayBegins: number[];
  strayEnds: number[];
  /** Line of a fence opened outside the region and never closed, or -1. */ unclosedOpener: number;
};

function scanMarkers(lines: readonly string[], ignoredOpeners: ReadonlySet<number>): MarkerScan {
  const pairs: MarkerPair[] = [];
  const strayBegins: number[] = [];
  const strayEnds: number[] = [];
  let open = -1;
  let fence: string | null = null;
  let fenceLine = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    // Note: outside a fence, a line that starts with none of `<`, ` `, a backtick or `~` is neither a
    // marker nor a fence opener (most lines: `- ` entries); 20,000 of them skip three regexes each.
    const first = line.charCodeAt(0);
    if (fence === null && first !== 60 && first !== 32 && first !== 96 && first !== 126) continue;
    // Inside the region the end marker is authoritative even within a fence a human left open.
    if (open !== -1 && isEndMarker(line)) {
      pairs.push({ beginLine: open, endLine: i, unclosedFence: fence !== null });
      open = -1;
      fence = null;
      continue;
    }
    if (fence !== null) {
      const close = FENCE_CLOSE_RE.exec(line);
      if (close && close[1]?.[0] === fence[0] && (close[1]?.length ?? 0) >= fence.length) fence = null;
      continue;
    }
    const opener = ignoredOpeners.has(i) ? null : FENCE_OPEN_RE.exec(line);
    // Note: inside the region only column-0 fences count; fences indented inside list items close
    // with their item, so they cannot swallow the end marker.
    if (opener && !(opener[1]?.startsWith('`') && opener[2]?.includes('`')) && (open === -1 || /^[`~]/.test(line))) {
      fence = opener[1] ?? '```';
      fenceLine = open === -1 ? i : -1;
      continue;
    }
    if (isBeginMarker(line)) {
      if (open !== -1) strayBegins.push(open);
      open = i;
    } else if (isEndMarker(line)) {
      strayEnds.push(i);
    }
  }
  if (open !== -1) strayBegins.push(open);
  strayBegins.sort((a, b) => a - b);
  return { pairs, strayBegins, strayEnds, unclosedOpener: fence !== null ? fenceLine : -1 };
}

function finish(lines: string[], offsets: number[], offset: number, scan: MarkerScan): RegionLocation {
  const { pairs, strayBegins, strayEnds } = scan;
  const damage = describeDamage(pairs, strayBegins, strayEnds);
  const only = pairs.length === 1 && damage === null ? pairs[0] : undefined;
  const span: RegionSpan | null =
    only === undefined
      ? null
      : {
          start: offsets[only.beginLine] ?? 0,
          bodyStart: offsets[only.beginLine + 1] ?? offset,
          bodyEnd: offsets[only.endLine] ?? offset,
          end: (offsets[only.endLine] ?? offset) + stripEol(lines[only.endLine] ?? '').length,
          beginLine: only.beginLine,
          endLine: only.endLine,
        };
  return { lines, offsets, pairs, strayBegins, strayEnds, span, damage };
}

function describeDamage(pairs: MarkerPair[], strayBegins: number[], strayEnds: number[]): RegionDamage | null {
  const kinds: RegionDamageKind[] = [];
  const sentences: string[] = [];
  const lines: number[] = [];
  if (pairs.length > 1) {
    kinds.push('duplicate-markers');
    sentences.push(
      `CLAUDE.md has ${pairs.length} mem regions (begin markers at lines ${pairs.map((p) => p.beginLine + 1).join(', ')}); mem owns exactly one.`,
    );
  }
  if (strayBegins.length > 0) {
    kinds.push('missing-end');
    sentences.push(
      `The mem begin marker at line ${strayBegins.map((l) => l + 1).join(', ')} has no matching \`<!-- mem:end -->\`.`,
    );
  }
  if (strayEnds.length > 0) {
    kinds.push('missing-begin');
    sentences.push(
      `The mem end marker at line ${strayEnds.map((l) => l + 1).join(', ')} has no begin marker before it.`,
    );
  }
  const unclosed = pairs.filter((p) => p.unclosedFence);
  if (unclosed.length > 0) {
    kinds.push('unclosed-fence');
    sentences.push(
      `A code fence opened inside the mem region ending at line ${unclosed.map((p) => p.endLine + 1).join(', ')} is never closed, so markdown readers see the end marker as code.`,
    );
  }
  if (kinds.length === 0) return null;
  for (const p of pairs) lines.push(p.beginLine + 1, p.endLine + 1);
  for (const l of [...strayBegins, ...strayEnds]) lines.push(l + 1);
  lines.sort((a, b) => a - b);
  return { kinds, message: sentences.join(' '), lines };
}
