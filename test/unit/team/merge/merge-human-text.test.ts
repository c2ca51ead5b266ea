/**
 * The merge driver on hand-written markdown, case by case: what a person editing CLAUDE.md on two
 * branches sees after `git merge`. Real-file cases are golden (test/golden/merge-driver.test.ts);
 * these are the situations the real corpus is thin on.
 */
import { describe, expect, test } from 'vitest';
import { mergeMarkdownFile } from '../../../../src/team/merge/merge-markdown-file.js';

const md = (...lines: string[]): string => `${lines.join('\n')}\n`;
const crlf = (text: string): string => text.replace(/\n/g, '\r\n');
const BASE = md(
  '# Project',
  '',
  '## Rules',
  '',
  '- Run `npm test` before pushing.',
  '- Keep PRs small.',
  '',
  '## Notes',
  '',
  'Some prose.',
);

describe('mergeMarkdownFile on hand-written files', () => {
  test('the same item edited two ways is a conflict in git markers, never two items', () => {
    const ours = BASE.replace('Keep PRs small.', 'Keep PRs under 300 lines.');
    const theirs = BASE.replace('Keep PRs small.', 'Keep PRs small and focused.');
    const result = mergeMarkdownFile(BASE, ours, theirs);
    expect(result.clean).toBe(false);
    expect(result.conflicts).toBe(1);
    expect(result.text).toContain(
      '<<<<<<< ours\n- Keep PRs under 300 lines.\n=======\n- Keep PRs small and focused.\n>>>>>>> theirs\n',
    );
  });

  test('two people appending to one list: both kept, ours first, no markers', () => {
    const ours = BASE.replace('- Keep PRs small.\n', '- Keep PRs small.\n- Squash on merge.\n');
    const theirs = BASE.replace(
      '- Keep PRs small.\n',
      '- Keep PRs small.\n- Never commit `.env`.\n  It holds local secrets.\n',
    );
    const result = mergeMarkdownFile(BASE, ours, theirs);
    expect(result.clean).toBe(true);
    expect(result.text).toBe(
      BASE.replace(
        '- Keep PRs small.\n',
        '- Keep PRs small.\n- Squash on merge.\n- Never commit `.env`.\n  It holds local secrets.\n',
      ),
    );
  });

  test('additions that contradict each other, or repeat one rule, stay a conflict', () => {
    const add = (line: string): string => BASE.replace('- Keep PRs small.\n', `- Keep PRs small.\n${line}\n`);
    expect(
      mergeMarkdownFile(
        BASE,
        add('- Use `pnpm install` for dependencies.'),
        add('- Do not use `pnpm install`; use npm.'),
      ).clean,
    ).toBe(false);
    expect(
      mergeMarkdownFile(BASE, add('- Lint with `make lint`.'), add('- Lint with `make lint` (it also formats).')).clean,
    ).toBe(false);
    expect(mergeMarkdownFile(BASE, add('- Deploy on Fridays.'), add('- deploy on fridays!')).clean).toBe(false);
  });

  test('additions inside a fenced code block stay a conflict; table rows merge like items', () => {
    const code = md('# P', '', '```yaml', 'steps:', '  - build', '```');
    const ours = code.replace('  - build\n', '  - build\n  - test\n');
    const theirs = code.replace('  - build\n', '  - build\n  - deploy\n');
    expect(mergeMarkdownFile(code, ours, theirs).clean).toBe(false);
    const table = md('| command | what |', '|---|---|', '| `make` | build |');
    const merged = mergeMarkdownFile(
      table,
      `${table}| \`make test\` | tests |\n`,
      `${table}| \`make lint\` | lint |\n`,
    );
    expect(merged).toMatchObject({
      clean: true,
      text: `${table}| \`make test\` | tests |\n| \`make lint\` | lint |\n`,
    });
    expect(
      mergeMarkdownFile(table, `${table}| \`make test\` | unit |\n`, `${table}| \`make test\` | all |\n`).clean,
    ).toBe(false);
  });

  test('CRLF files stay CRLF, also when the other side is LF', () => {
    const ours = BASE.replace('- Keep PRs small.\n', '- Keep PRs small.\n- Squash on merge.\n');
    const theirs = BASE.replace('Some prose.', 'Some prose, edited.');
    const expected = crlf(ours.replace('Some prose.', 'Some prose, edited.'));
    expect(mergeMarkdownFile(crlf(BASE), crlf(ours), crlf(theirs))).toMatchObject({ clean: true, text: expected });
    expect(mergeMarkdownFile(BASE, crlf(ours), theirs)).toMatchObject({ clean: true, text: expected });
    const conflict = mergeMarkdownFile(
      crlf(BASE),
      crlf(BASE.replace('small', 'tiny')),
      crlf(BASE.replace('small', 'short')),
    );
    expect(conflict.text).toContain(
      '<<<<<<< ours\r\n- Keep PRs tiny.\r\n=======\r\n- Keep PRs short.\r\n>>>>>>> theirs\r\n',
    );
    expect(conflict.text.replace(/\r\n/g, '')).not.toContain('\n');
  });

  test('a file without a final newline: both appends kept, and the newline follows the sides', () => {
    const base = '# P\n\n- one';
    const result = mergeMarkdownFile(base, `${base}\n- two`, `${base}\n- three\n`);
    expect(result).toMatchObject({ clean: true, text: '# P\n\n- one\n- two\n- three\n' });
    expect(mergeMarkdownFile(base, `${base}\n- two`, `${base}\n- three`).text).toBe('# P\n\n- one\n- two\n- three');
  });

  test('a fence left open before the end of the file does not make the rest code', () => {
    const base = md('# P', '', '```bash', 'npm test', '', '## Rules', '', '- one');
    const result = mergeMarkdownFile(base, `${base}- two\n`, `${base}- three\n`);
    expect(result).toMatchObject({ clean: true, text: `${base}- two\n- three\n` });
  });

  test('an edit inside a section the other side moved goes with the section', () => {
    const base = md(
      '# P',
      '',
      '## Build',
      '',
      '- Run `make`.',
      '- Output goes to `dist/`.',
      '',
      '## Test',
      '',
      '- Run `make test`.',
    );
    const moved = md(
      '# P',
      '',
      '## Test',
      '',
      '- Run `make test`.',
      '',
      '## Build',
      '',
      '- Run `make`.',
      '- Output goes to `dist/`.',
    );
    const edited = base.replace(
      '- Output goes to `dist/`.\n',
      '- Output goes to `dist/`.\n- Never edit `dist/` by hand.\n',
    );
    const expected = moved.replace(
      '- Output goes to `dist/`.\n',
      '- Output goes to `dist/`.\n- Never edit `dist/` by hand.\n',
    );
    expect(mergeMarkdownFile(base, moved, edited)).toMatchObject({ clean: true, text: expected });
    expect(mergeMarkdownFile(base, edited, moved)).toMatchObject({ clean: true, text: expected });
  });

  test("a list one side reordered takes the other side's edits, additions and removals, in the new order", () => {
    const base = md('# P', '', '- alpha rule', '- beta rule', '  (with a second line)', '- gamma rule', '', '## Next');
    const sorted = md(
      '# P',
      '',
      '- gamma rule',
      '- beta rule',
      '  (with a second line)',
      '- alpha rule',
      '',
      '## Next',
    );
    const edited = md(
      '# P',
      '',
      '- alpha rule',
      '- beta rule, edited',
      '  (with a second line)',
      '- gamma rule',
      '- delta rule',
      '',
      '## Next',
    );
    const expected = md(
      '# P',
      '',
      '- gamma rule',
      '- beta rule, edited',
      '  (with a second line)',
      '- alpha rule',
      '- delta rule',
      '',
      '## Next',
    );
    expect(mergeMarkdownFile(base, sorted, edited)).toMatchObject({ clean: true, text: expected });
    expect(mergeMarkdownFile(base, edited, sorted)).toMatchObject({ clean: true, text: expected });
    const removed = base.replace('- alpha rule\n', '');
    expect(mergeMarkdownFile(base, sorted, removed)).toMatchObject({
      clean: true,
      text: sorted.replace('- alpha rule\n', ''),
    });
    // Both sides reordered differently: nothing to rebase onto, so a conflict that keeps every line.
    const other = md('# P', '', '- beta rule', '  (with a second line)', '- gamma rule', '- alpha rule', '', '## Next');
    const both = mergeMarkdownFile(base, sorted, other);
    expect(both.clean).toBe(false);
    for (const line of ['alpha rule', 'beta rule', 'gamma rule']) expect(both.text).toContain(line);
  });
});
