/**
 * `mem init`'s words for people: the plan (each file and what changes in it) before asking, what
 * was done after, and the exact `git add` line for the files the team shares.
 */
import type { IgnoredFile, InitChange } from './init.js';

const ACTION: Record<InitChange['action'], { before: string; after: string }> = {
  create: { before: 'create', after: 'created' },
  edit: { before: 'edit', after: 'edited' },
  none: { before: 'ok', after: 'ok' },
};

/** Returns the changes as aligned lines, the team's files first, then this clone's own; `done` picks the past tense. */
export function renderChanges(changes: InitChange[], done: boolean): string[] {
  const width = Math.max(...changes.map((change) => change.path.length));
  const verbWidth = Math.max(...changes.map((change) => ACTION[change.action][done ? 'after' : 'before'].length));
  const line = (change: InitChange) => {
    const verb = ACTION[change.action][done ? 'after' : 'before'].padEnd(verbWidth);
    const mode =
      change.fileMode === undefined || change.action === 'none'
        ? ''
        : `; mode ${change.fileMode.from} → ${change.fileMode.to}, so that git runs it`;
    return `    ${verb}  ${change.path.padEnd(width)}  ${change.what}${mode}`;
  };
  const shared = changes.filter((change) => change.shared);
  const local = changes.filter((change) => !change.shared);
  return [
    ...(shared.length > 0 ? ['  Files your team shares (committed):', ...shared.map(line)] : []),
    ...(local.length > 0 ? ['  In this clone only (never committed):', ...local.map(line)] : []),
  ];
}

/** Returns the lines that end init: what to commit, what git will not share, and what to do next. */
export function renderNextSteps(
  gitAdd: string[],
  notices: string[] = [],
  agentNames = 'Claude Code',
  ignored: IgnoredFile[] = [],
): string[] {
  const lines: string[] = [];
  if (gitAdd.length > 0) {
    lines.push(
      '',
      'Commit the files your team shares:',
      `  git add ${gitAdd.map(shellWord).join(' ')}`,
      '  git commit -m "Set up mem"',
    );
  } else if (ignored.length === 0) {
    lines.push('', 'Nothing to commit: the files your team shares are committed already.');
  }
  if (ignored.length > 0) {
    const paths = ignored.map((file) => file.path);
    const one = ignored.length === 1;
    lines.push(
      '',
      `Not shared: git ignores ${ignored.map((file) => `${file.path} (${file.rule})`).join(', ')}, so your teammates will not get ${one ? 'it' : 'them'}. To share ${one ? 'it' : 'them'}: git add -f ${paths.map(shellWord).join(' ')} (git tracks ${one ? 'it' : 'them'} from then on), or change that ignore rule.`,
    );
  }
  for (const notice of notices) lines.push('', notice);
  lines.push(
    '',
    agentNames === 'Claude Code'
      ? 'Then start a Claude Code session: mem keeps a handoff in .memory/sessions/, and the memory it learns reaches the agent through .claude/rules/mem-team-memory.md (ignored by git; mem renders it).'
      : `Then start a session in ${agentNames}: mem keeps a handoff in .memory/sessions/, and the memory it learns reaches every agent (Claude Code through .claude/rules/mem-team-memory.md, the others at session start).`,
  );
  return lines;
}

function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
