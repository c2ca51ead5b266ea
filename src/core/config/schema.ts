/**
 * `.memory/config.json`: the committed, team-wide settings. zod/mini keeps the hook path light.
 * Every key has a default, so `{ "version": 1 }` is a complete config.
 */
import * as z from 'zod/mini';
import { DEFAULT_SECTIONS } from '../memory-file/entry.js';

const positiveInt = () => z.int().check(z.minimum(1));
const ratio = () => z.number().check(z.minimum(0), z.maximum(1));

const sessionConfigSchema = z.strictObject({
  /** A handoff older than this is not injected at session start. */
  handoffMaxAgeDays: z._default(positiveInt(), 7),
  /** Budget for SessionStart additionalContext, in tokens (~4 chars each). */
  startBudgetTokens: z._default(positiveInt(), 1500),
  /** Transcript lines longer than this are skipped without parsing (screenshots, progress dumps). */
  maxLineBytes: z._default(positiveInt(), 1_000_000),
  /** How many files "Context to Load" lists. */
  contextFiles: z._default(positiveInt(), 10),
});

const filterConfigSchema = z.strictObject({
  minChars: z._default(positiveInt(), 12),
  maxChars: z._default(positiveInt(), 300),
  minWords: z._default(positiveInt(), 3),
  /** Jaccard similarity of word shingles above which a candidate is a near-duplicate. */
  nearDuplicateSimilarity: z._default(ratio(), 0.8),
  /** Shannon entropy (bits/char) above which a long token counts as a likely secret. */
  secretEntropyBits: z._default(z.number(), 4.0),
  secretMinTokenLength: z._default(positiveInt(), 24),
  /** A command must succeed this many times in a session before it is remembered. */
  commandMinSuccesses: z._default(positiveInt(), 2),
});

const regionConfigSchema = z.strictObject({
  /** Files that carry the managed region. */
  targets: z._default(z.array(z.enum(['CLAUDE.md', 'AGENTS.md'])).check(z.minLength(1)), ['CLAUDE.md']),
  sections: z._default(z.array(z.string().check(z.minLength(1), z.maxLength(40))).check(z.minLength(1)), [
    ...DEFAULT_SECTIONS,
  ]),
  /** Maximum lines of the managed region; the most valuable entries come first. */
  maxLines: z._default(positiveInt(), 120),
});

const teamConfigSchema = z.strictObject({
  enabled: z._default(z.boolean(), true),
  /** Name of the team ref's tracking ref inside mem's own store (.git/mem/store.git). */
  branch: z._default(z.string().check(z.regex(/^[A-Za-z0-9._/-]+$/)), 'mem/team'),
  /**
   * The team ref on the remote. A custom ref, not a branch: hosts offer no pull request for it,
   * never make it the default branch, and `git clone`/`git fetch` leave it alone.
   */
  ref: z._default(z.string().check(z.regex(/^refs\/(?!heads\/|tags\/)[A-Za-z0-9._/-]+$/)), 'refs/mem/team'),
  remote: z._default(z.string().check(z.minLength(1)), 'origin'),
  /** Seconds a network git call may take before it is abandoned. */
  networkTimeoutSeconds: z._default(positiveInt(), 20),
  /** Re-fetch and re-merge this many times when a push is rejected. */
  pushRetries: z._default(positiveInt(), 3),
  /** Minimum seconds between background syncs started by hooks. */
  backgroundSyncIntervalSeconds: z._default(z.int().check(z.minimum(0)), 300),
  /**
   * Size budget of the rendered team memory file, in characters: Claude Code sends it whole in
   * every request and warns above 40,000. Conflicts and each section's newest entries come first;
   * the rest stay searchable (render-budget.ts).
   */
  renderMaxChars: z._default(z.int().check(z.minimum(2_000)), 40_000),
  /**
   * Entries whose paths all lie under one folder render into their own `.claude/rules/mem-<area>.md`
   * with `paths:` front matter, so Claude Code loads them only once it reads a file there
   * (render-path-scoped.ts); `mem lint` shows the tokens it saves. Opt-in.
   */
  renderPathScoped: z._default(z.boolean(), false),
});

const handoffConfigSchema = z.strictObject({
  /**
   * Publishing this clone's session handoffs to the team remote (refs/mem/handoffs/shared): `off`
   * never (only `mem handoff share` does), `ask` says at pre-push when the pushed branch has a
   * handoff newer than the one shared, `auto` shares it then.
   */
  share: z._default(z.enum(['off', 'ask', 'auto']), 'off'),
});

const searchConfigSchema = z.strictObject({
  /** user-prompt-submit recall budget, in tokens. */
  recallBudgetTokens: z._default(positiveInt(), 300),
  recallMaxResults: z._default(positiveInt(), 3),
  /** Score a recall result needs, stated for a corpus of 1,000 documents (scaled down for smaller ones, see select-recall.ts). */
  recallMinScore: z._default(z.number(), 6),
});

const pendingConfigSchema = z.strictObject({
  /** A pending candidate nobody accepted or rejected is dropped after this many days. */
  expireDays: z._default(positiveInt(), 14),
});

const lintConfigSchema = z.strictObject({
  /**
   * Estimated tokens each agent may load at start-up before `mem lint` warns (over-budget).
   * Claude Code warns about a CLAUDE.md over 40,000 characters (~10,000 tokens); Codex keeps 32 KiB.
   */
  budgetTokens: z.prefault(
    z.strictObject({
      claude: z._default(positiveInt(), 10_000),
      codex: z._default(positiveInt(), 8_192),
      gemini: z._default(positiveInt(), 10_000),
    }),
    {},
  ),
  /** `mem lint` exits 1 when a finding at or above this level exists (`--max-level` overrides). */
  maxLevel: z._default(z.enum(['info', 'warning', 'error']), 'error'),
});

const scopeConfigSchema = z.strictObject({
  /**
   * `auto`: what is learned on a branch other than the default one is scoped to that branch (seen
   * only there until it lands); `off`: every entry is team-wide and every entry is seen everywhere.
   */
  branches: z._default(z.enum(['auto', 'off']), 'auto'),
  /** The default branch; unset: the remote's HEAD (`origin/HEAD`), else `main`, else `master`. */
  defaultBranch: z.optional(z.string().check(z.regex(/^[A-Za-z0-9._/-]{1,200}$/))),
  /** A branch whose entries nothing touched for this many days goes to `mem review` (promote, keep or forget). */
  abandonDays: z._default(positiveInt(), 30),
});

export const configSchema = z.strictObject({
  version: z.literal(1),
  session: z.prefault(sessionConfigSchema, {}),
  filter: z.prefault(filterConfigSchema, {}),
  region: z.prefault(regionConfigSchema, {}),
  team: z.prefault(teamConfigSchema, {}),
  search: z.prefault(searchConfigSchema, {}),
  handoff: z.prefault(handoffConfigSchema, {}),
  pending: z.prefault(pendingConfigSchema, {}),
  lint: z.prefault(lintConfigSchema, {}),
  scope: z.prefault(scopeConfigSchema, {}),
});

export type Config = z.infer<typeof configSchema>;

/** Returns the config a fresh `{ "version": 1 }` file means. */
export function defaultConfig(): Config {
  return configSchema.parse({ version: 1 });
}
