/**
 * A folder of project templates (`template/`, `templates/`, `agent_templates/`, `starter/`, `scaffold/`): an agent
 * file in it is the one a project made from the template starts with. It speaks of that project (`app/ui/` to add,
 * `src/lib/bot.ts` the generator writes) and is written to stand alone there, without the files around the template.
 */
const TEMPLATE_FOLDER = /(?:^|\/)(?:[\w-]*[_-])?(?:templates?|starters?|scaffolds?|boilerplates?)\//i;

/** Returns the template folder repository-relative `file` lies in (`template/`), or undefined; never throws. */
export function templateFolderOf(file: string): string | undefined {
  const slash = file.lastIndexOf('/');
  const match = TEMPLATE_FOLDER.exec(slash < 0 ? '' : file.slice(0, slash + 1));
  return match === null ? undefined : file.slice(0, match.index + match[0].length);
}
