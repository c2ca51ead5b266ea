/**
 * `mem lint` (dispatched by bin/run.js before oclif loads, like search: a CI step and a quick look
 * should cost about a Node start-up). The oclif command (cli/commands/lint.ts) is its help.
 */
import { parseArgs } from 'node:util';
import { EXIT, isMemError } from '../../core/errors.js';
import { renderLintReport } from '../../lint/render-lint-report.js';
import { runLint } from '../lint/run-lint.js';

/** What `mem lint` accepts; the same flags its oclif command shows in --help (test/unit/cli/entry-flags.test.ts). */
export const LINT_OPTIONS = {
  agent: { type: 'string', short: 'a', default: 'all' },
  dir: { type: 'string', short: 'd' },
  json: { type: 'boolean' },
  'max-level': { type: 'string' },
} as const;

const USAGE = 'mem lint [--agent claude|codex|gemini|all] [--dir <subdir>] [--json] [--max-level info|warning|error]';

/** Runs `mem lint` with `argv` (after "lint"), writes its output, and returns the exit code; never throws. */
export async function runLintCli(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: LINT_OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    process.stderr.write(`mem lint: ${(error as Error).message}\n  hint: ${USAGE}\n`);
    return EXIT.usage;
  }
  try {
    const outcome = await runLint({
      cwd: process.cwd(),
      agent: values.agent,
      ...(values.dir === undefined ? {} : { dir: values.dir }),
      ...(values['max-level'] === undefined ? {} : { maxLevel: values['max-level'] }),
    });
    for (const warning of outcome.warnings) process.stderr.write(`mem lint: ${warning}\n`);
    const text =
      values.json === true ? `${JSON.stringify(outcome.report, null, 2)}\n` : renderLintReport(outcome.report);
    await new Promise<void>((done) => process.stdout.write(text, () => done()));
    return outcome.failed ? EXIT.failure : EXIT.ok;
  } catch (error) {
    if (!isMemError(error)) throw error;
    process.stderr.write(`mem lint: ${error.message}\n${error.hint ? `  hint: ${error.hint}\n` : ''}`);
    return error.exitCode;
  }
}
