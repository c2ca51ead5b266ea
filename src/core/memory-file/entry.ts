/**
 * The durable memory model shared by markdown, filter, merge, sync and search.
 * An entry is one markdown list item inside mem's managed region, with a stable id that survives
 * rewording (it rides in a hidden HTML comment) and its provenance.
 */
export type Provenance = {
  /** Who added it: git user.name (or email) of the clone that created it. */
  author?: string;
  /** ISO date-time it was created. */
  at?: string;
  /** Short agent session id, when an agent turn produced it. */
  session?: string;
  /** Team-branch commit that last changed it, when known. */
  commit?: string;
  /** How it was recorded when not by a human directly: "agent" (the agent ran `mem remember`). */
  via?: string;
  /** The agent of that session, when not Claude Code (`codex`, `gemini`). */
  agent?: string;
  /**
   * The entry's team-record fields beyond section, text, session and agent (anchors, a later mem's
   * fields), as the JSON text of one object: carried by the comment so they survive the working copy.
   */
  fields?: string;
  /** Comment attributes this mem does not know (a later mem's), in order as read: written back unchanged. */
  unknown?: ReadonlyArray<readonly [string, string]>;
  /**
   * The branch it was learned on and is seen on until that branch lands (entry-scope.ts); absent
   * for a team-wide entry. On the team ref it is the entry file's `scope` field.
   */
  scope?: string;
};

export type Entry = {
  id: string;
  section: string;
  /** The list item's text as a human reads it (markdown, single logical item, no id comment). */
  text: string;
  provenance: Provenance;
};

/** Default taxonomy of the managed region, in display order. */
export const DEFAULT_SECTIONS = [
  'Conventions',
  'Commands',
  'Decisions',
  'Gotchas',
  'Preferences',
  'References',
] as const;
