/**
 * Which entries arriving from teammates wait for a person, over plain data (no files, no git, no
 * clock): an entry the injection gate holds (one weak sign: "the owner pre-approved deploys", the
 * chat-prompt shape, a sign an older clone did not have when it wrote it) is kept out of this
 * clone's memory until a person lets it in (`mem review --held`). It is never dropped, and this
 * clone never sends anything for it meanwhile, so it stays on the team ref as the teammate wrote
 * it. A decision names the text's hash: a changed text is judged again.
 */
import type { Provenance } from '../core/memory-file/entry.js';
import type { SecretScanOptions } from '../core/safety/scan-secrets.js';
import type { Side } from './merge/merge-records.js';
import { heldEntry, heldHash, type FlaggedEntry } from './scan-record.js';
import type { TeamRecord } from './store/team-record.js';

/** An incoming record the injection gate holds, and the weak signs that hold it. */
export type HeldIncoming = { record: TeamRecord; reasons: string[] };

/** A person's decision on a held entry. */
export type HeldTake = 'let-in' | 'keep-out';

/** One team entry this clone holds (or held), as `.memory/state/team-held.json` keeps it. */
export type HeldItem = {
  id: string;
  /** heldHash of the text that was held: a decision holds for that text only. */
  hash: string;
  /** When this clone first held it (ISO). */
  at: string;
  /** Who git says last changed it then: the entry's provenance once let in. */
  provenance?: Provenance;
  /** A person's decision; absent while it waits. */
  take?: HeldTake;
  /** When the decision was made (ISO). */
  decidedAt?: string;
};

export type HeldInput = {
  /** The team's changed entries the gate holds, by id. */
  held: ReadonlyMap<string, HeldIncoming>;
  /** The team's changed entries that pass, by id (`undefined`: deleted). */
  theirs: ReadonlyMap<string, Side>;
  /** The ids forgotten by anyone. */
  tombstones: ReadonlySet<string>;
  /** What this clone held and decided before this sync. */
  state: readonly HeldItem[];
  /** The provenance of the team's version of `id` (for an entry let in later). */
  provenanceOf: (id: string, record: TeamRecord) => Provenance;
  /** This sync's time (ISO), for what it holds first. */
  at: string;
  scan: SecretScanOptions;
};

export type HeldPlan = {
  /** Held entries a person let in with this very text: they arrive like any other. */
  letIn: Map<string, TeamRecord>;
  /** Entries held for the first time (or with a new text), to report and record in quarantine.json. */
  newlyHeld: FlaggedEntry[];
  /** The state after this sync. */
  state: HeldItem[];
  /**
   * The ids whose team version waits or was kept out, before or after this sync: this clone sends
   * nothing for them (that the working copy lacks what the base holds is no removal of this clone).
   */
  out: Set<string>;
};

/** Decides which incoming entries are held, let in or kept out, and the state after this sync; never throws. */
export function planHeld(input: HeldInput): HeldPlan {
  const before = new Map(input.state.map((item) => [item.id, item]));
  const next = new Map(before);
  // A version that passes, a removal or a forget replaces the held one: nothing is left to decide.
  for (const id of input.theirs.keys()) next.delete(id);
  for (const id of input.tombstones) next.delete(id);
  const letIn = new Map<string, TeamRecord>();
  const newlyHeld: FlaggedEntry[] = [];
  for (const [id, { record, reasons }] of input.held) {
    if (input.tombstones.has(id)) continue;
    const hash = heldHash(record);
    const prior = before.get(id);
    if (prior !== undefined && prior.hash === hash) {
      next.set(id, prior);
      if (prior.take === 'let-in') letIn.set(id, record);
      continue;
    }
    next.set(id, { id, hash, at: input.at, provenance: input.provenanceOf(id, record) });
    newlyHeld.push(heldEntry(id, record, reasons, input.scan));
  }
  const state = [...next.values()];
  const out = new Set<string>();
  for (const item of [...input.state, ...state]) if (item.take !== 'let-in') out.add(item.id);
  return { letIn, newlyHeld, state, out };
}

/** The items that wait for a person. */
export function waitingItems(state: readonly HeldItem[]): HeldItem[] {
  return state.filter((item) => item.take === undefined);
}

/** A decision made, or why it cannot be. */
export type HeldDecision =
  { ok: true; state: HeldItem[]; letIn: TeamRecord | null } | { ok: false; reason: 'not-waiting' | 'changed' };

/**
 * Returns the state with a person's decision on `id` (`take`) and, to let it in, the record: the
 * team's current version (`current`, the base's) when it is the very text that was held. A
 * kept-out entry may be let in later; one let in is an ordinary entry (`mem forget` removes it).
 */
export function decideHeld(
  state: readonly HeldItem[],
  id: string,
  take: HeldTake,
  current: TeamRecord | null,
  at: string,
): HeldDecision {
  const item = state.find((one) => one.id === id);
  if (item === undefined || item.take === 'let-in') return { ok: false, reason: 'not-waiting' };
  if (take === 'let-in' && (current === null || heldHash(current) !== item.hash))
    return { ok: false, reason: 'changed' };
  const decided: HeldItem = { ...item, take, decidedAt: at };
  return {
    ok: true,
    state: state.map((one) => (one.id === id ? decided : one)),
    letIn: take === 'let-in' ? current : null,
  };
}
