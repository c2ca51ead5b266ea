/**
 * Agent files a tool writes for itself: its installer puts a managed block into the project's agent files that sends
 * the agent to the tool's own instructions file, kept in the tool's own folder (set 215's keeping-an-eye-on-the-chat:
 * `<!-- OPENSPEC:START -->` … "Always open `@/openspec/AGENTS.md` when the request …" … "Keep this managed block so
 * 'openspec update' can refresh the instructions." … `<!-- OPENSPEC:END -->` in AGENTS.md). That file lays out the
 * tool's store beside it (`openspec/specs`, "Current truth - what IS built", empty until the first change is archived)
 * and the tool's next update rewrites it: what it says of its own folder is the tool's, not the maintainer's to edit.
 */
import { posix } from 'node:path';
import type { LintSource } from './lint-document.js';

// The bounds of a block a tool manages in the files it writes to ("<!-- polylane:start -->" … "<!-- polylane:end -->",
// "<!-- BEGIN acme -->" … "<!-- END acme -->", terraform-docs' "<!-- BEGIN_TF_DOCS -->"): its installer writes the same
// block into each agent's file. Nx writes its words before the bound ("<!-- nx configuration start-->" … "<!-- nx
// configuration end-->", set 109's ng-primitives: one block in CLAUDE.md and AGENTS.md, "Leave the start & end comments
// to automatically receive updates"). Convex joins them with a hyphen ("<!-- convex-ai-start -->" … "<!-- convex-ai-end -->",
// which `npx convex ai-files install` writes into CLAUDE.md and AGENTS.md alike: set 117's maestro-template-saas-ui); a
// formatter's "<!-- prettier-ignore-start -->" only fences text from reformatting, so an `-ignore` name marks no tool's text.
// A name of several words may follow BEGIN, then the tool's `key:value` attributes, which are not part of it
// ("<!-- BEGIN BEADS INTEGRATION v:1 profile:minimal hash:ca08a54f -->" … "<!-- END BEADS INTEGRATION -->", which
// beads' `bd init` writes into CLAUDE.md and AGENTS.md alike: set 121's ralph). A note for the reader may follow the
// bound after a dash ("<!-- OMA:START — managed by oh-my-agent. Do not edit this block manually. -->" … "<!-- OMA:END -->",
// which oh-my-agent writes into CLAUDE.md, AGENTS.md and GEMINI.md with each vendor's lines: set 126's docusaurus-plugins).
// The tool's version may stand after the bound, and its note may run on over the comment's next lines ("<!-- RULEBOOK:START
// v5.3.0 — DO NOT EDIT BY HAND. Regenerated on `rulebook update`." closed two lines on, against AGENTS.md's bare
// "<!-- RULEBOOK:START -->": set 134's vectorizer, whose CLAUDE.md imports AGENTS.md and both blocks hold the same rules).
// The block's format version may be joined to its name by a colon ("<!-- dfmt:v1 begin -->" … "<!-- dfmt:v1 end -->",
// which DFMT's installer writes into CLAUDE.md, AGENTS.md and GEMINI.md, each agent's own variant: set 163's NothingDNS).
// A name may be of several colon-joined parts before the bound ("<!-- ORGANVM:AUTO:START -->" … "<!-- ORGANVM:AUTO:END -->",
// the "auto-generated — do not edit" system context a generator writes into CLAUDE.md and GEMINI.md: set 229's
// archive-past-works).
const BLOCK_MARK =
  /^\s*<!--\s*(?:([\w.-]+(?::[\w.-]+)*):\s*(start|begin|end)|(begin|start|end)[_ :]+([\w.-]+(?:[ \t]+[\w.-]+)*)(?:[ \t]+[\w.-]+:[\w.-]+)*|([\w.-]+(?::[\w.-]+)?(?:[ \t]+[\w.-]+)*)[ \t]+(start|begin|end)|((?![\w.-]*-ignore-)[\w.]+(?:-[\w.]+)*)-(start|begin|end))(?:[ \t]+v?\d+(?:\.\d+)+)?(?:(?:[ \t]+(?:[—–]|--?)[ \t][^\n]*?)?\s*-->|[ \t]+(?:[—–]|--?)[ \t](?![^\n]*-->)[^\n]*)\s*$/i;

/** A block mark's name (lower case) and whether it closes the block. */
export function blockBound(line: string): { name: string; end: boolean } | null {
  const bound = BLOCK_MARK.exec(line);
  if (bound === null) return null;
  const name = (bound[1] ?? bound[4] ?? bound[5] ?? bound[7]!).toLowerCase();
  return { name, end: (bound[2] ?? bound[3] ?? bound[6] ?? bound[8]!).toLowerCase() === 'end' };
}

// A Markdown file a block sends the agent to: an `@` import (`@/openspec/AGENTS.md`, from the project's root), a link's
// target or a code span.
const NAMED_FILE =
  /(?<![\w@])@(\/?[\w.][\w./-]*\.md)\b|\]\(\s*([^)\s#]+\.md)(?:#[^)\s]*)?\s*\)|`(\/?[\w.][\w./-]*\.md)`/g;

/**
 * The repository paths of the loaded agent files, in a folder below the root, that a tool's managed block in another
 * loaded file sends the agent to; never throws.
 */
export function toolGuidePaths(sources: readonly LintSource[]): Set<string> {
  const loaded = new Set(sources.map((source) => source.path));
  const out = new Set<string>();
  for (const source of sources) {
    const text = source.text ?? '';
    if (!text.includes('<!--')) continue;
    const folder = posix.dirname(source.path);
    const open = new Set<string>();
    for (const line of text.split('\n')) {
      const bound = line.includes('<!--') ? blockBound(line) : null;
      if (bound !== null) {
        if (bound.end) open.delete(bound.name);
        else open.add(bound.name);
        continue;
      }
      if (open.size === 0) continue;
      for (const match of line.matchAll(NAMED_FILE)) {
        const named = match[1] ?? match[2] ?? match[3]!;
        const path = named.startsWith('/')
          ? posix.normalize(named.slice(1))
          : posix.normalize(posix.join(folder, named.replace(/^\.\//, '')));
        if (path !== source.path && loaded.has(path) && posix.dirname(path) !== '.') out.add(path);
      }
    }
  }
  return out;
}
