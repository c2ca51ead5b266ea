/**
 * A JVM module's file named by its module and its package-relative path, the source root and package folders left
 * out: `common/package.scala` for sbt's `common/src/main/scala/teamflow/package.scala` (set 99's team-flow, "Refined
 * types … in `common/package.scala`"), `core/utils/Ids.kt` for `core/src/main/kotlin/com/acme/utils/Ids.kt`. Maven,
 * Gradle and sbt keep every module's code under `src/main/<language>/` (tests under `src/test/<language>/`) and then
 * its package folders, which a text naming the module's file need not spell. Never throws.
 */

/** The source sets of the Maven standard layout, below a module's folder. */
const SOURCE_SETS = ['src/main', 'src/test'] as const;
/** How many folders one module's source tree is walked through at most (package folders are few, trees can be large). */
const MAX_FOLDERS = 2000;

/** Whether `reference` (repository-relative) names a file some module prefix of it holds below a source root's packages. */
export function isJvmModuleFile(
  reference: string,
  exists: (path: string) => boolean,
  foldersIn: ((dir: string) => readonly string[]) | undefined,
): boolean {
  if (foldersIn === undefined) return false;
  const parts = reference.replace(/^\.?\/+/, '').split('/');
  if (parts.at(-1) === '' || parts.length < 2) return false;
  for (let cut = 1; cut < parts.length; cut++) {
    const module = parts.slice(0, cut).join('/');
    const tail = parts.slice(cut).join('/');
    for (const set of SOURCE_SETS) {
      const root = `${module}/${set}`;
      if (!exists(root)) continue;
      const budget = { folders: MAX_FOLDERS };
      if (foldersIn(root).some((language) => holdsBelow(`${root}/${language}`, tail, exists, foldersIn, budget)))
        return true;
    }
  }
  return false;
}

/** Whether `dir` or a folder below it (walked breadth-first within `budget`) holds `tail`. */
function holdsBelow(
  dir: string,
  tail: string,
  exists: (path: string) => boolean,
  foldersIn: (dir: string) => readonly string[],
  budget: { folders: number },
): boolean {
  const queue = [dir];
  while (queue.length > 0 && budget.folders-- > 0) {
    const folder = queue.shift()!;
    if (exists(`${folder}/${tail}`)) return true;
    queue.push(...foldersIn(folder).map((name) => `${folder}/${name}`));
  }
  return false;
}
