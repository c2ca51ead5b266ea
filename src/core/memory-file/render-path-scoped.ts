/**
 * The path-scoped rendering (config team.renderPathScoped): an entry whose paths all lie under one
 * folder (core/text/path-area.ts) is rendered into `.claude/rules/mem-<area>.md` with `paths:` front
 * matter, which Claude Code loads only once the agent reads a matching file; the rest, conflicts
 * included, stays in the always-loaded file. These files are written from the working copy and
 * never read back: edit such an entry in the main file's place with `mem remember`/`mem forget`.
 */
import type { Entry } from './entry.js';
import {
  RULES_FILE_NOTE,
  RULES_FILE_TITLE,
  renderMemory,
  type RenderOptions,
  type Rendering,
} from './render-memory.js';
import { parseRegionBody } from './parse-region-body.js';
import { pathAreaOf } from '../text/path-area.js';

/** The first line of every path-scoped file after its front matter: how mem knows the files it wrote. */
export const SCOPED_FILE_NOTE =
  '<!-- Path-scoped team memory rendered by mem: Claude Code loads it once the agent reads a file under its paths. Git ignores this file; edits here are not read back (use mem remember / mem forget). -->';

export type ScopedFile = { path: string; text: string };

/** Returns the rules file of `area` (`packages/api` → `.claude/rules/mem-packages-api.md`). */
export function scopedFilePath(area: string): string {
  return `.claude/rules/mem-${area.replace(/[^A-Za-z0-9._-]+/g, '-')}.md`;
}

/** Returns whether an entry stays in the always-loaded file (conflicts, entries without one area). */
export function staysInMainFile(entry: Entry | null): boolean {
  return entry === null || pathAreaOf(entry.text) === null;
}

/** Returns one file per area of the body's entries (without the main file's size budget); never throws. */
export function renderPathScoped(body: string, options: RenderOptions): ScopedFile[] {
  const areas = new Set<string>();
  for (const { item } of parseRegionBody(body).blocks) {
    if (item !== undefined && (item.kind === 'entry' || item.kind === 'resolved')) {
      const area = pathAreaOf(item.entry.text);
      if (area !== null) areas.add(area);
    }
  }
  const { maxChars: _unbounded, ...rest } = options;
  return [...areas].sort().flatMap((area) => {
    const rendering: Rendering = renderMemory(body, {
      ...rest,
      include: (entry) => entry !== null && pathAreaOf(entry.text) === area,
    });
    if (rendering.items.length === 0) return [];
    const text = rendering.text
      .replace(RULES_FILE_NOTE, SCOPED_FILE_NOTE)
      .replace(RULES_FILE_TITLE, `${RULES_FILE_TITLE}: ${area}`);
    return [{ path: scopedFilePath(area), text: `---\npaths:\n  - "${area}/**"\n---\n${text}` }];
  });
}
