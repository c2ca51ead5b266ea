/**
 * Which item an id a person typed names: the id itself, or the start of exactly one id. One rule
 * for every command that takes an id (`mem forget`, `mem blame`, `mem candidates --accept/--reject`,
 * `mem review --resolve`, `mem review --stale --resolve`, `mem review --let-in/--keep-out`), so a prefix that works in one
 * works in all and an ambiguous one is never settled by picking the first.
 */
import { MemError } from './errors.js';

/**
 * The shortest prefix that may name an item (git abbreviates hashes to 4 as well): a shorter one
 * is a slip of the finger away from another item, and the commands that take one delete or let in.
 */
export const MIN_ID_PREFIX = 4;

/** The ids named at most in an error: the rest are counted. */
const NAMED_IDS = 5;

/**
 * found: `items` are those with that one id (a memory can be in several files, a quarantine holds
 * one record per arrival). ambiguous: the prefix starts several ids. too-short: it starts one or
 * more, but is shorter than MIN_ID_PREFIX. none: nothing has it.
 */
export type IdResolution<T> =
  | { kind: 'found'; id: string; items: T[]; by: 'id' | 'prefix' }
  | { kind: 'ambiguous'; ids: string[]; items: T[] }
  | { kind: 'too-short'; ids: string[] }
  | { kind: 'none' };

/**
 * Resolves `typed` among `items`: the exact id first, then the id whatever its case (ids are typed
 * from a listing, where case is easy to get wrong and never tells two ids apart), then a prefix of
 * MIN_ID_PREFIX characters or more that starts exactly one id, whatever its case.
 */
export function resolveId<T extends { id: string }>(typed: string, items: readonly T[]): IdResolution<T> {
  const wanted = typed.trim();
  if (wanted === '') return { kind: 'none' };
  const exact = items.filter((item) => item.id === wanted);
  if (exact.length > 0) return { kind: 'found', id: wanted, items: exact, by: 'id' };
  const lower = wanted.toLowerCase();
  const sameButCase = items.filter((item) => item.id.toLowerCase() === lower);
  if (sameButCase.length > 0) return byIds(sameButCase, 'id');
  const starting = items.filter((item) => item.id.toLowerCase().startsWith(lower));
  if (starting.length === 0) return { kind: 'none' };
  if (wanted.length < MIN_ID_PREFIX) return { kind: 'too-short', ids: idsOf(starting) };
  return byIds(starting, 'prefix');
}

function byIds<T extends { id: string }>(items: T[], by: 'id' | 'prefix'): IdResolution<T> {
  const ids = idsOf(items);
  return ids.length === 1 && ids[0] !== undefined
    ? { kind: 'found', id: ids[0], items, by }
    : { kind: 'ambiguous', ids, items };
}

function idsOf(items: readonly { id: string }[]): string[] {
  return [...new Set(items.map((item) => item.id))];
}

/** The one item `typed` names among `items` (all its versions); throws unresolvedIdError otherwise. */
export function requireId<T extends { id: string }>(
  typed: string,
  items: readonly T[],
  kind: IdKind,
): { id: string; items: T[] } {
  const resolution = resolveId(typed, items);
  if (resolution.kind !== 'found') throw unresolvedIdError(typed, resolution, kind);
  return resolution;
}

/** What a command calls the items it resolves ids among, for its errors. */
export type IdKind = {
  /** One item: "stale entry". */
  noun: string;
  /** Several: "stale entries". */
  nouns: string;
  /** Where they were looked for: "in this clone's team memory". */
  where: string;
  /** The command that lists them with their ids: "mem review --stale". */
  list: string;
};

/**
 * The NOT_FOUND error for an id `typed` that names no single item of `kind`: what failed, what
 * was expected, where, and (the hint) what to do.
 */
export function unresolvedIdError(
  typed: string,
  resolution: Exclude<IdResolution<unknown>, { kind: 'found' }>,
  kind: IdKind,
): MemError {
  const wanted = typed.trim().slice(0, 80);
  const listed = `\`${kind.list}\` lists them with their ids`;
  switch (resolution.kind) {
    case 'ambiguous':
      return new MemError(
        'NOT_FOUND',
        `${wanted} starts ${resolution.ids.length} ${kind.nouns} ${kind.where} (${named(resolution.ids)}): expected the start of one id only`,
        { hint: `Give more of the id, enough to tell them apart; ${listed}.` },
      );
    case 'too-short':
      return new MemError(
        'NOT_FOUND',
        `${wanted} is too short to name a ${kind.noun} ${kind.where}: expected a whole id or its first ${MIN_ID_PREFIX} characters or more`,
        { hint: `Give at least ${MIN_ID_PREFIX} characters of the id; ${listed}.` },
      );
    case 'none':
      return new MemError(
        'NOT_FOUND',
        `no ${kind.noun} has the id ${wanted} ${kind.where}: expected a whole id or its first ${MIN_ID_PREFIX} characters or more`,
        { hint: `Run \`${kind.list}\`: it lists them with their ids.` },
      );
  }
}

function named(ids: readonly string[]): string {
  return ids.length > NAMED_IDS
    ? `${ids.slice(0, NAMED_IDS).join(', ')} and ${ids.length - NAMED_IDS} more`
    : ids.join(', ');
}
