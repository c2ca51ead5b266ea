/**
 * Repairs damaged markers into one well-formed region without losing an entry: every fragment
 * (well-formed pairs, a begin without end, an end without begin) is collected, the first one becomes
 * the region, items of the others join it (by id, in their sections), stray markers go, and a code
 * fence left open inside the region is closed.
 */
import { DEFAULT_SECTIONS } from './entry.js';
import { editBody, insertItem } from './edit-body.js';
import type { Piece } from './edit-body.js';
import { locateRegion } from './locate-region.js';
import type { RegionDamage } from './locate-region.js';
import { parseRegionBody } from './parse-region-body.js';
import { BEGIN_MARKER, END_MARKER } from './region-format.js';
import { scanLines } from './scan-blocks.js';
import { detectEol } from './split-lines.js';

export type RegionRepair = {
  text: string;
  /** True when the text changed. */
  repaired: boolean;
  /** What was wrong (null when the region was already well-formed or absent). */
  damage: RegionDamage | null;
};

/** A piece of the file that belongs to mem: marker lines [from, to) plus the body lines inside. */
type Fragment = { from: number; to: number; bodyFrom: number; bodyTo: number; beginLine: string | null };

/** Returns the file with one well-formed region holding every entry found in any fragment; never fails. */
export function repairRegion(fileText: string, options: { sections?: readonly string[] } = {}): RegionRepair {
  const location = locateRegion(fileText);
  if (location.damage === null) return { text: fileText, repaired: false, damage: null };
  const { lines } = location;
  const eol = detectEol(fileText);
  const sections = options.sections ?? DEFAULT_SECTIONS;
  const markerLines = [
    ...location.pairs.flatMap((p) => [p.beginLine, p.endLine]),
    ...location.strayBegins,
    ...location.strayEnds,
  ].sort((a, b) => a - b);
  const nextMarker = (line: number): number => markerLines.find((m) => m > line) ?? lines.length;
  const previousMarker = (line: number): number => {
    let found = -1;
    for (const m of markerLines) if (m < line) found = m;
    return found;
  };

  const fragments: Fragment[] = [];
  for (const pair of location.pairs) {
    fragments.push({
      from: pair.beginLine,
      to: pair.endLine + 1,
      bodyFrom: pair.beginLine + 1,
      bodyTo: pair.endLine,
      beginLine: lines[pair.beginLine] ?? null,
    });
  }
  for (const begin of location.strayBegins) {
    const end = lastMemBlockEnd(lines, begin + 1, nextMarker(begin));
    fragments.push({ from: begin, to: end, bodyFrom: begin + 1, bodyTo: end, beginLine: lines[begin] ?? null });
  }
  for (const end of location.strayEnds) {
    const start = firstMemBlockStart(lines, previousMarker(end) + 1, end);
    fragments.push({ from: start, to: end + 1, bodyFrom: start, bodyTo: end, beginLine: null });
  }
  fragments.sort((a, b) => a.from - b.from);
  const main = fragments[0];
  if (main === undefined) return { text: fileText, repaired: false, damage: location.damage };

  let body = closeOpenFence(lines.slice(main.bodyFrom, main.bodyTo).join(''), eol);
  const known = new Set(parseRegionBody(body).entries.map((e) => e.id));
  for (const conflict of parseRegionBody(body).conflicts) known.add(conflict.id);
  const pieces: Piece[] = parseRegionBody(body).blocks.map((b) => {
    const piece: Piece = { kind: b.kind, raw: b.raw, section: b.section };
    if (b.kind === 'heading') piece.title = b.title;
    return piece;
  });
  const leftovers: string[] = [];
  for (const other of fragments.slice(1)) {
    const otherBody = closeOpenFence(lines.slice(other.bodyFrom, other.bodyTo).join(''), eol);
    for (const block of parseRegionBody(otherBody).blocks) {
      if (block.kind === 'item' && block.item !== undefined) {
        if (known.has(block.item.id)) continue;
        known.add(block.item.id);
        insertItem(
          pieces,
          block.section,
          { kind: 'item', raw: withFinalEol(block.raw, eol), section: block.section },
          sections,
          eol,
        );
      } else if (block.kind === 'text') {
        leftovers.push(withFinalEol(block.raw, eol));
      }
    }
  }
  body = pieces.map((p) => p.raw).join('');
  if (leftovers.length > 0) body += (body === '' || body.endsWith(`${eol}${eol}`) ? '' : eol) + leftovers.join(eol);
  body = editBody(body, [], { sections, eol }).body;

  const covered = new Set<number>(markerLines);
  for (const f of fragments) for (let l = f.from; l < f.to; l++) covered.add(l);
  let out = '';
  for (let l = 0; l < lines.length; l++) {
    if (l === main.from) {
      const beginLine = main.beginLine === null ? BEGIN_MARKER : main.beginLine.replace(/\r?\n$/, '') || BEGIN_MARKER;
      const after = lines.slice(main.to).some((line, k) => !covered.has(main.to + k) && line !== '');
      const finalNewline = fileText.endsWith('\n') || after;
      out += `${beginLine}${eol}${body}${END_MARKER}${finalNewline ? eol : ''}`;
    }
    if (!covered.has(l)) out += lines[l] ?? '';
  }
  if (main.from >= lines.length) out += `${BEGIN_MARKER}${eol}${body}${END_MARKER}${eol}`;
  return { text: out, repaired: out !== fileText, damage: location.damage };
}

function withFinalEol(raw: string, eol: string): string {
  return raw.endsWith('\n') ? raw : raw + eol;
}

/** Returns the line after the last mem-commented item (or taxonomy heading run) in [from, to); `from` when none. */
function lastMemBlockEnd(lines: readonly string[], from: number, to: number): number {
  let end = from;
  for (const block of scanLines(lines.slice(from, to), { headingLevels: 'all', frontMatter: false })) {
    if (block.kind === 'heading' && block.level === 1) break;
    if (block.kind === 'item' && block.raw.includes('<!-- mem:')) end = from + block.line + block.lineCount;
  }
  return end;
}

/** Returns the first line in [from, to) from which on everything up to `to` looks like mem's body; `to` when none. */
function firstMemBlockStart(lines: readonly string[], from: number, to: number): number {
  let start = to;
  let sawMem = false;
  const blocks = scanLines(lines.slice(from, to), { headingLevels: 'all', frontMatter: false });
  for (let k = blocks.length - 1; k >= 0; k--) {
    const block = blocks[k];
    if (block === undefined) continue;
    if (block.kind === 'heading' && block.level !== 2) break;
    if (block.kind === 'item' && block.raw.includes('<!-- mem:')) {
      start = from + block.line;
      sawMem = true;
    } else if (block.kind === 'heading' && sawMem) {
      start = from + block.line;
    } else if (block.kind === 'gap' || block.kind === 'item') {
      continue;
    } else if (sawMem) {
      break;
    }
  }
  return start;
}

/** Returns the body with a closing fence appended when a fence opened inside it never closes. */
function closeOpenFence(body: string, eol: string): string {
  let fence: string | null = null;
  for (const line of body.split('\n')) {
    if (fence === null) {
      const open = /^ {0,3}(`{3,}|~{3,})([^`]*)$/.exec(line.replace(/\r$/, ''));
      if (open) fence = open[1] ?? null;
    } else {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?$/.exec(line);
      if (close && close[1]?.[0] === fence[0] && (close[1]?.length ?? 0) >= fence.length) fence = null;
    }
  }
  if (fence === null) return body;
  const prefix = body === '' || body.endsWith('\n') ? body : body + eol;
  return `${prefix}${fence}${eol}`;
}
