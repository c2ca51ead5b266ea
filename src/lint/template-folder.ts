/**
 * A folder of project templates (`template/`, `templates/`, `agent_templates/`, `starter/`, `scaffold/`): an agent
 * file in it is the one a project made from the template starts with. It speaks of that project (`app/ui/` to add,
 * `src/lib/bot.ts` the generator writes) and is written to stand alone there, without the files around the template.
 * A framework's `defaults/` is one too: the files its setup copies into each project that uses it (set 126's
 * ultimate-jekyll-manager, whose `src/defaults/CLAUDE.md` is merged into the consumer's, its `npm run build` theirs).
 */
const TEMPLATE_FOLDER = /(?:^|\/)(?:[\w-]*[_-])?(?:templates?|starters?|scaffolds?|boilerplates?|defaults)\//i;

/** Returns the template folder repository-relative `file` lies in (`template/`), or undefined; never throws. */
export function templateFolderOf(file: string): string | undefined {
  const slash = file.lastIndexOf('/');
  const match = TEMPLATE_FOLDER.exec(slash < 0 ? '' : file.slice(0, slash + 1));
  return match === null ? undefined : file.slice(0, match.index + match[0].length);
}

// A dotfile kept under another name so it does not act in the template's own repository (`_.gitignore`, `_gitignore`,
// create-react-app's `gitignore`, `dot-gitignore`): the generator renames it as it copies the folder into a project.
const ESCAPED_DOTFILES = ['_.gitignore', '_gitignore', 'gitignore', 'dot-gitignore', '_.env', '_env'];

/**
 * Whether repository-relative `file` lies in a template folder copied whole into each new project: one holding an
 * escaped dotfile beside it (set 126's ultimate-jekyll-manager: `src/defaults/` with `_.gitignore` and `_.env`). Its
 * commands are that project's (`npm run build`, `npm run deploy`), run with its package.json, not this repository's.
 */
export function isProjectScaffold(file: string, exists: (path: string) => boolean): boolean {
  if (templateFolderOf(file) === undefined) return false;
  const slash = file.lastIndexOf('/');
  const folder = file.slice(0, slash + 1);
  return ESCAPED_DOTFILES.some((name) => exists(folder + name));
}

// An introduction saying the project its file stands in is a generator's output: "Rules for this generated ThreeNative
// project.", "This app was scaffolded with …".
const GENERATED_PROJECT =
  /\b(?:this|the)\s+generated\s+(?:[\w.-]+\s+){0,2}(?:project|app|application|game|workspace)\b|\bthis\s+(?:project|app|application|game)\s+was\s+(?:generated|scaffolded|bootstrapped)\s+(?:by|with|using|from)\b/i;

/**
 * The folder (`examples/coin-patrol/`) of an agent file whose introduction (its text before the first section heading)
 * says it is a generated project's, or undefined; never throws. Like a template's, such a file is the one the generator
 * wrote for that project alone (set 137's threejs-to-bevy: each example game `tn init` made keeps its AGENTS.md, "Rules
 * for this generated ThreeNative project."), repeating the repository's own rules on purpose.
 */
export function generatedProjectFolderOf(file: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const heading = text.search(/^#{2,6}\s/m);
  const introduction = text.slice(0, Math.min(heading < 0 ? text.length : heading, 600));
  if (!GENERATED_PROJECT.test(introduction)) return undefined;
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '' : file.slice(0, slash + 1);
}

// The title of the guide Task Master writes into each project that uses it (`task-master init`, `task-master rules add`:
// `.taskmaster/CLAUDE.md`, and the same text as GEMINI.md or AGENTS.md for other agents), by version: "Task Master AI -
// Agent Integration Guide", "Task Master AI - Claude Code Integration Guide".
const INSTALLED_TOOL_GUIDE = /^task master ai - [\w .-]+ integration guide$/i;

/**
 * Whether a section (its headings joined by " > ") lies under the title of a guide a tool installs into each project
 * that uses it, as the file or pasted under a heading of the project's own. The configuration it names is the tool's
 * catalogue of what such a project may hold ("Claude Code Integration Files": `.claude/settings.json` "- Claude Code tool
 * allowlist and preferences"), not this repository's: its maintainer regenerates the guide, never edits it (set 166's
 * pi-controller, set 70's claude-task-master). Never throws.
 */
export function isUnderInstalledToolGuide(section: string): boolean {
  if (!/integration guide/i.test(section)) return false;
  return section.split(' > ').some((heading) => INSTALLED_TOOL_GUIDE.test(heading.trim()));
}
