/**
 * The size budget of rendered team memory. Claude Code sends every rules file whole in every
 * request (measured with 2.1.197: a 1.7 MB file, 20,000 entries, reached the model in full, about
 * 440k tokens, more than a 200k context holds) and warns above 40,000 characters, so a rendering
 * keeps to `team.renderMaxChars`. Conflicts are always shown (they wait for a decision); the
 * budget left is shared equally among the sections, a section that needs less giving the rest to
 * the others, and each section shows its newest entries (the working copy keeps each section in
 * the order entries were added), in their order. What is left out stays in the team memory, where
 * `mem search` and prompt recall find it; the file ends with a line that says so.
 */

/** One section as the budget sees it: how many entries it has and the rendered size (lines and their newlines) of its k-th newest. */
export type BudgetSection = { entries: number; size: (newest: number) => number };

/** Returns, per section, how many of its last entries fit in `available` characters; never more than `available` in all. */
export function fitNewestEntries(sections: readonly BudgetSection[], available: number): number[] {
  const taken = sections.map(() => 0);
  // Note: sizes are asked for from each section's end, newest first, and each at most once.
  const next = (s: number) => (sections[s] as BudgetSection).size(taken[s] as number);
  let open = sections.map((_, s) => s).filter((s) => (sections[s] as BudgetSection).entries > 0);
  let left = available;
  while (open.length > 0 && left > 0) {
    const share = Math.floor(left / open.length);
    let progressed = false;
    for (const s of open) {
      let used = 0;
      while ((taken[s] as number) < (sections[s] as BudgetSection).entries && used + next(s) <= share) {
        used += next(s);
        taken[s] = (taken[s] as number) + 1;
      }
      left -= used;
      progressed ||= used > 0;
    }
    open = open.filter((s) => (taken[s] as number) < (sections[s] as BudgetSection).entries);
    if (progressed) continue;
    // Every open section's next entry is larger than an equal share: the first that fits what is left takes it.
    const fits = open.find((s) => next(s) <= left);
    if (fits === undefined) break;
    left -= next(fits);
    taken[fits] = (taken[fits] as number) + 1;
  }
  return taken;
}

/** The line that ends a rendering with entries left out: plain text the model reads, not an entry. */
export function omittedNote(omitted: number, maxChars: number): string {
  const what = omitted === 1 ? '1 older team memory is' : `${omitted} older team memories are`;
  return `_${what} not shown here: this file keeps to ${String(maxChars).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} characters (team.renderMaxChars). Run \`mem search <words>\` to find them._`;
}

const OMITTED_NOTE =
  /^_\d+ older team memor(?:y is|ies are) not shown here: .*\(team\.renderMaxChars\)\. Run `mem search <words>` to find them\._$/;

/** True for the line omittedNote writes (a human's read-back does not take it for a new entry). */
export function isOmittedNote(paragraph: string): boolean {
  return OMITTED_NOTE.test(paragraph);
}
