/**
 * `mem remember "<text>"`: a memory added by hand (or by the agent through the CLI), through the
 * same quality filter as the Stop hook, written by the one durable writer, and logged.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readHumanLines, saidByClaudeMd } from './said-by-claude-md.js';
import { join } from 'node:path';
import { classifySection } from './extract/classify-section.js';
import { rewriteAsRule } from './extract/rewrite-rule.js';
import { MemError } from '../core/errors.js';
import { readRegion } from '../core/memory-file/read-region.js';
import { applyFilter } from './gate/apply-filter.js';
import type { Candidate } from '../core/memory-file/candidate.js';
import { findInjection, findInvisibleUnicode } from '../core/safety/scan-injection.js';
import { findSecrets } from '../core/safety/scan-secrets.js';
import type { ReasonCode, Verdict } from './gate/verdict.js';
import { explainReasonWith } from './explain-reason.js';
import { openDurableSetup, type DurableSetup } from './durable-setup.js';
import type { SharedMemoryPort } from '../core/shared-memory-port.js';
import { logVerdicts } from './log-verdicts.js';
import { PERSONAL_FILE, readExistingEntries, writeDurable, writeView } from './write-durable.js';
import { branchVerdicts } from './gate/branch-verdicts.js';
import { isDetachedWithoutBranch, readWriteScope } from '../core/git/scope-view.js';
import { isBranchName } from '../core/memory-file/entry-scope.js';
import { latestHookSession, shellAgentOf, type ShellAgent } from '../agents/shell-agent.js';
import { readHookRecords } from '../core/hook-log.js';
import { heldForReview } from './gate/held-for-review.js';
import { addPending, pendingKey, readPending } from './inbox/pending-store.js';
import { appendCandidateRecords } from './candidate-log.js';
import { explicitReference, referenceKinds } from '../core/anchors/anchors-field.js';
import type { RepoSnapshot } from '../core/anchors/repo-snapshot.js';
import { resolveReference } from '../core/anchors/resolve-anchors.js';
import { readHeadSnapshot } from '../core/git/read-repo-snapshot.js';

export type RememberOptions = {
  section?: string;
  personal?: boolean;
  force?: boolean;
  now?: Date;
  env?: NodeJS.ProcessEnv;
  /** A person settling the pending inbox (`mem candidates --accept`): a text held for review may go in, unless an agent runs it. */
  reviewed?: boolean;
  /** The branch to scope it to (`--branch`), or null for team-wide (`--team`); absent: the current branch unless it is the default one. */
  scope?: string | null;
  /** `--anchor`: paths or globs the entry is about besides those its text names; each must name something committed at HEAD. */
  anchors?: readonly string[];
};

/**
 * The agent session running this command, when an agent's shell tool runs it (see
 * agents/shell-agent.ts for how each client says so). Gemini CLI names no session in the
 * environment: its prompt hook, which ran just before this turn, is in the hook log.
 */
function agentOf(env: NodeJS.ProcessEnv, hookLog?: string): ShellAgent | undefined {
  const found = shellAgentOf(env);
  if (found === undefined || found.session !== undefined || hookLog === undefined) return found;
  return { ...found, session: latestHookSession(readHookRecords(hookLog, 32 * 1024), found.agent) };
}

export type ExplainedReason = { code: ReasonCode; explanation: string };

/**
 * added: a new entry. updated: an existing entry now reads as the new text (same id).
 * duplicate: memory already says it. refused: the filter rejected it. contradiction: it
 * contradicts an entry; nothing written until a human forces it. pending: the injection gate is
 * unsure of it; it waits in the pending inbox (`id` is the pending id) for a person.
 */
export type RememberStatus = 'added' | 'updated' | 'duplicate' | 'refused' | 'contradiction' | 'pending';

/** What `mem remember --json` prints. */
export type RememberOutcome = {
  status: RememberStatus;
  /** The entry added, updated or already holding the memory; null when nothing was written. */
  id: string | null;
  /** The rule as mem writes it; null when it was refused as a secret (never echoed). */
  text: string | null;
  section: string;
  personal: boolean;
  /** The branch it is scoped to (seen only there until it lands); null: team-wide or personal. */
  scope: string | null;
  /** Files whose bytes changed. */
  files: string[];
  reasons: ExplainedReason[];
  /** The entry a duplicate or contradiction refers to. */
  target: { id: string; text: string } | null;
  warnings: string[];
};

/** Returns the configured section matching `wanted` case-insensitively; throws USAGE listing the valid ones. */
function resolveSection(wanted: string, sections: readonly string[]): string {
  const found = sections.find((section) => section.toLowerCase() === wanted.trim().toLowerCase());
  if (found === undefined) {
    throw new MemError('USAGE', `unknown section "${wanted}"`, {
      hint: `Use one of: ${sections.join(', ')} (region.sections in .memory/config.json).`,
    });
  }
  return found;
}

/** Returns the ids of the entries in CLAUDE.local.md (empty when absent). */
function personalIds(root: string): Set<string> {
  const path = join(root, PERSONAL_FILE);
  return new Set(existsSync(path) ? readRegion(readFileSync(path, 'utf8')).entries.map((entry) => entry.id) : []);
}

/**
 * The hard rules the text breaks as typed. The filter judges the rewritten rule; the rewrite
 * drops lead-ins and quotes ("Also, please …"), and must never be what lets a secret or an
 * injection through.
 */
function rawHardReasons(rawText: string, setup: DurableSetup): ReasonCode[] {
  const scan = {
    entropyBits: setup.config.filter.secretEntropyBits,
    minTokenLength: setup.config.filter.secretMinTokenLength,
  };
  if (findSecrets(rawText, scan).length > 0) return ['secret'];
  if (findInjection(rawText).length > 0) return ['injection'];
  return findInvisibleUnicode(rawText).length > 0 ? ['invisible-unicode'] : [];
}

const HARD_REASONS: readonly ReasonCode[] = ['secret', 'injection', 'invisible-unicode', 'question'];

/** Returns the reasons of `verdict` in plain words, specific to the scanner rules that fired in `text` (as typed). */
function explainVerdict(verdict: Verdict, setup: DurableSetup, text: string): ExplainedReason[] {
  const scan = {
    entropyBits: setup.config.filter.secretEntropyBits,
    minTokenLength: setup.config.filter.secretMinTokenLength,
  };
  return verdict.reasons.map((code) => {
    const rules =
      code === 'secret'
        ? findSecrets(text, scan).map((finding) => finding.ruleId)
        : code === 'injection'
          ? findInjection(text).map((finding) => finding.ruleId)
          : code === 'invisible-unicode'
            ? findInvisibleUnicode(text).map((finding) => finding.codePoint)
            : [];
    return { code, explanation: explainReasonWith(code, rules) };
  });
}

/**
 * Returns what became of `rawText` (added, updated, duplicate, refused or contradiction — the
 * last two write nothing); throws USAGE for empty text or an unknown section, NOT_INITIALISED,
 * LOCK_HELD, or on I/O failure.
 */
export async function rememberEntry(
  cwd: string,
  rawText: string,
  shared: SharedMemoryPort,
  options: RememberOptions = {},
): Promise<RememberOutcome> {
  const text = rewriteAsRule(rawText);
  if (text === '')
    throw new MemError('USAGE', 'nothing to remember: the text is empty', {
      hint: 'Example: mem remember "Use pnpm, not npm."',
    });
  const setup = openDurableSetup(cwd);
  const { root, config, paths } = setup;
  const sections = config.region.sections;
  const personal = options.personal === true;
  const section =
    options.section === undefined
      ? classifySection(text, 'manual', sections)
      : resolveSection(options.section, sections);
  const agent = agentOf(options.env ?? {}, paths.hookLog);
  const candidate: Candidate = agent
    ? { text, section, source: 'agent-remember', origin: 'agent', evidence: { eventIndex: 0 } }
    : { text, section, source: 'manual', origin: 'user', evidence: { eventIndex: 0 } };
  const target = personal ? 'personal' : 'shared';
  const named = options.scope;
  if (typeof named === 'string' && !isBranchName(named)) {
    throw new MemError('USAGE', `--branch "${String(named)}" is not a branch name`, {
      hint: 'Example: mem remember "…" --branch feature/payments-v2 (letters, digits, . _ / + -).',
    });
  }
  // Note: personal memory is never shared, so it has no branch.
  const scope = personal ? undefined : readWriteScope(root, config, options.scope);
  const existing = readExistingEntries(root, config, target, writeView(config, scope));
  let verdict = branchVerdicts(
    applyFilter([candidate], existing, config.filter, { force: options.force === true }),
    (id) => existing.find((entry) => entry.id === id)?.provenance.scope,
    scope,
  )[0];
  if (verdict === undefined) throw new Error('applyFilter returned no verdict for one candidate');
  const raw = verdict.reasons.some((code) => HARD_REASONS.includes(code)) ? [] : rawHardReasons(rawText, setup);
  if (raw.length > 0) verdict = { candidate, accepted: false, action: 'reject', reasons: raw };
  // Note: the same human line in CLAUDE.md already says it; --force still records it.
  if (verdict.action === 'add' && options.force !== true && saidByClaudeMd(text, readHumanLines(root)) !== undefined) {
    verdict = { candidate, accepted: false, action: 'reject', reasons: ['in-claude-md'] };
  }
  if (
    personal &&
    verdict.action === 'supersede' &&
    verdict.targetId !== undefined &&
    !personalIds(root).has(verdict.targetId)
  ) {
    // Note: a personal memory never rewrites a shared entry; it overrides it for this developer only.
    const { targetId: _shared, ...rest } = verdict;
    verdict = { ...rest, action: 'add' };
  }
  const held =
    verdict.accepted && verdict.action !== 'merge'
      ? [...new Set([...heldForReview(rawText), ...heldForReview(text)])]
      : [];
  // Note: only a person settling the inbox lets a held text in; the agent's own accept does not.
  if (held.length > 0 && !(options.reviewed === true && agent === undefined))
    return holdForReview(setup, candidate, held, personal, options.now ?? new Date(), agent?.session);
  const targetEntry =
    verdict.targetId === undefined ? undefined : existing.find((entry) => entry.id === verdict.targetId);
  const reasons = explainVerdict(verdict, setup, rawText);
  const outcome: RememberOutcome = {
    status: 'refused',
    id: null,
    text: verdict.reasons.includes('secret') ? null : text,
    section,
    personal,
    scope: scope ?? null,
    files: [],
    reasons,
    target: targetEntry === undefined ? null : { id: targetEntry.id, text: targetEntry.text },
    warnings: [],
  };
  const now = options.now ?? new Date();
  const explicit = options.anchors ?? [];
  const anchoring =
    explicit.length > 0 ? { anchors: explicit, snapshot: await explicitAnchorsSnapshot(root, explicit) } : {};
  const write = verdict.accepted
    ? await writeDurable({
        root,
        paths,
        config,
        target,
        verdicts: [verdict],
        author: setup.author,
        session: agent?.session,
        ...(agent ? { via: 'agent', agent: agent.agent } : {}),
        ...(scope === undefined ? {} : { scope }),
        now,
        render: true,
        ...anchoring,
      })
    : null;
  logVerdicts(paths, [verdict], {
    at: now.toISOString(),
    ...(agent?.session ? { session: agent.session } : {}),
    entryIds: write?.entryIds ?? new Map(),
  });
  if (write === null) {
    outcome.status = verdict.action === 'flag' ? 'contradiction' : 'refused';
    return outcome;
  }
  outcome.files = write.changedFiles;
  outcome.id = write.entryIds.get(0) ?? null;
  outcome.status = verdict.action === 'add' ? 'added' : verdict.action === 'supersede' ? 'updated' : 'duplicate';
  outcome.warnings.push(...write.repairs);
  if (!personal && scope === undefined && options.scope === undefined && isDetachedWithoutBranch(root, config))
    outcome.warnings.push('HEAD is detached (no branch): remembered team-wide; --branch <name> scopes it to a branch');
  if (write.overflow > 0)
    outcome.warnings.push(
      `the managed region is over its line budget: ${write.overflow} entr${write.overflow === 1 ? 'y' : 'ies'} past region.maxLines`,
    );
  if (!personal && write.changedFiles.length > 0) outcome.warnings.push(...(await shared.commitSharedChange(root)));
  return outcome;
}

/** Returns the committed state at HEAD, where every `--anchor` value names something; throws USAGE naming the one that does not. */
async function explicitAnchorsSnapshot(root: string, explicit: readonly string[]): Promise<RepoSnapshot> {
  const snapshot = await readHeadSnapshot(root, referenceKinds([], explicit));
  if (snapshot === null)
    throw new MemError('USAGE', '--anchor needs a commit to anchor to, and this repository has none yet', {
      hint: 'Commit the files first, then remember with --anchor.',
    });
  for (const value of explicit) {
    if (resolveReference(explicitReference(value), snapshot) === null) {
      throw new MemError(
        'USAGE',
        `--anchor ${value}: no committed file or folder matches it at HEAD (${snapshot.commit.slice(0, 7)})`,
        {
          hint: 'Give a path or glob relative to the repository root, e.g. --anchor src/db.ts or --anchor "src/api/**/*.ts"; a new file must be committed first.',
        },
      );
    }
  }
  return snapshot;
}

/** Puts a text the injection gate is unsure of in the pending inbox instead of memory; throws LOCK_HELD or on I/O failure. */
async function holdForReview(
  setup: DurableSetup,
  candidate: Candidate,
  ruleIds: readonly string[],
  personal: boolean,
  now: Date,
  session: string | undefined,
): Promise<RememberOutcome> {
  const { paths, config } = setup;
  const item = {
    text: candidate.text,
    section: candidate.section,
    source: candidate.source,
    origin: candidate.origin,
    from: 'mem remember, held by the injection gate',
    ...(session ? { session } : {}),
  };
  const added = await addPending(paths.stateDir, [item], now, config.pending.expireDays);
  const key = pendingKey(candidate.text);
  const pending =
    added[0] ??
    readPending(paths.stateDir, now, config.pending.expireDays).find((other) => pendingKey(other.text) === key);
  try {
    appendCandidateRecords(paths.candidateLog, [
      {
        at: now.toISOString(),
        ...(session ? { session } : {}),
        text: candidate.text.slice(0, 500),
        section: candidate.section,
        source: candidate.source,
        origin: candidate.origin,
        accepted: false,
        action: 'pend',
        reasons: ['held'],
        ...(pending ? { entryId: pending.id } : {}),
      },
    ]);
  } catch {
    /* the candidate log is an explanation, not memory */
  }
  return {
    status: 'pending',
    id: pending?.id ?? null,
    text: candidate.text,
    section: candidate.section,
    personal,
    scope: null,
    files: [],
    reasons: [{ code: 'held', explanation: explainReasonWith('held', ruleIds) }],
    target: null,
    warnings: [],
  };
}
