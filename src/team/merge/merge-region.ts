/**
 * The entry-aware three-way merge of region bodies (base = what this clone last agreed with the
 * team, ours = local, theirs = fetched). Entries match by id; both sides' additions are kept (ours
 * first, then theirs, at their positions); a deletion applies when the other side left the entry
 * unchanged; different changes to one entry, or a change against a deletion, become a visible
 * conflict item; tombstoned ids stay forgotten; free text merges line by line with diff3.
 */
import type { Conflict } from '../../core/memory-file/conflict-item.js';
import { renderConflictItem } from '../../core/memory-file/conflict-item.js';
import { editBody } from '../../core/memory-file/edit-body.js';
import { renderEntryItem } from '../../core/memory-file/entry-item.js';
import { decodeAttribute } from '../../core/memory-file/mem-comment.js';
import { parseRegionBody, readBodyItem } from '../../core/memory-file/parse-region-body.js';
import { scanBlocks } from '../../core/memory-file/scan-blocks.js';
import type { ItemBlock } from '../../core/memory-file/scan-blocks.js';
import { detectEol, toLf, withEol } from '../../core/memory-file/split-lines.js';
import { listConflicts } from './list-conflicts.js';
import { mergeEntry } from './merge-entry.js';
import type { EntryOutcome, EntryVersion } from './merge-entry.js';
import { mergeText } from './merge-text.js';
import { mergeTokenSequence, toTokens } from './merge-token-sequence.js';
import type { Token } from './merge-token-sequence.js';

export type MergeOptions = {
  /** Ids forgotten on purpose: dropped from the result even when a side still has them. */
  tombstones?: ReadonlySet<string>;
};

export type MergeOutcome = {
  text: string;
  /** Every conflict in the result (new ones and ones still waiting from earlier merges). */
  conflicts: Conflict[];
  /** True when the result holds no conflict. */
  clean: boolean;
};

/** Returns the merged body (in ours' line ending) with its conflicts; never fails: disagreements become conflicts in the text. */
export function mergeRegion(base: string, ours: string, theirs: string, options: MergeOptions = {}): MergeOutcome {
  const eol = detectEol(ours === '' ? theirs : ours);
  const tombstones = options.tombstones ?? new Set<string>();
  const o = withFinalNewline(toLf(base));
  const a = withFinalNewline(toLf(ours));
  const b = withFinalNewline(toLf(theirs));
  let text: string;
  if (a === b || o === b) text = a;
  else if (o === a) text = b;
  else text = mergeBodies(o, a, b, tombstones);
  if (tombstones.size > 0) text = dropTombstoned(text, tombstones);
  text = withEol(text, eol);
  const conflicts = listConflicts(text);
  return { text, conflicts, clean: conflicts.length === 0 };
}

function withFinalNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}

/** One side's item for an id, parsed only when the sides disagree (most entries are unchanged). */
type LazyItem = { id: string; raw: string; section: string; block: ItemBlock; version?: EntryVersion | undefined };
type SideView = { tokens: Token[]; items: Map<string, LazyItem> };

const FAST_ID_RE = /<!-- mem:id=([A-Za-z0-9._~:@+/%-]+)[ \t]/;

function viewOf(body: string): SideView {
  const items = new Map<string, LazyItem>();
  const seen = new Map<string, number>();
  const unique = (id: string): string => {
    const count = (seen.get(id) ?? 0) + 1;
    seen.set(id, count);
    return count === 1 ? id : `${id}~${count}`;
  };
  const headingCount = new Map<string, number>();
  let section = '';
  const tokens = toTokens(scanBlocks(body, { headingLevels: 'sections', frontMatter: false }), (block, index) => {
    if (block.kind === 'heading') {
      section = block.title;
      const count = (headingCount.get(block.title) ?? 0) + 1;
      headingCount.set(block.title, count);
      return `H${block.title}\u0000${count}`;
    }
    if (block.kind !== 'item') return '';
    const first = block.lines[0] ?? '';
    const fast = block.lineCount === 1 && !first.includes('mem:conflict') ? FAST_ID_RE.exec(first) : null;
    if (fast !== null) {
      const id = unique(decodeAttribute(fast[1] ?? ''));
      items.set(id, { id, raw: block.raw, section, block });
      return `E${id}`;
    }
    const item = readBodyItem(block, section, unique);
    if (item.kind === 'removed') return `X${index}`;
    const version: EntryVersion =
      item.kind === 'conflict'
        ? { kind: 'conflict', conflict: item.conflict, raw: block.raw }
        : { kind: 'entry', entry: item.entry, raw: item.kind === 'entry' ? block.raw : null };
    items.set(item.id, { id: item.id, raw: block.raw, section, block, version });
    return `E${item.id}`;
  });
  return { tokens, items };
}

function versionOf(item: LazyItem | undefined): EntryVersion | undefined {
  if (item === undefined) return undefined;
  if (item.version === undefined) {
    const read = readBodyItem(item.block, item.section);
    if (read.kind === 'entry') item.version = { kind: 'entry', entry: { ...read.entry, id: item.id }, raw: item.raw };
    else if (read.kind === 'conflict')
      item.version = { kind: 'conflict', conflict: { ...read.conflict, id: item.id }, raw: item.raw };
    else if (read.kind === 'resolved')
      item.version = { kind: 'entry', entry: { ...read.entry, id: item.id }, raw: null };
  }
  return item.version;
}

function same(x: LazyItem | undefined, y: LazyItem | undefined): boolean {
  return (
    x !== undefined &&
    y !== undefined &&
    x.raw === y.raw &&
    x.section === y.section &&
    x.version?.raw !== null &&
    y.version?.raw !== null
  );
}

/** Returns the outcome without parsing when one side left the item byte-identical (and in place). */
function quickOutcome(
  base: LazyItem | undefined,
  ours: LazyItem | undefined,
  theirs: LazyItem | undefined,
): EntryOutcome | null {
  if (same(ours, theirs) && ours !== undefined) return { kind: 'raw', raw: ours.raw };
  if (same(base, ours))
    return theirs === undefined
      ? { kind: 'drop' }
      : theirs.version?.raw === null
        ? null
        : { kind: 'raw', raw: theirs.raw };
  if (same(base, theirs))
    return ours === undefined ? { kind: 'drop' } : ours.version?.raw === null ? null : { kind: 'raw', raw: ours.raw };
  return null;
}

function mergeBodies(base: string, ours: string, theirs: string, tombstones: ReadonlySet<string>): string {
  const o = viewOf(base);
  const a = viewOf(ours);
  const b = viewOf(theirs);
  const merged = mergeTokenSequence(
    a.tokens,
    o.tokens,
    b.tokens,
    (x, y, z) => mergeText(x, y, z, { eol: '\n', withBase: true }).text,
  );
  const outcomes = new Map<string, EntryOutcome>();
  const outcomeOf = (id: string): EntryOutcome => {
    let outcome = outcomes.get(id);
    if (outcome === undefined) {
      const [x, y, z] = [o.items.get(id), a.items.get(id), b.items.get(id)];
      outcome = tombstones.has(id)
        ? { kind: 'drop' }
        : (quickOutcome(x, y, z) ?? mergeEntry(versionOf(x), versionOf(y), versionOf(z)));
      outcomes.set(id, outcome);
    }
    return outcome;
  };
  // Note: an entry one side deleted and the other changed lost its token in the sequence merge but
  // survives as a conflict; it goes back where the side that still has it put it.
  const placed = new Set(merged.filter((t) => t.kind === 'item').map((t) => t.key));
  for (const side of [a, b]) {
    for (let index = 0; index < side.tokens.length; index++) {
      const token = side.tokens[index];
      if (token === undefined || token.kind !== 'item' || placed.has(token.key) || !token.key.startsWith('E')) continue;
      if (outcomeOf(token.key.slice(1)).kind === 'drop') continue;
      let position = 0;
      for (let k = index - 1; k >= 0; k--) {
        const anchor = side.tokens[k];
        if (anchor === undefined || anchor.kind === 'gap' || anchor.kind === 'text') continue;
        const at = merged.findIndex((t) => t.key === anchor.key);
        if (at !== -1) {
          position = at + 1;
          break;
        }
      }
      merged.splice(position, 0, token);
      placed.add(token.key);
    }
  }
  return assemble(
    placeInAgreedSections(merged, (id) => agreedSection(id, o, a, b), [a, b, o]),
    outcomeOf,
  );
}

/**
 * Returns the section an entry belongs to after the merge: where both sides have it, else where
 * the side that moved it put it (the other left it where base had it); ours when both moved it
 * differently. Undefined for an entry neither side has.
 */
function agreedSection(id: string, base: SideView, ours: SideView, theirs: SideView): string | undefined {
  const [x, y, z] = [base.items.get(id)?.section, ours.items.get(id)?.section, theirs.items.get(id)?.section];
  if (y !== undefined && z !== undefined) return y === z || x === y ? z : y;
  return y ?? z ?? x;
}

/**
 * Note: the token sequence merge orders headings and items by position, and an edge case (one side
 * reorders sections while the other moves entries) can leave an entry under a heading neither side
 * put it under. Sections are decided per entry (agreedSection); this pass moves any stray entry to
 * the end of its agreed section (creating the heading if the merge dropped it), so the merge laws
 * hold and re-merging settles.
 */
function placeInAgreedSections(
  tokens: readonly Token[],
  sectionOf: (id: string) => string | undefined,
  sides: readonly SideView[],
): Token[] {
  type Group = { heading: Token | null; title: string; tokens: Token[] };
  // A heading can come out of the sequence merge twice (both sides moved things around it): one
  // group per section, at its first position, holding everything either occurrence held.
  const groups: Group[] = [{ heading: null, title: '', tokens: [] }];
  let current = groups[0]!;
  for (const token of tokens) {
    if (token.kind === 'heading') {
      const title = headingTitle(token);
      const existing = groups.find((group) => group.heading !== null && group.heading.key === token.key);
      current = existing ?? { heading: token, title, tokens: [] };
      if (existing === undefined) groups.push(current);
    } else {
      current.tokens.push(token);
    }
  }
  const strays: { token: Token; section: string }[] = [];
  for (const group of groups) {
    group.tokens = group.tokens.filter((token) => {
      if (token.kind !== 'item' || !token.key.startsWith('E')) return true;
      const section = sectionOf(token.key.slice(1));
      if (section === undefined || section === group.title) return true;
      strays.push({ token, section });
      return false;
    });
  }
  for (const { token, section } of strays) {
    let group = groups.find((candidate) => candidate.title === section);
    if (group === undefined) {
      const heading = sides
        .flatMap((side) => side.tokens)
        .find((candidate) => candidate.kind === 'heading' && candidate.key.startsWith(`H${section}\u0000`));
      if (heading === undefined) {
        groups[0]!.tokens.push(token);
        continue;
      }
      group = { heading, title: section, tokens: [] };
      groups.push(group);
    }
    group.tokens.push(token);
  }
  const [ours, theirs, base] = sides;
  const ordered = ours && theirs && base ? inSectionOrder(groups, sectionOrder(ours, theirs, base)) : groups;
  return ordered.flatMap((group) => (group.heading ? [group.heading, ...group.tokens] : group.tokens));
}

/** A heading token's section title (its key is `H<title>\u0000<count>`). */
const headingTitle = (token: Token): string => token.key.slice(1, token.key.lastIndexOf('\u0000'));
const headingTitles = (side: SideView): string[] =>
  side.tokens.filter((token) => token.kind === 'heading').map(headingTitle);

/**
 * The order of sections the merge keeps: theirs when ours left base's order as it was, else
 * ours. Why: the sequence merge orders headings by position, and where one side moved entries
 * across sections its tie-breaks could put two sections either way, so re-merging a result
 * swapped them back and forth and never settled (found by the merge laws' property test).
 */
function sectionOrder(ours: SideView, theirs: SideView, base: SideView): string[] {
  const [a, o] = [headingTitles(ours), headingTitles(base)];
  const kept =
    a.filter((title) => o.includes(title)).join('\u0000') === o.filter((title) => a.includes(title)).join('\u0000');
  return kept ? headingTitles(theirs) : a;
}

/** `groups` (the one before any heading first) with the sections `order` names in that order; any other right after the section it followed. */
function inSectionOrder<G extends { heading: Token | null; title: string }>(
  groups: readonly G[],
  order: readonly string[],
): G[] {
  const [free, ...titled] = groups;
  const out = titled
    .filter((group) => order.includes(group.title))
    .sort((x, y) => order.indexOf(x.title) - order.indexOf(y.title));
  titled.forEach((group, index) => {
    if (order.includes(group.title)) return;
    const previous = titled
      .slice(0, index)
      .reverse()
      .find((candidate) => out.includes(candidate));
    out.splice(previous === undefined ? 0 : out.indexOf(previous) + 1, 0, group);
  });
  return free === undefined ? out : [free, ...out];
}

/**
 * Joins merged tokens: each entry once (at its first position), headings once, sections left
 * empty dropped. Note: blank lines are laid out canonically (one around headings and free text,
 * none between items) instead of being merged, so re-merging a result is stable byte for byte.
 */
function assemble(tokens: readonly Token[], outcomeOf: (id: string) => EntryOutcome): string {
  const emitted = new Set<string>();
  const parts: string[] = [];
  let last: Token['kind'] | null = null;
  let pendingHeading: string | null = null;
  let section = '';
  const emit = (kind: 'item' | 'text', raw: string): void => {
    if (pendingHeading !== null) {
      if (last !== null) parts.push('\n');
      parts.push(pendingHeading, '\n');
      pendingHeading = null;
      last = 'heading';
    } else if (last !== null && (kind === 'text' || last === 'text')) {
      parts.push('\n');
    }
    parts.push(raw.endsWith('\n') ? raw : `${raw}\n`);
    last = kind;
  };
  for (const token of tokens) {
    if (token.kind === 'gap') continue;
    if (token.kind === 'text') {
      emit('text', token.raw);
      continue;
    }
    if (token.kind === 'heading') {
      if (emitted.has(token.key)) continue;
      emitted.add(token.key);
      section = headingTitle(token);
      pendingHeading = token.raw.endsWith('\n') ? token.raw : `${token.raw}\n`;
      continue;
    }
    if (!token.key.startsWith('E')) {
      emit('item', token.raw);
      continue;
    }
    if (emitted.has(token.key)) continue;
    emitted.add(token.key);
    const outcome = outcomeOf(token.key.slice(1));
    if (outcome.kind === 'drop') continue;
    if (outcome.kind === 'raw') emit('item', outcome.raw);
    else if (outcome.kind === 'entry') emit('item', renderEntryItem(outcome.entry, { eol: '\n' }));
    else emit('item', renderConflictItem(outcome.conflict, section, '\n'));
  }
  return parts.join('');
}

function dropTombstoned(body: string, tombstones: ReadonlySet<string>): string {
  const ids = parseRegionBody(body)
    .blocks.map((block) => block.item?.id)
    .filter((id): id is string => id !== undefined && tombstones.has(id));
  if (ids.length === 0) return body;
  return editBody(
    body,
    ids.map((id) => ({ op: 'remove' as const, id })),
    { sections: [], eol: '\n' },
  ).body;
}
