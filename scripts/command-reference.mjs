// Regenerates the README's command reference from each command's static oclif metadata
// (summary, description, flags, args, examples), between the <!-- commands --> markers.
// Run after `npm run build`: node scripts/command-reference.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const { COMMANDS } = await import('../dist/cli.cjs');
const lines = [];
for (const id of Object.keys(COMMANDS).sort()) {
  const command = COMMANDS[id];
  const args = Object.entries(command.args ?? {}).map(([name, arg]) => (arg.required ? ` <${name}>` : ` [${name}]`)).join('');
  lines.push(`### \`mem ${id}${args}\``, '', command.summary ?? '', '');
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
  const examples = (command.examples ?? []).map((example) => (typeof example === 'string' ? example : example.command).replace(/<%= config.bin %>/g, 'mem'));
  if (examples.length > 0) lines.push('```sh', ...examples, '```', '');
}
const readme = readFileSync('README.md', 'utf8');
const start = readme.indexOf('<!-- commands -->');
const end = readme.indexOf('<!-- commandsstop -->');
if (start === -1 || end === -1) throw new Error('README.md lacks the <!-- commands --> … <!-- commandsstop --> markers');
writeFileSync('README.md', `${readme.slice(0, start)}<!-- commands -->\n${lines.join('\n')}\n${readme.slice(end)}`);
console.log(`command reference: ${Object.keys(COMMANDS).length} commands`);
