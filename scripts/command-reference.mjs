// Generates docs/commands.md, the command reference, from each command's static oclif metadata
// (summary, description, flags, args, examples, the --json shape) of the built CLI.
// Run: npm run build && npm run docs:commands. test/unit/docs/command-reference.test.ts renders the
// same function over the sources' command map and fails while docs/commands.md is not current.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HEADER = [
  '# Command reference',
  '',
  "<!-- Generated from the commands' oclif metadata by `npm run docs:commands` (after `npm run build`); do not edit by hand. -->",
  '',
  'Every command also prints its help with `mem <command> --help`. Exit codes: `0` success, `1` failure,',
  '`2` usage error (also: the repository is not set up yet), `3` done but conflicts await `mem review`.',
  "`mem merge-driver <base> <ours> <theirs>` is git's merge driver, registered by `mem init` and run by git, not by you.",
  '',
];

/** Returns the markdown reference of `commands` (oclif's command map: id → command class), commands by id. */
export function commandReference(commands) {
  const lines = [...HEADER];
  for (const id of Object.keys(commands).sort()) {
    const command = commands[id];
    const args = Object.entries(command.args ?? {})
      .map(([name, arg]) => (arg.required ? ` <${name}>` : ` [${name}]`))
      .join('');
    lines.push(`## \`mem ${id}${args}\``, '', command.summary ?? '', '');
    if (command.description) lines.push(command.description.trim(), '');
    if (command.jsonShape) lines.push(`JSON output (\`--json\`): \`${command.jsonShape}\``, '');
    const flags = Object.entries(command.flags ?? {});
    if (flags.length > 0) {
      lines.push('| flag | description |', '|---|---|');
      for (const [name, flag] of flags) {
        const value = flag.type === 'option' ? (flag.options ? ` ${flag.options.join('\\|')}` : ' <value>') : '';
        const short = flag.char ? `-${flag.char}, ` : '';
        lines.push(`| \`${short}--${name}${value}\` | ${(flag.description ?? '').replace(/\|/g, '\\|')} |`);
      }
      lines.push('');
    }
    const examples = (command.examples ?? []).map((example) =>
      (typeof example === 'string' ? example : example.command).replace(/<%= config.bin %>/g, 'mem'),
    );
    if (examples.length > 0) lines.push('```sh', ...examples, '```', '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const project = join(dirname(fileURLToPath(import.meta.url)), '..');
  const { COMMANDS } = await import(pathToFileURL(join(project, 'dist', 'cli.cjs')).href);
  writeFileSync(join(project, 'docs', 'commands.md'), commandReference(COMMANDS));
  console.log(`docs/commands.md: ${Object.keys(COMMANDS).length} commands`);
}
