import type { StatusReport } from './status.js';
import { AGENT_LABELS } from '../../agents/agent-id.js';
import { RENDERED_FILE } from '../../core/shared-memory-file.js';
import { describeRemoval } from '../../team/render-sync.js';

/** How many of the removals teammates made `mem status` names. */
const REMOVALS_SHOWN = 5;

function describeFile(file: StatusReport['memory']['files'][number]): string {
  const count = `${file.entries} entr${file.entries === 1 ? 'y' : 'ies'}`;
  if (file.file !== RENDERED_FILE) return `${file.file}: ${count}`;
  // Note: past its size budget the rendered file shows each section's newest entries; `mem search` finds the rest.
  const shown = file.shown ?? null;
  // Note: entries of other branches are not shown here by design, not for lack of room.
  const others = file.otherBranches ?? 0;
  const elsewhere = others > 0 ? `, ${others} of them on other branches (seen there until they land)` : '';
  if (shown !== null && shown < file.entries - others)
    return `team memory: ${count}${elsewhere}, the newest ${shown} shown in ${file.file} (team.renderMaxChars), the rest found by mem search`;
  return `team memory: ${count}${elsewhere}, rendered to ${file.file}`;
}

/** Returns the human-readable `mem status` text. */
export function renderStatus(status: StatusReport): string {
  const lines: string[] = [];
  lines.push(`mem status for ${status.root}${status.initialised ? '' : ' (not set up yet: run mem init)'}`);
  if (status.configError) {
    lines.push(
      `Config INVALID: ${status.configError}`,
      '  Until it is fixed, every hook fails with CONFIG_INVALID and records nothing (no handoff, no durable memory, no recall),',
      '  and mem sync, list, remember, forget and review stop with this error. The rest of this report assumes the defaults.',
      status.configError.includes('is not valid JSON')
        ? '  Fix the JSON syntax at the line and column above (a missing comma or quote, a trailing comma); mem init checks the file.'
        : '  Fix the key(s) above in .memory/config.json (delete a key to use its default); mem init checks the file.',
    );
  }
  if (status.diskFull) {
    lines.push(
      `Disk FULL: ${status.diskFull}.`,
      '  Hooks cannot save handoffs or memory, nor always record why; mem remember and mem sync say so. Free some space:',
      '  nothing is lost, the next turn reads the transcript again and the next sync shares what is pending.',
    );
  }
  const latest = status.sessions.latest;
  lines.push(
    `Sessions: ${status.sessions.recorded} recorded${latest ? `; latest ${latest.sessionId.slice(0, 8)} on ${latest.branch ?? '?'} at ${latest.updatedAt} (${latest.handoffFile})` : ''}`,
  );
  if (status.sessions.pendingCatchUp > 0)
    lines.push(
      `  ${status.sessions.pendingCatchUp} session(s) whose transcript waits to be read (ended, or a turn handed to the after-turn step): the after-turn step or the next hook reads it`,
    );
  const deferred = status.sessions.deferred;
  if (deferred.candidates > 0) {
    lines.push(
      `  ${deferred.candidates} candidate(s) of ${deferred.sessions} session(s) deferred since ${deferred.since ?? '?'}: not judged yet, the session's next hook writes them (see the notes below)`,
    );
  }
  const last = status.hooks.lastRun;
  lines.push(
    `Last hook run: ${last ? `${last.event} at ${last.at}, ${last.ok ? 'ok' : 'FAILED'}, ${last.ms} ms${last.did ? ` (${last.did})` : ''}` : 'never'}`,
  );
  if (status.hooks.errors.length === 0) {
    lines.push('Hook errors: none');
  } else {
    lines.push(`Hook errors (${status.hooks.errors.length} most recent):`);
    for (const error of status.hooks.errors) lines.push(`  ${error.at} ${error.event} ${error.code}: ${error.message}`);
  }
  for (const note of status.hooks.notes) lines.push(`  note: ${note.at} ${note.event}: ${note.message}`);
  for (const agent of status.agents) {
    const trust = agent.codex
      ? `; project ${agent.codex.projectTrust ?? 'not yet trusted'}, ${agent.codex.trustedHooks}/${agent.memHooks} hooks trusted`
      : '';
    lines.push(
      `Agent ${AGENT_LABELS[agent.agent]}: ${agent.memHooks} mem hooks in ${agent.hooksFile}${trust}; last run ${agent.lastRun ? `${agent.lastRun.event} at ${agent.lastRun.at}${agent.lastRun.ok ? '' : ' (FAILED)'}` : 'never'}`,
    );
    for (const advice of agent.advice) lines.push(`  ${advice}`);
  }

  const memory = status.memory;
  // The same count as `mem list`: entries in conflict are entries, and are also named as conflicts.
  const inConflict = memory.conflicts > 0 ? `, ${memory.conflicts} in conflict` : '';
  lines.push(
    `Durable memory: ${memory.entries} entr${memory.entries === 1 ? 'y' : 'ies'}${inConflict}${memory.files.length > 0 ? ` (${memory.files.map(describeFile).join('; ')})` : ''}`,
  );
  if (memory.conflicts > 0) lines.push(`Conflicts awaiting review: ${memory.conflicts} (run \`mem review\`)`);
  if (memory.flaggedContradictions > 0) {
    lines.push(
      `Contradictions flagged this week: ${memory.flaggedContradictions} (see \`mem candidates --rejected\`; \`mem remember --force\` supersedes the old entry)`,
    );
  }
  if (memory.abandonedBranches.length > 0) {
    const named = memory.abandonedBranches
      .slice(0, 3)
      .map(
        (item) =>
          `${item.branch}, ${item.reason === 'gone' ? 'deleted on the remote' : 'untouched'}, ${item.entries} entr${item.entries === 1 ? 'y' : 'ies'}`,
      );
    const more = memory.abandonedBranches.length > 3 ? `; ${memory.abandonedBranches.length - 3} more` : '';
    lines.push(
      `Branches that did not land: ${memory.abandonedBranches.length} (${named.join('; ')}${more}): promote, keep or forget their entries with \`mem review --branches\``,
    );
  }
  for (const warning of memory.warnings) lines.push(`  warning: ${warning}`);

  const team = status.team;
  if (!team.enabled) {
    lines.push('Team sync: disabled (team.enabled is false)');
  } else {
    lines.push(
      `Team sync (${team.ref}): ${team.pending ? 'local changes not yet pushed' : 'nothing pending'}; last success ${team.lastSuccessAt ?? 'never'}`,
    );
    if (team.lastFailure)
      lines.push(
        `  last failure at ${team.lastFailure.at} (${team.lastFailure.reason}): ${team.lastFailure.message}; the next \`mem sync\` retries`,
      );
    if (team.quarantined > 0)
      lines.push(
        `  ${team.quarantined} incoming entr${team.quarantined === 1 ? 'y' : 'ies'} quarantined by the last sync; .memory/state/quarantine.json lists each one and why`,
      );
    if (team.held.length > 0)
      lines.push(
        `  ${team.held.length} team entr${team.held.length === 1 ? 'y waits' : 'ies wait'} for review (held by the injection gate, not in this clone's memory): let in or keep out with \`mem review --held\``,
      );
    if (team.handoffsRefused > 0)
      lines.push(
        `  ${team.handoffsRefused} shared handoff${team.handoffsRefused === 1 ? '' : 's'} refused by the secret, injection or invisible-Unicode gates at the last sync; .memory/cache/shared-handoffs/index.json lists each one and why`,
      );
    if (team.removedByTeam.length > 0) {
      lines.push(
        `  Entries teammates forgot here, newest first${team.removedByTeam.length > REMOVALS_SHOWN ? ` (${REMOVALS_SHOWN} of the last ${team.removedByTeam.length}; --json lists them)` : ''}:`,
      );
      for (const removed of team.removedByTeam.slice(0, REMOVALS_SHOWN))
        lines.push(`    ${removed.at.slice(0, 10)}: ${describeRemoval(removed)}`);
    }
  }
  return lines.join('\n');
}
