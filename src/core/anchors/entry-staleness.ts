/**
 * One entry's staleness, in the words a person and the agent read: its anchors' states, why it is
 * stale or changed, and the short qualifier the rendered memory puts after a stale entry. The
 * qualifier names only repository things (paths, scripts, targets): no id, no metadata.
 */
import { worstState, type AnchorState, type AnchorStatus } from './anchor.js';

export type EntryStaleness = {
  id: string;
  text: string;
  section: string;
  status: AnchorState;
  anchors: Array<{ kind: string; value: string; status: AnchorState; renamedTo?: string }>;
  reasons: string[];
};

/** Returns an entry's staleness from its anchors' statuses; never fails. */
export function entryStaleness(
  entry: { id: string; text: string; section: string },
  statuses: readonly AnchorStatus[],
): EntryStaleness {
  return {
    id: entry.id,
    text: entry.text,
    section: entry.section,
    status: worstState(statuses.map((status) => status.status)),
    anchors: statuses.map(({ anchor, status, renamedTo }) =>
      renamedTo === undefined
        ? { kind: anchor.kind, value: anchor.value, status }
        : { kind: anchor.kind, value: anchor.value, status, renamedTo },
    ),
    reasons: statuses.filter((status) => status.status !== 'fresh').map(reasonOf),
  };
}

/** What one anchor's state means, in a few words ("`src/db.ts` no longer exists", "`src/db.ts` moved to `src/storage/db.ts`"). */
export function reasonOf({ anchor, status, renamedTo }: AnchorStatus): string {
  const name = named(anchor.kind, anchor.value);
  if (status === 'changed') return `${name} changed since this was written`;
  if (renamedTo !== undefined) return `${name} moved to ${code(renamedTo)}`;
  return anchor.kind === 'glob' ? `nothing matches ${code(anchor.value)} any more` : `${name} no longer exists`;
}

function named(kind: string, value: string): string {
  switch (kind) {
    case 'script':
      return `the ${code(value)} script`;
    case 'make':
      return `make target ${code(value)}`;
    case 'just':
      return `just recipe ${code(value)}`;
    case 'go-package':
      return `Go package ${code(value)}`;
    case 'python-module':
      return `Python module ${code(value)}`;
    default:
      return code(value);
  }
}

function code(value: string): string {
  return `\`${value.replace(/`/g, '')}\``;
}

const QUALIFIER_HEAD = '(may be outdated: ';

/** Returns the qualifier a stale entry is rendered with, or null when it is not stale. */
export function qualifierOf(staleness: Pick<EntryStaleness, 'status' | 'reasons' | 'anchors'>): string | null {
  if (staleness.status !== 'stale') return null;
  const stale = staleness.reasons.filter((reason) => !reason.endsWith('changed since this was written'));
  return `${QUALIFIER_HEAD}${stale.slice(0, 2).join('; ')}${stale.length > 2 ? '; …' : ''})`;
}

/** Returns a rendered line's text without the qualifier mem put after it (a person editing the line keeps their words only). */
export function stripQualifier(text: string): string {
  const at = text.lastIndexOf(` ${QUALIFIER_HEAD}`);
  return at >= 0 && text.endsWith(')') ? text.slice(0, at) : text;
}

/** Returns the entry's text with each path git saw move replaced by its new path (the pending rewrite), or null when none moved. */
export function renamedRewrite(staleness: Pick<EntryStaleness, 'text' | 'anchors'>): string | null {
  let text = staleness.text;
  for (const anchor of staleness.anchors) {
    if (anchor.renamedTo === undefined) continue;
    const from = anchor.value.replace(/^\.\//, '');
    const to =
      anchor.value.endsWith('/') && !anchor.renamedTo.endsWith('/') ? `${anchor.renamedTo}/` : anchor.renamedTo;
    text = text.split(from).join(to);
  }
  return text === staleness.text ? null : text;
}
