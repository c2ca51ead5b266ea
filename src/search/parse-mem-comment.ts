/**
 * Reads mem's hidden metadata comment (`<!-- mem:id=abc by=alice at=2026-11-29T10:00:00Z -->`)
 * leniently: key=value pairs in any order, values optionally quoted or percent-encoded, unknown
 * keys ignored. The exact syntax is owned by src/core/memory-file/; search only needs id, author and date.
 */
const MEM_COMMENT = /<!--\s*mem:([\s\S]*?)-->/;
const PAIR = /([A-Za-z][\w-]*)=("[^"]*"|'[^']*'|\S+)/g;
const ANY_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

export type MemComment = { id?: string; author?: string; at?: string };

/** Returns the metadata found in `text` (empty when there is none); never fails. */
export function parseMemComment(text: string): MemComment {
  const match = MEM_COMMENT.exec(text);
  if (!match) return {};
  const out: MemComment = {};
  for (const pair of (match[1] ?? '').matchAll(PAIR)) {
    const key = (pair[1] ?? '').toLowerCase();
    const value = decodeValue(pair[2] ?? '');
    if (value === '') continue;
    if (key === 'id') out.id = value;
    else if (key === 'by' || key === 'author') out.author = value;
    else if (key === 'at' || key === 'date') out.at = value;
  }
  return out;
}

/** Returns `text` without any HTML comment (closed or not), whitespace collapsed; never fails. */
export function stripComments(text: string): string {
  return text.replace(ANY_COMMENT, ' ').replace(/\s+/g, ' ').trim();
}

function decodeValue(raw: string): string {
  const unquoted = /^["'].*["']$/.test(raw) ? raw.slice(1, -1) : raw;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    return unquoted;
  }
}
