/**
 * Whether an `@` path in a file kept for another coding assistant is that assistant's mention of a file from the
 * workspace root. Cursor, Windsurf, Cline and Roo Code read `@path` in their rules from the root of the workspace
 * (`@.cursor/rules/testing.md`, `@packages/ui/src/Button.test.tsx`); Claude Code reads an import beside the importing
 * file. A CLAUDE.md that imports such a rules file (set 106's metamask-design-system: nine `.cursor/rules/*.md` guides)
 * makes Claude Code look for `.cursor/rules/.cursor/rules/testing.md`: nothing it meant to load is lost (the guides
 * CLAUDE.md imports itself, and pointers to source, test and changelog files the guide tells the agent to open), and
 * writing the path from the file instead would break the mention for the assistant the file is written for. Such a
 * mention is neither loaded nor a broken import, and so is a page's handle written from the root (isHandleFromRoot). A
 * path written from the file (`./`, `../`) is an import as written.
 */
import { posix } from 'node:path';
import { AGENT_OF_FILE_NAME } from './classify-agent-file.js';

// The folders of the assistants whose rules mention files from the workspace root.
const ROOT_MENTION_FOLDERS = ['.cursor/', '.windsurf/', '.clinerules/', '.roo/'];

/** Returns whether `target`, found in repository-relative `file`, names a file that `exists` from the root; never throws. */
export function isRootMention(file: string, target: string, exists: (path: string) => boolean): boolean {
  if (target.startsWith('./') || target.startsWith('../')) return false;
  if (!ROOT_MENTION_FOLDERS.some((folder) => file.startsWith(folder)) && !isHandleFromRoot(file, target)) return false;
  const fromRoot = posix.normalize(target);
  return !fromRoot.startsWith('../') && exists(fromRoot);
}

/**
 * Whether an `@` path in an imported page (no agent file by its name) is spelled from the root through the page's own
 * folder: set 140's odoo-ai, whose `docs/roles.md` (imported by CLAUDE.md) lists "Doc handles (typical)" as
 * `@docs/odoo/orm.md, @docs/style/python.md`, the repository's notation for a page (docs/README.md links
 * `[@docs/odoo/orm.md](odoo/orm.md)`). Nobody means `docs/docs/odoo/orm.md`: such a handle points the agent at a page,
 * and written from `docs/` it would load every page it names into each session.
 */
function isHandleFromRoot(file: string, target: string): boolean {
  const folder = posix.dirname(file);
  return (
    folder !== '.' &&
    !file.startsWith('.claude/') &&
    !(posix.basename(file) in AGENT_OF_FILE_NAME) &&
    target.startsWith(`${folder}/`)
  );
}
