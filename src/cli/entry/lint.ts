/**
 * `mem lint` (dispatched by bin/run.js before oclif loads, like search: a CI step and a quick look
 * should cost about a Node start-up). The oclif command (cli/commands/lint.ts) is its help.
 */
import { LINT_FLAGS } from '../flags/lint-flags.js';
import { parseCommandLine } from '../flags/parse-command-line.js';
import { EXIT, isMemError } from '../../core/errors.js';
import { renderLintReport } from '../../lint/render-lint-report.js';
import { runLint } from '../lint/run-lint.js';

/** Runs `mem lint` with `argv` (after "lint"), writes its output, and returns the exit code; never throws. */
export async function runLintCli(argv: string[]): Promise<number> {
  const line = parseCommandLine('lint', argv, LINT_FLAGS);
  if ('refusal' in line) {
    process.stderr.write(line.refusal);
    return EXIT.usage;
  }
  const { values } = line;
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
