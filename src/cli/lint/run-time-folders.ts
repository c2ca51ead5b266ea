/**
 * Which folders the repository's own code makes when it runs: an output folder a program creates before writing into it
 * (set 175's hicosmo-jax: `os.makedirs("results", exist_ok=True)` before saving a corner plot to `results/…pdf`, its
 * plotting package saving to `results/` by default). Git may have held a file there once and seen it removed, but the
 * folder is where the program puts its output, not a file gone. Read with one `git grep` over the working tree.
 */
import { escapeRegExp } from '../../core/text/escape-regexp.js';
import { grepCode } from './grep-code.js';

// The calls and the command that make a folder, in the languages a repository's scripts are written in.
const MAKERS = ['makedirs', 'mkdir', 'Mkdir', 'create_dir', 'create_directories'];

/**
 * The `folders` (repository-relative, without a trailing slash) a non-prose file of the repository at `root` makes by
 * their whole path written as a string or a shell word: `os.makedirs("results")`, `os.mkdir('results')`,
 * `Path("results").mkdir(…)`, `fs.mkdirSync('results', …)`, `os.MkdirAll("results", …)`,
 * `std::fs::create_dir_all("results")`, `mkdir -p results` (a `./` before it or a `/` after it or not). A folder of
 * the same name elsewhere (`mkdir -p out/results`) is another folder. None without git.
 */
export function runTimeFolders(root: string, folders: readonly string[]): Set<string> {
  const asked = [...new Set(folders.filter((folder) => /^[\w.-]+(?:\/[\w.-]+)*$/.test(folder)))];
  if (asked.length === 0) return new Set();
  const output = grepCode(root, ['-F', '--no-color', ...MAKERS.flatMap((maker) => ['-e', maker])]);
  if (output === undefined) return new Set();
  const lines = output.split('\n');
  const made = new Set<string>();
  for (const folder of asked) {
    const name = `(?:\\./)?${escapeRegExp(folder)}/?`;
    const call = new RegExp(
      `\\b(?:makedirs|mkdir\\w*|MkdirAll|Mkdir|create_dir(?:_all)?|create_directories)\\s*\\(\\s*(['"\`])${name}\\1`,
    );
    const command = new RegExp(
      `(?:^|[\\s;&|('"])mkdir\\s+(?:-\\w+\\s+)*(?:\\S+\\s+)*?['"]?${name}['"]?(?=$|[\\s;&|)])`,
    );
    const path = new RegExp(`\\bPath\\s*\\(\\s*(['"\`])${name}\\1\\s*\\)\\.mkdir\\b`);
    if (lines.some((line) => call.test(line) || path.test(line) || command.test(line))) made.add(folder);
  }
  return made;
}
