/**
 * What git's history says of the paths an agent file names and cannot find: the strongest evidence
 * that a path means a file of this repository that is really gone is that git saw it removed (or
 * renamed) after the agent file came into the repository. Pure: git's output comes in as text.
 */

/**
 * The newest commit that removed a path (for a folder, the newest that removed a file under it), and where git saw it go.
 * `drained`: a folder git saw emptied before and filled again, a queue its process drains (`release-notes/unreleased/`,
 * `changelog.d/`): empty between two releases, it is where the agent is told to add a file, not one that is gone.
 * Never with `renamedTo`: a folder whose files git saw moved elsewhere at last has a new place (cognee's
 * `examples/python/`, emptied and refilled by branches, then moved to `examples/demos/`), unless an earlier drain
 * moved its files to that same place: then each move is the process filing its work away (set 104's
 * Weather-Adjusted-Generation-Analytics: "Write plans to `docs/plans/`. Archive completed plans to `docs/archive/`.",
 * every plan moved to `docs/archive/plans/` when done). `drainedIn`: the commit of that earlier drain. Drained too,
 * seen once: a folder whose files the removing commit all moved into one dated folder, a workspace's batch filed away
 * (set 143's upstageailab-ocr: Project Compass's `pulse_staging/artifacts/`, made on every run, its drafts moved to
 * `history/session-1/20260125_025601_iacp-migrate-multi-agent/` when the pulse ended), never a folder moved whole
 * under its own name into a dated one (`server/` → `attic/2023-10-05/server/`: a new place, reported).
 * `files`: for a folder, the files under it that the removing commit took out, to ask git which it ignores now;
 * dropped once the folder has a new place.
 */
type Removal = {
  commit: string;
  time: number;
  renamedTo?: string;
  drained?: true;
  drainedIn?: string;
  files?: readonly string[];
};

export type PathHistory = {
  removed: ReadonlyMap<string, Removal>;
  /** When each agent file was first added (commit time, seconds), when the history read has it. */
  added: ReadonlyMap<string, number>;
};

export const NO_HISTORY: PathHistory = { removed: new Map(), added: new Map() };

/** One commit of `git log --format=%x01%h %ct --name-status` (or `git show`): its short hash, time and status lines. */
type LoggedCommit = { commit: string; time: number; changes: string[][] };

function* commitsOf(log: string): Generator<LoggedCommit> {
  for (const chunk of log.split('\x01').slice(1)) {
    const [head = '', ...lines] = chunk.split('\n');
    const [commit = '', time = '0'] = head.trim().split(' ');
    yield {
      commit,
      time: Number(time),
      changes: lines.filter((line) => line.includes('\t')).map((line) => line.split('\t')),
    };
  }
}

const isAtOrUnder = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

/**
 * Returns, from `git log --name-status --no-renames --diff-filter=AD` over `paths` and `files`
 * (newest commit first), the newest removal of each path and the first addition of each file;
 * never throws (output it cannot read says nothing).
 */
export function parsePathHistory(log: string, paths: readonly string[], files: readonly string[]): PathHistory {
  const removed = new Map<string, Removal>();
  const added = new Map<string, number>();
  const wanted = new Set(files);
  const commits = [...commitsOf(log)];
  for (const { commit, time, changes } of commits)
    for (const [status = '', path = ''] of changes) {
      if (status === 'A' && wanted.has(path)) added.set(path, time);
      if (status !== 'D') continue;
      for (const missing of paths) {
        if (!isAtOrUnder(path, missing)) continue;
        const removal = removed.get(missing);
        if (removal === undefined)
          removed.set(missing, path === missing ? { commit, time } : { commit, time, files: [path] });
        else if (removal.commit === commit && removal.files !== undefined) removal.files = [...removal.files, path];
      }
    }
  for (const [path, removal] of removed) {
    const drainedIn = drainOf(commits, path);
    if (drainedIn !== undefined) removed.set(path, { ...removal, drained: true, drainedIn });
  }
  return { removed, added };
}

/**
 * The commit in which git saw `folder` (gone now) emptied earlier, before it was filled again; undefined when it
 * never was. Read back from today's empty folder, newest commit first: before a commit the folder held what it
 * removed and not what it added (every file it held in the window was removed in it, since none is left), so an
 * empty folder that still had files before is one that was drained and refilled.
 */
function drainOf(commits: readonly LoggedCommit[], folder: string): string | undefined {
  const held = new Set<string>();
  let emptied = false;
  for (const { commit, changes } of commits) {
    const under = changes.filter(([, path = '']) => path.startsWith(`${folder}/`));
    if (under.length === 0) continue;
    if (emptied && under.some(([status]) => status === 'D')) return commit;
    for (const [status, path = ''] of under) {
      if (status === 'A') held.delete(path);
      else if (status === 'D') held.add(path);
    }
    // Before this commit the folder held nothing, after it something: it was filled here.
    if (held.size === 0 && under.some(([status]) => status === 'A')) emptied = true;
  }
  return undefined;
}

/**
 * Returns `history` with where each removed path went, read from `git show -M --name-status` of
 * the removing commits (and of the earlier drains of drained folders): a file's new name, or a folder's new place
 * when its files kept their names below it (`pnpm/test/a.ts` → `pnpm11/pnpm/test/a.ts`: `pnpm11/pnpm/test`).
 * Never throws.
 */
export function withRenames(history: PathHistory, show: string): PathHistory {
  const renames = new Map<string, [string, string][]>();
  const arrivals = new Map<string, string[]>();
  /** Each commit's files that left their place: where each went (undefined: deleted). */
  const departures = new Map<string, [string, string | undefined][]>();
  for (const { commit, changes } of commitsOf(show)) {
    departures.set(
      commit,
      changes.flatMap(([status = '', from = '', to]): [string, string | undefined][] =>
        status.startsWith('R') ? [[from, to]] : status === 'D' ? [[from, undefined]] : [],
      ),
    );
    renames.set(
      commit,
      changes.flatMap(([status = '', from = '', to = '']) =>
        status.startsWith('R') ? [[from, to] as [string, string]] : [],
      ),
    );
    arrivals.set(
      commit,
      changes.flatMap(([status = '', from = '', to = '']) =>
        status.startsWith('R') ? [to] : status === 'A' ? [from] : [],
      ),
    );
  }
  /** Where `commit` put `path`: a file's new name or a folder's new place; undefined when it put it nowhere. */
  const placeOf = (path: string, commit: string): string | undefined => {
    // A file the same commit brings back in its own place under another extension (`a.md` -> `a.mdx`) went
    // there: git pairs near-identical copies by similarity, so a docs folder's versioned copies can take the pair.
    const retyped = (arrivals.get(commit) ?? []).find((to) => isSameFileRetyped(path, to));
    if (retyped !== undefined) return retyped;
    for (const [from, to] of renames.get(commit) ?? []) {
      if (from === path) return to;
      if (!from.startsWith(`${path}/`)) continue;
      const rest = from.slice(path.length);
      if (to.endsWith(rest)) return to.slice(0, to.length - rest.length);
    }
    return undefined;
  };
  /** Whether `commit` moved every file under `folder` into one dated folder (see Removal's `drained`). */
  const filedAway = (folder: string, commit: string): boolean => {
    const leaving = (departures.get(commit) ?? []).filter(([from]) => from.startsWith(`${folder}/`));
    const places = new Set(leaving.map(([, to]) => datedFolderOf(to)));
    const [place] = places;
    // A dated folder that moved under its own name (`notes/2024-03-01/` → `archive/2024-03-01/`) is no batch filed.
    if (places.size !== 1 || place === undefined || folder.split('/').includes(place.split('/').at(-1) ?? ''))
      return false;
    // Nor is a folder archived whole, its name kept below the dated one (`server/` → `attic/2023-10-05/server/`):
    // that is the folder's new place. A batch filed pours the folder's files into the dated folder itself.
    const name = folder.split('/').at(-1) ?? '';
    return !leaving.every(([from, to]) => to?.endsWith(`/${name}/${from.slice(folder.length + 1)}`) === true);
  };
  const removed = new Map<string, Removal>();
  for (const [path, removal] of history.removed) {
    if (removal.drained !== true && filedAway(path, removal.commit)) {
      removed.set(path, { commit: removal.commit, time: removal.time, drained: true });
      continue;
    }
    const renamedTo = placeOf(path, removal.commit);
    const refiledThere = removal.drainedIn !== undefined && placeOf(path, removal.drainedIn) === renamedTo;
    removed.set(
      path,
      renamedTo === undefined || refiledThere ? removal : { commit: removal.commit, time: removal.time, renamedTo },
    );
  }
  return { removed, added: history.added };
}

/** A folder named for the day its batch was filed (`20260125_025601_iacp-migrate`, `2024-03-01-launch`). */
const DATED_SEGMENT = /^(?:19|20)\d\d-?[01]\d-?[0-3]\d(?!\d)/;

/** The folder of `path` up to its first dated folder (`a/history/20260125_x/b.md` → `a/history/20260125_x`). */
function datedFolderOf(path: string | undefined): string | undefined {
  const segments = path?.split('/') ?? [];
  const dated = segments.findIndex((segment, index) => index < segments.length - 1 && DATED_SEGMENT.test(segment));
  return dated < 0 ? undefined : segments.slice(0, dated + 1).join('/');
}

/** Whether `to` is `from` with only its extension changed, in the same folder (`docs/a.md`, `docs/a.mdx`). */
function isSameFileRetyped(from: string, to: string): boolean {
  const stem = (path: string) => path.replace(/\.[^./]+$/, '');
  return from !== to && stem(from) !== from && stem(from) === stem(to);
}
