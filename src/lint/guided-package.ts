/**
 * The folder of the workspace package an agent file opens by saying it guides: a root CLAUDE.md opening "This file
 * guides Claude Code when working with @xrift/avatar-optimizer (a 3D model optimization library)" writes `src/types.ts`
 * from that package's folder (set 164's avatar-optimizer, whose `src/` git saw moved into `packages/avatar-optimizer/`
 * when the repository became a monorepo, the guide kept for the library).
 */
import { posix } from 'node:path';
import type { LintDocument } from './lint-document.js';

// A scoped npm package's name (`@xrift/avatar-optimizer`): an unscoped one is too often a plain word.
const SCOPED_NAME = /(?<![\w@/.-])@[a-z\d][\w.-]*\/[a-z\d][\w.-]*(?<![.-])/gi;
// The prose a file opens on, before its second heading: where it says what it is for.
const OPENING_DOCUMENTS = 4;

/**
 * Returns the folder (repository-relative) of the one package.json below `file`'s folder declaring a scoped name the
 * file's opening prose names, or undefined: none named, none declared, or several. `manifests`: path → text.
 */
export function guidedPackageFolder(
  documents: readonly LintDocument[],
  file: string,
  manifests: ReadonlyMap<string, string>,
): string | undefined {
  const opening = documents
    .filter((doc) => doc.code !== true)
    .slice(0, OPENING_DOCUMENTS)
    .filter((doc) => !doc.section.includes(' > '));
  const names = new Set(opening.flatMap((doc) => doc.text.match(SCOPED_NAME) ?? []));
  if (names.size === 0) return undefined;
  const dir = posix.dirname(file);
  const folders = [...manifests]
    .filter(([path]) => posix.basename(path) === 'package.json' && path.includes('/'))
    .filter(([path]) => dir === '.' || path.startsWith(`${dir}/`))
    .filter(([, text]) => [...names].some((name) => declaresName(text, name)))
    .map(([path]) => posix.dirname(path));
  return folders.length === 1 ? folders[0] : undefined;
}

function declaresName(manifest: string, name: string): boolean {
  return manifest.includes(`"${name}"`) && new RegExp(`"name"\\s*:\\s*"${name.replace(/[.]/g, '\\.')}"`).test(manifest);
}
