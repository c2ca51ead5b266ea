/**
 * oclif's `command_not_found` hook: a mistyped command gets the nearest real one ("mem statsu" →
 * "Did you mean: mem status"), exit 2. oclif loads it (a named export of dist/cli.cjs, see
 * package.json `oclif.hooks`) only when no command matched; hooks, search and sync never reach
 * oclif (bin/run.js dispatches them first), so nothing on those paths pays for it.
 */
import type { Hook } from '@oclif/core';
import { distance } from 'fastest-levenshtein';
import { EXIT } from '../../core/errors.js';

export const COMMAND_NOT_FOUND: Hook.CommandNotFound = async function (options) {
  // With a space as topic separator oclif joins the words it could not place: "serach foo" → "serach:foo".
  const [typed = '', ...rest] = options.id.split(':');
  const commands = options.config.commands.filter((command) => !command.hidden).map((command) => command.id);
  const suggestion = suggestCommand(typed, commands);
  const words = [...rest, ...(options.argv ?? [])].map(shellWord);
  const lines = [`mem: ${typed} is not a mem command.`];
  if (suggestion !== null) lines.push(`  Did you mean: mem ${[suggestion, ...words].join(' ')}`);
  lines.push('  mem --help lists the commands.');
  process.stderr.write(`${lines.join('\n')}\n`);
  this.exit(EXIT.usage);
};

/** Returns the command `typed` most likely meant (a prefix, or a few letters off), or null. */
export function suggestCommand(typed: string, commands: readonly string[]): string | null {
  const word = typed.toLowerCase();
  if (word === '') return null;
  const prefixed = commands.filter((command) => command.startsWith(word));
  if (prefixed.length === 1) return prefixed[0]!;
  let best: { command: string; cost: number } | null = null;
  const letters = (text: string) => [...text].sort().join('');
  for (const command of commands) {
    // Swapped letters ("lsit") cost 2 in Levenshtein's count, like two wrong ones ("init"): the same letters win.
    const cost = distance(word, command) - (letters(word) === letters(command) ? 1 : 0);
    if (best === null || cost < best.cost) best = { command, cost };
  }
  // Beyond a third of the word (at least two letters) it is a different word.
  return best !== null && best.cost <= Math.max(2, Math.floor(word.length / 3)) ? best.command : null;
}

function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
