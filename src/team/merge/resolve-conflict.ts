/**
 * Settles one conflict in a region body, the way `mem review` (or an agent) decides: keep ours,
 * keep theirs, keep both, or write a new text. The result is an ordinary edit that syncs.
 */
import type { Entry } from '../../core/memory-file/entry.js';
import { MemError } from '../../core/errors.js';
import { editBody } from '../../core/memory-file/edit-body.js';
import { renderEntryItem } from '../../core/memory-file/entry-item.js';
import { parseRegionBody } from '../../core/memory-file/parse-region-body.js';
import { detectEol, splitLines } from '../../core/memory-file/split-lines.js';
import { findTextConflicts } from '../../core/memory-file/text-conflict.js';

export type ConflictChoice = 'ours' | 'theirs' | 'both' | { text: string };

/** Returns the id given to theirs' version when both versions of a conflict are kept. */
function keptBothId(id: string): string {
  return `${id}.2`;
}

/** Returns the body with conflict `conflictId` replaced by the chosen version(s); throws MemError NOT_FOUND when the body has no such conflict. */
export function resolveConflict(body: string, conflictId: string, take: ConflictChoice): string {
  const eol = detectEol(body);
  const parsed = parseRegionBody(body);
  let offset = 0;
  for (const block of parsed.blocks) {
    const start = offset;
    offset += block.raw.length;
    if (block.kind === 'text') {
      const found = findTextConflicts(block.raw).find((c) => c.id === conflictId);
      if (found === undefined) continue;
      const lines = splitLines(block.raw);
      const chosen =
        take === 'ours'
          ? found.ours
          : take === 'theirs'
            ? found.theirs
            : take === 'both'
              ? found.ours + found.theirs
              : withEnd(take.text, eol);
      const raw = lines.slice(0, found.startLine).join('') + chosen + lines.slice(found.endLine).join('');
      return body.slice(0, start) + raw + body.slice(offset);
    }
    const item = block.item;
    if (item?.kind !== 'conflict' || item.id !== conflictId) continue;
    const { ours, theirs, base } = item.conflict;
    const keep: Entry[] = [];
    if (take === 'ours' && ours) keep.push(ours);
    else if (take === 'theirs' && theirs) keep.push(theirs);
    else if (take === 'both') {
      if (ours) keep.push(ours);
      if (theirs) keep.push(ours ? { ...theirs, id: keptBothId(conflictId) } : theirs);
    } else if (typeof take === 'object') {
      const from = ours ?? theirs ?? base;
      keep.push({ id: conflictId, section: block.section, text: take.text, provenance: from?.provenance ?? {} });
    }
    // What is kept stays on the branch when every version is of that branch; a conflict across
    // scopes (a landed branch's entry against a team-wide one) is settled team-wide.
    const scopes = new Set(
      [ours, theirs].filter((version): version is Entry => version !== null).map((version) => version.provenance.scope),
    );
    const scope = scopes.size === 1 ? [...scopes][0] : undefined;
    const entries = keep.map((entry) => {
      const { scope: _scope, ...provenance } = entry.provenance;
      return {
        ...entry,
        id: entry.id === keptBothId(conflictId) ? entry.id : conflictId,
        provenance: scope === undefined ? provenance : { ...provenance, scope },
      };
    });
    const raw = entries.map((entry) => renderEntryItem(entry, { eol })).join('');
    const next = body.slice(0, start) + raw + body.slice(offset);
    // A version from another section goes back there, as a plain edit.
    const moves = entries
      .filter((entry) => entry.section !== block.section && entry.section !== '')
      .map((entry) => ({ op: 'move' as const, id: entry.id, section: entry.section }));
    return moves.length === 0 ? next : editBody(next, moves, { sections: parsed.sections, eol }).body;
  }
  throw new MemError('NOT_FOUND', `No conflict with id ${conflictId} in the mem region.`, {
    hint: 'Run `mem review --list` to see the conflicts that are waiting.',
  });
}

function withEnd(text: string, eol: string): string {
  return text === '' || text.endsWith('\n') ? text : text + eol;
}
