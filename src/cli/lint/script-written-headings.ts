/**
 * Which section headings of the agent files a script of the repository writes: a generator that fills one section of
 * each scope's AGENTS.md from other files (set 44's prowler: `skills/skill-sync/assets/sync.sh` writes every
 * "Auto-invoke Skills" table from the skills' metadata). Read with one `git grep` over the working tree.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeRegExp } from '../../core/text/escape-regexp.js';

// Prose is no generator: a README or a skill's page that shows the heading only describes the section.
const PROSE = ['md', 'mdx', 'markdown', 'txt', 'rst', 'adoc'].map((ext) => `:(exclude,glob)**/*.${ext}`);
// A script that writes into an agent file names it.
const NAMES_AGENT_FILE = /\b(?:AGENTS|CLAUDE|GEMINI)\.md\b/;
const MAX_SCRIPT_BYTES = 1024 * 1024;

/**
 * The `headings` a file of the repository at `root` (tracked or not, ignored ones left out; prose left out) holds as a
 * Markdown heading of level two or more (`## Heading`, `### Heading`, as written inside a string) while naming an agent
 * file (AGENTS.md, CLAUDE.md, GEMINI.md). A shell or Python comment (`# Heading`) has one `#`. None without git.
 */
export function scriptWrittenHeadings(root: string, headings: readonly string[]): Set<string> {
  const asked = [...new Set(headings.filter((heading) => heading.trim() !== '' && !heading.includes('\n')))];
  if (asked.length === 0) return new Set();
  const patterns = asked.flatMap((heading) => ['-e', `## ${heading}`]);
  const result = spawnSync(
    'git',
    ['grep', '--untracked', '-I', '-F', '-z', '--no-color', ...patterns, '--', '.', ...PROSE],
    { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (result.status !== 0 || typeof result.stdout !== 'string') return new Set();
  // The whole heading, not the start of a longer one: "## Setup" is no "## Setup scripts".
  const whole = asked.map((heading) => ({
    heading,
    pattern: new RegExp(`##\\s${escapeRegExp(heading)}(?![\\w-]|\\s+\\w)`),
  }));
  const found = new Map<string, Set<string>>();
  for (const line of result.stdout.split('\n')) {
    const [path, text] = line.split('\0');
    if (path === undefined || text === undefined) continue;
    for (const { heading, pattern } of whole)
      if (pattern.test(text)) found.set(path, (found.get(path) ?? new Set()).add(heading));
  }
  const written = new Set<string>();
  for (const [path, named] of found) if (namesAgentFile(join(root, path))) for (const h of named) written.add(h);
  return written;
}

function namesAgentFile(abs: string): boolean {
  try {
    const text = readFileSync(abs, 'utf8');
    return text.length <= MAX_SCRIPT_BYTES && NAMES_AGENT_FILE.test(text);
  } catch {
    return false;
  }
}
