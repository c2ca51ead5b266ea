/**
 * A working file a process rotates: the live file is kept out of git and each cycle's copy is committed beside it
 * under a dated name. Set 142's nostr-compass: CLAUDE.md tells the agent to "preserve each user-submitted future link
 * verbatim in `data/newsletter_workspace/link_queue.md`", a file git never had, while the weekly run commits
 * `link_queue_archive_2026-07-15.md`, `link_queue_archive_2026-07-22.md`, … in that folder and the next submission
 * starts the queue again. Such a path names the file between two cycles, not one the text was wrong about.
 */
import { escapeRegExp } from '../core/text/escape-regexp.js';

// What may stand between the stem and the date (`_archive_`, `-old-`, `.`), the date (`2026-07-15`, `20260715`,
// `2026-07`) and what may follow it (a time, a run's number) before the extension.
const DATED_TAIL = String.raw`[-_.](?:[A-Za-z]+[-_.])?(?:19|20)\d{2}-?[01]\d(?:-?[0-3]\d)?(?:[-_T.][\w-]*)?`;

/**
 * Returns whether the folder of repository-relative `path` (a file name with an extension) holds a dated copy of it
 * (`<stem>_archive_<date><ext>`, `<stem>-<date><ext>`); `filesIn` lists a folder's file names. Never throws.
 */
export function isRotatedFile(path: string, filesIn: (dir: string) => readonly string[]): boolean {
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return false;
  const dated = new RegExp(`^${escapeRegExp(name.slice(0, dot))}${DATED_TAIL}${escapeRegExp(name.slice(dot))}$`);
  return filesIn(slash < 0 ? '' : path.slice(0, slash)).some((file) => dated.test(file));
}
