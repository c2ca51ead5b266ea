/**
 * Claude Code's own auto memory as a source of pending team candidates. Where the user has it
 * enabled, Claude keeps topic files with front matter (`name`, `description`, `type`) in a
 * `memory/` folder beside the session transcripts. Its `project`, `feedback` and `reference`
 * memories are offered to the pending inbox (never `user` ones, which are about the person);
 * nothing there is ever modified. Read at session start, only when the folder changed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Candidate } from '../core/memory-file/candidate.js';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import { readRegularFileSync } from '../core/files/read-regular-file.js';
import { classifySection } from './extract/classify-section.js';
import { rewriteAsRule } from './extract/rewrite-rule.js';

const TEAM_TYPES = new Set(['project', 'feedback', 'reference']);
const MAX_FILES = 200;
/**
 * A topic file is a few short paragraphs (Claude Code writes one memory per file, hundreds of bytes);
 * anything past this is not one, and reading it would spend the session start's budget.
 */
const MAX_TOPIC_BYTES = 64 * 1024;

/** The auto memory folder of the project whose session transcript is at `transcriptPath`. */
export function autoMemoryDir(transcriptPath: string): string {
  return join(dirname(transcriptPath), 'memory');
}

type Topic = { file: string; type: string; text: string };
/** A file of the folder left unread, and why (a FIFO, a device, a file past MAX_TOPIC_BYTES). */
export type SkippedTopic = { file: string; reason: string };

/** Returns the front matter fields and the body of a topic file (flat keys and `metadata:` children). */
function parseTopic(text: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { fields: {}, body: text };
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const field = /^\s*([A-Za-z_]+)\s*:\s*(.*)$/.exec(line);
    if (field?.[1] && field[2] !== undefined && field[2].trim() !== '')
      fields[field[1]] ??= field[2].trim().replace(/^["']|["']$/g, '');
  }
  return { fields, body: match[2] ?? '' };
}

/**
 * Returns the team-worthy topics of the folder (type project, feedback or reference) and the files
 * it did not read (only regular files up to MAX_TOPIC_BYTES are read); never throws.
 */
function readAutoMemory(dir: string): { topics: Topic[]; skipped: SkippedTopic[] } {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith('.md') && name !== 'MEMORY.md')
      .sort()
      .slice(0, MAX_FILES);
  } catch {
    return { topics: [], skipped: [] };
  }
  const topics: Topic[] = [];
  const skipped: SkippedTopic[] = [];
  for (const name of names) {
    let raw: string;
    try {
      const read = readRegularFileSync(join(dir, name), MAX_TOPIC_BYTES);
      if (!read.ok) {
        skipped.push({
          file: name,
          reason: read.reason === 'too large' ? `larger than ${MAX_TOPIC_BYTES / 1024} KiB` : read.reason,
        });
        continue;
      }
      raw = read.text;
    } catch {
      continue;
    }
    const { fields, body } = parseTopic(raw);
    const type = (fields['type'] ?? '').toLowerCase();
    if (!TEAM_TYPES.has(type)) continue;
    // The rule is the body's first paragraph ("**Why:**" and "**How to apply:**" follow it).
    const first = body
      .split(/\r?\n\s*\r?\n/)
      .map((part) => part.replace(/\s+/g, ' ').trim())
      .find((part) => part !== '' && !/^#/.test(part));
    const text = (first ?? fields['description'] ?? '').replace(/\*\*/g, '');
    if (text !== '') topics.push({ file: name, type, text });
  }
  return { topics, skipped };
}

function fingerprint(dir: string): string {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => `${name}:${statSync(join(dir, name)).mtimeMs}`)
      .join('|');
  } catch {
    return '';
  }
}

/**
 * Returns the candidates of the auto memory folder when it changed since the last look (else
 * none) and the files left unread, and remembers that look in `stateFile`; never throws.
 */
export function autoMemoryCandidates(
  dir: string,
  stateFile: string,
  sections: readonly string[],
): { candidates: Candidate[]; skipped: SkippedTopic[] } {
  const none = { candidates: [], skipped: [] };
  if (!existsSync(dir)) return none;
  const print = fingerprint(dir);
  try {
    if (
      existsSync(stateFile) &&
      (JSON.parse(readFileSync(stateFile, 'utf8')) as { fingerprint?: string }).fingerprint === print
    )
      return none;
    writeFileAtomicSync(stateFile, `${JSON.stringify({ fingerprint: print })}\n`);
  } catch {
    /* a lost fingerprint only means one more look */
  }
  const { topics, skipped } = readAutoMemory(dir);
  const candidates = topics.map((topic) => {
    const text = rewriteAsRule(topic.text);
    return {
      text,
      section:
        topic.type === 'reference'
          ? (sections.find((s) => s.toLowerCase() === 'references') ?? classifySection(text, 'reference', sections))
          : classifySection(text, 'auto-memory', sections),
      source: 'auto-memory' as const,
      origin: 'agent' as const,
      evidence: { eventIndex: 0 },
      from: `Claude Code auto memory: ${basename(topic.file)} (${topic.type})`,
    };
  });
  return { candidates, skipped };
}
