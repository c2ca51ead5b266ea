/**
 * THE FINDER: what repository things an entry's text names (text → references). Only its text
 * matching rules live here; resolving them against a commit is resolve-anchors.ts, and a reference
 * that names nothing in the repository gets no anchor (so a loose rule here costs nothing but a
 * lookup). The rules are tuned on the real-history development set (bench/README.md), so keep
 * other changes out of this file.
 */
import type { Reference, ReferenceKind } from './anchor.js';

/** Returns the references in `text`, each once, in order of first appearance; never fails. */
export function findReferences(text: string): Reference[] {
  const found = new Map<string, Reference>();
  const add = (kind: ReferenceKind, value: string) => {
    const key = `${kind}\u0000${value}`;
    if (value !== '' && !found.has(key)) found.set(key, { kind, value });
  };
  for (const rule of COMMAND_RULES) for (const match of text.matchAll(rule.pattern)) rule.read(match, add);
  for (const span of codeSpans(text)) {
    for (const token of span.split(/\s+/)) {
      const path = pathOf(token, true);
      if (path !== null) add('path', path);
      else if (PYTHON_MODULE_RE.test(token) && span.trim() === token) add('python-module', token);
    }
  }
  for (const token of text.replace(CODE_SPAN_RE, ' ').split(/[\s,;()[\]<>"']+/)) {
    const path = pathOf(token, false);
    if (path !== null) add('path', path);
  }
  return [...found.values()];
}

const CODE_SPAN_RE = /`([^`\n]+)`/g;

function codeSpans(text: string): string[] {
  return [...text.matchAll(CODE_SPAN_RE)].map((match) => match[1] ?? '');
}

type CommandRule = {
  pattern: RegExp;
  read: (match: RegExpMatchArray, add: (kind: ReferenceKind, value: string) => void) => void;
};

const NAME = '([A-Za-z0-9][A-Za-z0-9:_.@/-]*)';

/**
 * Options before a package manager's command: `--filter web`, `-F docs`, `--prefix=app` name a
 * workspace, not the script (`pnpm --filter web run lint` runs `lint`); other flags stand alone.
 * A workspace option is never read as a lone flag: `pnpm --filter web ...` names no script, not `web`.
 */
const PM_OPTIONS =
  '(?:(?:--filter|-F|-C|--dir|--cwd|--prefix|--workspace)(?:=|\\s+)\\S+\\s+|(?!(?:--filter|-F|-C|--dir|--cwd|--prefix|--workspace)\\b)-[-\\w]+(?:=\\S+)?\\s+)*';

/** Package scripts, make and just targets, Go packages and Python modules, as commands name them. */
const COMMAND_RULES: CommandRule[] = [
  {
    pattern: new RegExp(`\\b(?:npm|bun)\\s+${PM_OPTIONS}run(?:-script)?\\s+${NAME}`, 'g'),
    read: (m, add) => add('script', trimName(m[1])),
  },
  { pattern: /\bnpm\s+(test|start|stop|restart)\b/g, read: (m, add) => add('script', m[1] ?? '') },
  {
    pattern: new RegExp(`\\b(?:pnpm|yarn)\\s+${PM_OPTIONS}(?:workspace\\s+\\S+\\s+)?(run\\s+)?${NAME}`, 'g'),
    // `pnpm install` is pnpm's own command; `pnpm run install` (and `pnpm build`) a script.
    read: (m, add) => {
      const name = trimName(m[2]);
      if (m[1] !== undefined || !PACKAGE_MANAGER_COMMANDS.has(name)) add('script', name);
    },
  },
  // `cargo make fmt` runs cargo-make, whose tasks live in Makefile.toml, not a target of a GNU Makefile. A target
  // goes on past a slash (`make e2e/install`, a pattern rule's `e2e/%`, set 85's operator-controller): cut there, it
  // would name another target.
  {
    pattern: /(?<!\bcargo[ \t]+)\bmake\s+(?:-C\s+(\S+)\s+)?([A-Za-z0-9_][\w./-]*)/g,
    read: (m, add) => add('make', m[1] === undefined ? trimName(m[2]) : `${trimPath(m[1])}:${trimName(m[2])}`),
  },
  { pattern: /\bjust\s+([A-Za-z0-9_][\w-]*)/g, read: (m, add) => add('just', m[1] ?? '') },
  {
    pattern: /(?:^|[\s`(])(\.\/[A-Za-z0-9_][\w./-]*?)(?:\/\.\.\.)?(?=$|[\s`),;:])/g,
    read: (m, add) => add('go-package', m[1] ?? ''),
  },
  {
    pattern: /\bpython[0-9.]*\s+-m\s+([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)/g,
    read: (m, add) => add('python-module', m[1] ?? ''),
  },
];

/**
 * pnpm's and yarn's own commands: `pnpm X` runs script X unless X is one of these. `start` and
 * `test` are not here: `pnpm start` runs the start script.
 */
const PACKAGE_MANAGER_COMMANDS = new Set(
  (
    'install i ci add remove rm uninstall update up upgrade dlx exec x create init link unlink publish pack why ' +
    'list ls outdated audit config cache store import rebuild prune dedupe patch patch-commit version info view ' +
    'login logout set workspace workspaces global node env help bin root setup self-update pm fetch run licenses ' +
    'plugin constraints explain npm tag whoami owner search doctor approve-builds deploy recursive completion unplug stage'
  ).split(' '),
);

function trimName(name: string | undefined): string {
  return (name ?? '').replace(/[.:,]+$/, '');
}

function trimPath(path: string): string {
  return path.replace(/^\.\//, '').replace(/\/+$/, '');
}

/**
 * A slash command (`/ship`, "invoke /review"): a root folder or file as agent files write them
 * (`/docs`), or a command or skill the repository defines (resolve-anchors.ts says which). The
 * value keeps its `/` so the resolver knows to look there.
 */
export const SLASH_COMMAND_RE = /^\/[a-z][a-z0-9]+(?:[-_][a-z0-9]+)*$/;
/** A dotfile or dot-folder (`.gitignore`, `.changeset`): a name, whatever the length of what follows the dot. */
const DOT_NAME_RE = /^\.[A-Za-z][\w-]*(?:\.[\w-]+)*$/;
const PYTHON_MODULE_RE = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*){1,6}$/;
const EXTENSION_RE = /\.[A-Za-z][A-Za-z0-9]{0,7}$/;

/**
 * The repository path a token names, or null: a token with a `/`, or a file name with an
 * extension (`CONTRIBUTING.md`, `App.css`, in prose too). URLs, home paths, variables and globs
 * name nothing here; `@path` (an import), `./`, prose emphasis (`**src/api/**`), a trailing line
 * number and trailing punctuation are dropped. A leading `/` is the repository's root, as agent
 * files write it (`/web/`, `/fern/`): a system path such as `/usr/bin` resolves to nothing there.
 * A lone `/name` is kept as written (SLASH_COMMAND_RE); a dot-name is a file or folder (DOT_NAME_RE).
 */
function pathOf(raw: string, inCode: boolean): string | null {
  const bare = inCode ? raw : raw.replace(/^\*+|\*+$/g, '');
  let token = bare
    .replace(/^[@(]+/, '')
    .replace(/[.,;:!?)]+$/, '')
    .replace(/:\d+(?::\d+)?$/, '');
  // Note: `./internal/...` is a Go package (COMMAND_RULES), not a path.
  if (token === '' || token.length > 200 || /:\/\/|^[~$]|^\/\/|[*?{}$|\\]|^-/.test(token) || raw.includes('/...'))
    return null;
  if (SLASH_COMMAND_RE.test(token)) return token;
  token = token.replace(/^\//, '').replace(/^(?:\.\/)+/, '');
  if (token === '' || token.startsWith('../') || token === '.' || token.includes('//')) return null;
  if (!/^[\w.@+\-/]+$/u.test(token)) return null;
  const name = token.replace(/\/+$/, '').split('/').pop() ?? '';
  if (name === '' || /^\.+$/.test(name)) return null;
  if (token.includes('/')) return /[A-Za-z]/.test(token) ? token : null;
  return isFileName(token, inCode) || DOT_NAME_RE.test(token) ? token : null;
}

/**
 * A name without folders is a file when it has an extension and a stem of two characters or more
 * (`e.g`, `i.e` are not). In prose, a capitalised `X.js` is a project's name (Node.js, Next.js,
 * Vue.js), not a file.
 */
function isFileName(token: string, inCode: boolean): boolean {
  const dot = token.lastIndexOf('.');
  if (!EXTENSION_RE.test(token) || /^\d/.test(token) || (dot < 2 && !token.startsWith('.'))) return false;
  return inCode || !/^[A-Z][A-Za-z0-9]*\.js$/.test(token);
}
