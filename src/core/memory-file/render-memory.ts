/**
 * Renders shared memory (the working body: sections, entries, conflicts) as the plain markdown an
 * agent loads: no ids, no provenance, no `mem:` comment, nothing that reads as a marker, heading
 * or import of anyone's. Each top-level list item of the output maps back to one id (`items`), so
 * a human's edit of the rendered file can be read back (read-back.ts).
 */
import type { Entry } from './entry.js';
import type { ConflictVersions } from './conflict-item.js';
import { parseRegionBody } from './parse-region-body.js';
import { fitNewestEntries, omittedNote } from './render-budget.js';
import { findCodeSpans } from './find-code-spans.js';
import { isVisibleIn, type ScopeView } from './entry-scope.js';
import { findBranchOverrides } from './branch-overrides.js';

/** What the rendering is for: the agent's rules file, or a snapshot block inside a human file. */
export type RenderTarget = 'rules-file' | 'snapshot';

/** Who reads the rendering: their own versions of a conflict are "your version". */
export type Reader = { name: string | null; email: string | null };

export type RenderOptions = {
  target: RenderTarget;
  /** Section order (config `region.sections`); other sections follow in body order. */
  sections: readonly string[];
  reader: Reader;
  /** The rendering's size budget in characters (config `team.renderMaxChars`, render-budget.ts); none: everything is shown. */
  maxChars?: number;
  /** Whose entries are shown (entry-scope.ts): another branch's are left out; none: every entry. */
  view?: ScopeView;
  /** Which entries this rendering shows (null asks about the conflicts), for the path-scoped split (render-path-scoped.ts); none: all. */
  include?: (entry: Entry | null) => boolean;
  /** The qualifier an entry is shown with ("(may be outdated: …)"), or null: what the agent must not take as fact as it stands. */
  qualify?: (entry: Entry) => string | null;
};

/** One list item of a rendering: the id it shows and, when rendered, its 1-based line. */
export type RenderedItem = { id: string; kind: 'entry' | 'conflict'; line?: number };

export type Rendering = {
  text: string;
  /** One per top-level list item of `text`, in order. */
  items: RenderedItem[];
};

/**
 * A column-0 HTML comment: Claude Code drops it before the model reads the file (measured with
 * 2.1.197), so it explains the file to a human at no token cost. It names no one and no id.
 */
export const RULES_FILE_NOTE =
  '<!-- Team memory rendered by mem from the team ref. Edit it freely: mem reads your edits back at the next session start or sync. Git ignores this file; do not commit it. -->';
export const RULES_FILE_TITLE = '# Team memory';
export const SNAPSHOT_BEGIN =
  '<!-- team memory snapshot (written by `mem render --into`; regenerate rather than edit) -->';
export const SNAPSHOT_END = '<!-- end of team memory snapshot -->';

/** Returns the rendering of a working body for `options.target`; never fails. */
export function renderMemory(body: string, options: RenderOptions): Rendering {
  const bySection = new Map<
    string,
    Array<{ kind: 'entry'; entry: Entry } | { kind: 'conflict'; conflict: ConflictVersions }>
  >();
  const order: string[] = [];
  // Note: each section's title is made safe once, not once per entry (20,000 entries, a handful of sections).
  const titles = new Map<string, string>();
  const push = (
    section: string,
    value: { kind: 'entry'; entry: Entry } | { kind: 'conflict'; conflict: ConflictVersions },
  ) => {
    let key = titles.get(section);
    if (key === undefined) {
      key = safeSection(section);
      titles.set(section, key);
    }
    if (!bySection.has(key)) {
      bySection.set(key, []);
      order.push(key);
    }
    bySection.get(key)?.push(value);
  };
  const visible: Array<{
    section: string;
    value: { kind: 'entry'; entry: Entry } | { kind: 'conflict'; conflict: ConflictVersions };
  }> = [];
  for (const { section, item } of parseRegionBody(body).blocks) {
    if (item === undefined) continue;
    if (item.kind === 'entry' || item.kind === 'resolved') {
      if (
        (options.view === undefined || isVisibleIn(item.entry.provenance.scope, options.view)) &&
        (options.include === undefined || options.include(item.entry))
      )
        visible.push({ section, value: { kind: 'entry', entry: item.entry } });
    } else if (
      item.kind === 'conflict' &&
      isConflictVisible(item.conflict, options.view) &&
      (options.include === undefined || options.include(null))
    )
      visible.push({ section, value: { kind: 'conflict', conflict: item.conflict } });
  }
  // On a branch, its own entry stands in for the team-wide one it contradicts, and says so.
  const branch = options.view?.kind === 'branch' ? options.view.branch : null;
  const overrides = findBranchOverrides(
    visible.flatMap(({ value }) => (value.kind === 'entry' ? [value.entry] : [])),
    branch,
  );
  const overridden = new Map<string, string[]>();
  for (const [teamId, mine] of overrides) {
    const team = visible.find(({ value }) => value.kind === 'entry' && value.entry.id === teamId);
    if (team?.value.kind === 'entry')
      overridden.set(mine.id, [...(overridden.get(mine.id) ?? []), team.value.entry.text]);
  }
  for (const { section, value } of visible)
    if (value.kind === 'conflict' || !overrides.has(value.entry.id)) push(section, value);
  const qualify =
    overridden.size === 0
      ? options.qualify
      : (entry: Entry) => joinQualifiers(options.qualify?.(entry) ?? null, overrideNote(overridden.get(entry.id)));
  const known = options.sections.filter((section) => bySection.has(section));
  const sections = [...known, ...order.filter((section) => !known.includes(section))];
  return layOutRendering(
    sections.map((title) => {
      const values = bySection.get(title) ?? [];
      const rendered = values.map((value) =>
        value.kind === 'entry' ? [entryLine(value.entry, qualify)] : renderConflict(value.conflict, options.reader),
      );
      return {
        title,
        count: values.length,
        conflicts: values.flatMap((value, index) => (value.kind === 'conflict' ? [index] : [])),
        id: (index: number) => {
          const value = values[index] as (typeof values)[number];
          return value.kind === 'entry' ? value.entry.id : value.conflict.id;
        },
        lines: (index: number) => rendered[index] as string[],
      };
    }),
    options,
  );
}

/** A conflict is shown where any of its versions would be: one within a branch's entries stays on that branch. */
function isConflictVisible(conflict: ConflictVersions, view: ScopeView | undefined): boolean {
  if (view === undefined) return true;
  const versions = [conflict.ours, conflict.theirs].filter((version): version is Entry => version !== null);
  return versions.length === 0 || versions.some((version) => isVisibleIn(version.provenance.scope, view));
}

/** What a branch entry that overrides team-wide ones says after its text. */
const OVERRIDE_HEAD = '(on this branch, instead of the team-wide rule: ';

/** Returns the note a branch entry that stands in for the team-wide entries of `texts` carries, or null for none. */
export function overrideNote(texts: readonly string[] | undefined): string | null {
  if (texts === undefined || texts.length === 0) return null;
  const quoted = texts.map((text) => {
    const plain = plainText(text).replace(/[()]/g, '');
    return `"${plain.length > 140 ? `${plain.slice(0, 139)}…` : plain}"`;
  });
  return `${OVERRIDE_HEAD}${quoted.join('; ')})`;
}

function joinQualifiers(first: string | null, second: string | null): string | null {
  return first === null ? second : second === null ? first : `${first} ${second}`;
}

/** Returns a rendered line's text without the override note mem put after it (read back as the person's words only). */
export function stripOverrideNote(text: string): string {
  const at = text.lastIndexOf(` ${OVERRIDE_HEAD}`);
  return at >= 0 && text.endsWith(')') ? text.slice(0, at) : text;
}

function entryLine(entry: Entry, qualify: RenderOptions['qualify']): string {
  const qualifier = qualify?.(entry) ?? null;
  return qualifier === null ? `- ${plainText(entry.text)}` : `- ${plainText(entry.text)} ${plainText(qualifier)}`;
}

/**
 * One section of a rendering as layOutRendering reads it: its safe title, how many items it has,
 * which of them are conflicts (ascending), and each item's id and lines, asked for only when
 * needed (a sync at 20,000 entries renders the few hundred that are shown).
 */
export type RenderSection = {
  title: string;
  count: number;
  conflicts: readonly number[];
  id: (index: number) => string;
  lines: (index: number) => string[];
};

/** The rendering of `sections` (in the order given) within `options.maxChars` (render-budget.ts). */
function layOutRendering(sections: readonly RenderSection[], options: RenderOptions): Rendering {
  const head = options.target === 'rules-file' ? [RULES_FILE_NOTE, RULES_FILE_TITLE, ''] : [SNAPSHOT_BEGIN, ''];
  const level = options.target === 'rules-file' ? '##' : '###';
  const shownFrom = firstShownEntries(sections, head, level, options.maxChars);
  const lines: string[] = [...head];
  const items: RenderedItem[] = [];
  let omitted = 0;
  sections.forEach((section, s) => {
    const from = shownFrom[s] as number;
    // Shown: every conflict, and every item from `from` on (the newest entries).
    const shown = [...section.conflicts.filter((index) => index < from)];
    omitted += from - shown.length;
    for (let index = from; index < section.count; index += 1) shown.push(index);
    if (shown.length === 0) return;
    const conflicts = new Set(section.conflicts);
    lines.push(`${level} ${section.title}`, '');
    for (const index of shown) {
      items.push({ id: section.id(index), kind: conflicts.has(index) ? 'conflict' : 'entry', line: lines.length + 1 });
      lines.push(...section.lines(index));
    }
    lines.push('');
  });
  if (omitted > 0 && options.maxChars !== undefined) lines.push(omittedNote(omitted, options.maxChars), '');
  if (options.target === 'snapshot') lines.push(SNAPSHOT_END);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return { text: `${lines.join('\n')}\n`, items };
}

/** Per section, the index from which its entries are shown (conflicts always are): its newest entries that fit, all of them without a budget. */
function firstShownEntries(
  sections: readonly RenderSection[],
  head: readonly string[],
  level: string,
  maxChars: number | undefined,
): number[] {
  if (maxChars === undefined) return sections.map(() => 0);
  const size = (lines: readonly string[]) => lines.reduce((sum, line) => sum + line.length + 1, 0);
  // Note: the note's size is set aside up front (with as many digits as there are items): whether
  // anything is left out is only known once the budget is shared, and the file must fit either way.
  const all = sections.reduce((sum, section) => sum + section.count, 0);
  let available = maxChars - size(head) - size([omittedNote(all, maxChars), '']) - size([SNAPSHOT_END]);
  // The index of each section's k-th newest entry (most sections hold no conflict: no table).
  const newest = sections.map((section) => {
    available -= size([`${level} ${section.title}`, '', '']);
    for (const index of section.conflicts) available -= size(section.lines(index));
    if (section.conflicts.length === 0) return (k: number) => section.count - 1 - k;
    const conflicts = new Set(section.conflicts);
    const entries: number[] = [];
    for (let index = section.count - 1; index >= 0; index -= 1) if (!conflicts.has(index)) entries.push(index);
    return (k: number) => entries[k] as number;
  });
  const taken = fitNewestEntries(
    sections.map((section, s) => ({
      entries: section.count - section.conflicts.length,
      size: (k: number) => size(section.lines((newest[s] as (k: number) => number)(k))),
    })),
    Math.max(0, available),
  );
  return sections.map((section, s) =>
    (taken[s] as number) === 0 ? section.count : (newest[s] as (k: number) => number)((taken[s] as number) - 1),
  );
}

/** The label and both versions of a conflict, from the reader's point of view. */
function renderConflict(conflict: ConflictVersions, reader: Reader): string[] {
  const versions = [conflict.ours, conflict.theirs];
  const out = ['- Two versions of this memory wait for a decision (`mem review` settles it for the whole team):'];
  for (const version of versions) {
    const label = versionLabel(version, reader);
    out.push(`  - ${label}: ${version === null ? '(deleted)' : plainText(version.text)}`);
  }
  return out;
}

/** Returns "Your version (2026-12-01)" or "Alice's version (2026-12-01, on branch feature/x)" for one side of a conflict. */
export function versionLabel(version: Entry | null, reader: Reader): string {
  const author = version?.provenance.author ?? null;
  const day = version?.provenance.at?.slice(0, 10);
  const scope = version?.provenance.scope;
  const notes = [...(day ? [day] : []), ...(scope === undefined ? [] : [`on branch ${scope}`])];
  const when = notes.length > 0 ? ` (${notes.join(', ')})` : '';
  if (author === null) return `A teammate's version${when}`;
  if (isReader(author, reader)) return `Your version${when}`;
  return `${safeName(author)}'s version${when}`;
}

function isReader(author: string, reader: Reader): boolean {
  const wanted = author.trim().toLowerCase();
  return (
    wanted !== '' && (wanted === reader.name?.trim().toLowerCase() || wanted === reader.email?.trim().toLowerCase())
  );
}

/** A name as a label: one line, no markup that could become structure. */
function safeName(name: string): string {
  return (
    plainText(name)
      .replace(/[[\]()*_`#<>]/g, '')
      .slice(0, 60) || 'A teammate'
  );
}

/** A section title as a heading: one line, no heading or comment syntax inside. */
function safeSection(section: string): string {
  const title = plainText(section)
    .replace(/^#+\s*/, '')
    .replace(/[<>]/g, '')
    .trim();
  return title === '' ? 'Notes' : title.slice(0, 60);
}

/**
 * Returns entry text as one line of plain markdown that cannot become structure: line breaks
 * folded, HTML comment openers escaped (no marker, no hidden text), and every `@path` outside a
 * code span put inside one, since Claude Code follows `@path` imports in memory files but not in
 * code spans. Where the text has code spans, they are found as CommonMark finds them.
 */
export function plainText(text: string): string {
  // Note: most entries hold none of what is rewritten below (a line break, a code span, `<`, `>`, `@`).
  if (!PLAIN_UNSAFE.test(text)) return text.trim();
  const folded = text.replace(/\s*\r?\n\s*/g, ' ').trim();
  if (!REWRITTEN.test(folded)) return folded;
  // Note: without a backtick there is no code span, and no parser is needed to say so.
  const spans = folded.includes('`') ? findCodeSpans(folded) : [];
  const gaps = [...spans, { start: folded.length, end: folded.length }].map((span, at) => ({
    start: at === 0 ? 0 : (spans[at - 1]?.end ?? 0),
    span,
  }));
  // A fence longer than any backtick left outside code (which pairs with nothing so far) pairs with nothing but itself.
  const loose = gaps.flatMap(({ start, span }) => folded.slice(start, span.start).match(/`+/g) ?? []);
  const fence = '`'.repeat(Math.max(0, ...loose.map((run) => run.length)) + 1);
  return gaps
    .map(({ start, span }) => rewriteOutsideCode(folded, start, span.start, fence) + folded.slice(span.start, span.end))
    .join('');
}

/** What plainText may have to rewrite: without any of these it only trims. */
const PLAIN_UNSAFE = /[\r\n`<>@]/;
/** What rewriteOutsideCode changes. */
const REWRITTEN = /@|<!--|-->/;

/**
 * An `@path` where Claude Code would read an import, with the backslashes before it (an odd number
 * escapes the `@` itself). It ends at a `)`, a quote or a `>` too: a link destination, a link title or
 * an HTML tag open before it reads raw characters up to one of those, and a fence that closed after it
 * would leave its opening backtick inside (`[](@.env)@.env` read as a link to "`@.env", then the text
 * "@.env`"). What follows the closing character is asked again.
 */
const IMPORT = /(\\*)(@[^\s`)"'>]+)/g;

/**
 * Returns `text` from `start` to `end` (outside any code span) with comment openers and closers
 * escaped and each `@path` put in a code span of `fence`: wherever Claude Code would read an
 * import, that is at the start of a run of text (after a code span, an emphasis, a link) or after
 * anything but a letter or digit (an e-mail address stays as it is).
 */
function rewriteOutsideCode(text: string, start: number, end: number, fence: string): string {
  const part = text.slice(start, end).replace(/<!--/g, '&lt;!--').replace(/-->/g, '--&gt;');
  let out = '';
  let index = 0;
  IMPORT.lastIndex = 0;
  for (let match = IMPORT.exec(part); match !== null; match = IMPORT.exec(part)) {
    const slashes = match[1] ?? '';
    // Backslashes that end the path escape what follows it (`@.env\` before a backtick): they stay outside the fence,
    // or the backtick they escaped would pair up with the next code span and leave a later `@path` outside code.
    const path = (match[2] ?? '').replace(/\\+$/, '');
    const escaping = (match[2] ?? '').slice(path.length);
    // Note: at the part's ends, the neighbour is a code span's backtick (or nothing).
    const before = (match.index > 0 ? part[match.index - 1] : text[start - 1]) ?? '';
    if (slashes.length % 2 === 1 || (slashes === '' && /[A-Za-z0-9]/.test(before)) || path === '@') {
      // Not an import here (an `@` with only backslashes after it names no file); an `@` later in the same word may be
      // one (`a@b<b>@.env`).
      IMPORT.lastIndex = match.index + slashes.length + 1;
      continue;
    }
    const next = IMPORT.lastIndex;
    const after = (next < part.length ? part[next] : text[end]) ?? '';
    // An autolink open before it (`<.@a>`, whose e-mail local part may hold a backtick; `<http://x)@a>`, whose address
    // may hold anything but a blank and angle brackets) would take the fence's backtick in; a blank ends either.
    const inAutolink = /<[^\s<>]*$/.test(part.slice(0, match.index));
    // A backtick right before or after the fence would lengthen it; a space keeps them apart.
    out += `${part.slice(index, match.index)}${(before === '`' || inAutolink) && slashes === '' ? ' ' : ''}${slashes}${fence}${path}${fence}${escaping}${escaping === '' && after === '`' ? ' ' : ''}`;
    index = next;
  }
  return out + part.slice(index);
}
