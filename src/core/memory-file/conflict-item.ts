/**
 * A merge conflict on one entry, kept visibly in the file as one list item:
 *
 * ```markdown
 * - ⚠ mem conflict 01j9z3k4: keep one version below and delete the rest, or run `mem review` <!-- mem:conflict id=01j9z3k4 -->
 *   - ours (alice, 2025-01-05): Use pnpm 9. <!-- mem:side=ours id=01j9z3k4 by=alice at=2025-01-05T10:00:00Z -->
 *   - theirs (bob, 2025-01-06): Use yarn. <!-- mem:side=theirs id=01j9z3k4 by=bob at=2025-01-06T09:00:00Z -->
 *   - base: Use pnpm. <!-- mem:side=base id=01j9z3k4 by=alice at=2025-01-02T10:00:00Z -->
 * ```
 *
 * A side that deleted the entry reads `- theirs: (deleted) <!-- mem:side=theirs del=1 -->`; a side
 * whose entry sits in another section carries `sec=<Section>`. When a human deletes all versions but
 * one, the item reads back as that plain entry (resolved by hand); when only `(deleted)` remains,
 * the item means "removed".
 */
import type { Entry } from './entry.js';
import { itemContentLines, joinContent, readEntryItem, renderEntryItem } from './entry-item.js';
import { encodeAttribute, findMemComment, formatMemComment, provenanceFromAttributes } from './mem-comment.js';
import { scanLines } from './scan-blocks.js';
import type { ItemBlock } from './scan-blocks.js';

export type ConflictSide = 'ours' | 'theirs' | 'base';

export type Conflict = {
  /** The entry id for entry conflicts; `text-<hash>` for free-text conflicts. */
  id: string;
  kind: 'entry' | 'text';
  /** Section the conflict sits in ('' before the first heading). */
  section: string;
  /** 1-based line of the conflict in the text it was read from. */
  line: number;
  /** null: that side deleted the entry (for base: the entry did not exist). */
  ours: Entry | null;
  theirs: Entry | null;
  base: Entry | null;
  /** For free-text conflicts, the three versions of the text. */
  text?: { ours: string; base: string; theirs: string };
};

export type ConflictVersions = Pick<Conflict, 'id' | 'ours' | 'theirs' | 'base'>;

export type ConflictItemReading =
  { kind: 'conflict'; conflict: ConflictVersions } | { kind: 'resolved'; entry: Entry } | { kind: 'removed' };

const LABEL_RE = /^(ours|theirs|base)(?: \([^()\r\n]*\))?: ?/;

/** Returns the instruction line a human sees for the conflict on `id`. */
function conflictHeadline(id: string): string {
  return `⚠ mem conflict ${id}: keep one version below and delete the rest, or run \`mem review\``;
}

/** Returns the markdown of a conflict item placed in `section`, lines ended with `eol`; never fails. */
export function renderConflictItem(conflict: ConflictVersions, section: string, eol: string): string {
  let out = `- ${conflictHeadline(conflict.id)} <!-- mem:conflict id=${encodeAttribute(conflict.id)} -->${eol}`;
  const sides: Array<[ConflictSide, Entry | null]> = [
    ['ours', conflict.ours],
    ['theirs', conflict.theirs],
  ];
  if (conflict.base !== null) sides.push(['base', conflict.base]);
  for (const [side, entry] of sides) {
    if (entry === null) {
      out += `  - ${side}: (deleted) ${formatMemComment([
        ['side', side],
        ['del', '1'],
      ])}${eol}`;
      continue;
    }
    out += renderEntryItem(entry, {
      eol,
      indent: 2,
      label: `${sideLabel(side, entry)}: `,
      extra: [
        ['side', side],
        ['sec', entry.section === section ? undefined : entry.section],
      ],
    });
  }
  return out;
}

function sideLabel(side: ConflictSide, entry: Entry): string {
  const parts: string[] = [];
  if (entry.provenance.author) parts.push(entry.provenance.author.replace(/[()\r\n]/g, ''));
  if (entry.provenance.at) parts.push(entry.provenance.at.slice(0, 10));
  return parts.length === 0 ? side : `${side} (${parts.join(', ')})`;
}

/** Returns what a conflict item means now (still a conflict, resolved by hand, or removed), or null when it is not a conflict item. */
export function readConflictItem(
  block: Pick<ItemBlock, 'lines' | 'contentColumn'>,
  section: string,
): ConflictItemReading | null {
  if (!(block.lines[0] ?? '').includes('<!-- mem:conflict')) return null;
  const header = findMemComment(block.lines[0] ?? '');
  if (header === null || header.attributes['conflict'] === undefined) return null;
  const id = header.attributes['id'] ?? '';
  const nested = itemContentLines(block)
    .slice(1)
    .map((line) => `${line}\n`);
  const versions: Partial<Record<ConflictSide, Entry | null>> = {};
  let count = 0;
  let deletions = 0;
  for (const sub of scanLines(nested, { headingLevels: 'sections', frontMatter: false })) {
    if (sub.kind !== 'item') continue;
    const content = itemContentLines(sub);
    const label = LABEL_RE.exec(content[0] ?? '');
    const found = findMemComment(content[0] ?? '');
    const side = (found?.attributes['side'] ?? label?.[1]) as ConflictSide | undefined;
    if (side !== 'ours' && side !== 'theirs' && side !== 'base') continue;
    if (found?.attributes['del'] !== undefined) {
      versions[side] = null;
      deletions++;
      continue;
    }
    const read = readEntryItem(sub);
    const text = joinContent([
      (read.text.split('\n')[0] ?? '').replace(LABEL_RE, ''),
      ...read.text.split('\n').slice(1),
    ]);
    const sec = found?.attributes['sec'];
    versions[side] = {
      id: found?.attributes['id'] ?? id,
      section: sec ?? section,
      text,
      provenance: found ? provenanceFromAttributes(found.attributes) : {},
    };
    count++;
  }
  if (count === 1 && deletions === 0) {
    const only = versions.ours ?? versions.theirs ?? versions.base;
    if (only) return { kind: 'resolved', entry: { ...only, id, section } };
  }
  if (count === 0) return { kind: 'removed' };
  return {
    kind: 'conflict',
    conflict: { id, ours: versions.ours ?? null, theirs: versions.theirs ?? null, base: versions.base ?? null },
  };
}
