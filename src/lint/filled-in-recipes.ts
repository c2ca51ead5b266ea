import { posix } from 'node:path';
import { escapeRegExp } from '../core/text/escape-regexp.js';
import type { LintSource } from './lint-document.js';

// A name left to fill in: `svc:<name>`, `{service}`, "svc:myservice", "My Service", `my-app`.
const PLACEHOLDER =
  /<[a-z][\w-]*>|\{[a-z][\w-]*\}|\bmy[-_ ]?(?:service|app|package|module|plugin|component|project|feature|tool|extension|crate|library|lib)\b/i;

/** Where a piece stands: its agent file, the folder that file stands for (LintSource.home), its innermost heading. */
type Place = { file: string; home: string | undefined; heading: string };

/**
 * Whether `instance`'s section is a nested agent file's own copy of a recipe `recipe`'s section, in an agent file of a
 * folder above it, writes for every folder of its kind (set 153's edmundmiller/dotfiles: modules/services/AGENTS.md's
 * "Tailscale Service Setup Source of Truth" creating `svc:<name>`, shown as `svc:myservice`, and
 * modules/services/agentsview/AGENTS.md's "Tailscale Service Setup" creating `svc:agentsview`, both written in one
 * commit): the recipe's section leaves a name to fill in (PLACEHOLDER) and the instance's names its own folder. Each
 * stands where it is read, like a parent's `cd <folder>` recipe and one folder's copy of it (find-duplicates.ts
 * isInstanceOf). The sections' texts are read only for a pair of pieces found alike, once per file.
 */
export function filledInRecipes(sources: readonly LintSource[]): (instance: Place, recipe: Place) => boolean {
  const byPath = new Map(sources.map((source) => [source.path, source]));
  const texts = new Map<string, Map<string, string>>();
  const sectionText = (file: string, heading: string): string => {
    let sections = texts.get(file);
    if (sections === undefined) {
      sections = new Map();
      for (const doc of byPath.get(file)?.documents ?? []) {
        const innermost = doc.section.split(' > ').at(-1) ?? '';
        sections.set(innermost, `${sections.get(innermost) ?? ''}\n${doc.text}`);
      }
      texts.set(file, sections);
    }
    return sections.get(heading) ?? '';
  };
  return (instance, recipe) => {
    const [home, above] = [instance.home, recipe.home];
    if (home === undefined || home === '' || above === undefined) return false;
    if (above !== '' && !home.startsWith(`${above}/`)) return false;
    const name = posix.basename(home);
    if (name.length < 3 || !PLACEHOLDER.test(sectionText(recipe.file, recipe.heading))) return false;
    return new RegExp(`(?<![\\w-])${escapeRegExp(name)}(?![\\w-])`, 'i').test(
      sectionText(instance.file, instance.heading),
    );
  };
}
