/**
 * Paths an agent file lists as files the agent must not change: "Не меняй без явного запроса `eas.json`, `app.json`, …,
 * `public/robots.txt`, `public/sitemap.xml` и `entry.js`" (set 157's metravel2, "Do not change without an explicit
 * request"). Such a list keeps the agent away from the files it names, and sends it to none: one of them that is not
 * there is no broken reference (metravel2's sitemap is generated into `dist/` now, and the guard also keeps a static copy
 * from coming back). The caller asks this only of a path git did not see removed after the text named it: a guard over
 * a file that left since is stale and stays reported.
 */
import { escapeRegExp } from '../core/text/escape-regexp.js';

// The forbidding verb, then the rest of its clause up to the path (code spans whole, a file name's dot is no sentence's
// end): English and Russian (imperative and infinitive).
const FORBIDS_CHANGE =
  /(?:\b(?:do\s+not|don['’]?t|never|must\s+not)\s+(?:change|modify|edit|touch|alter)|(?<!\p{L})не\s+(?:меняй(?:те)?|менять|изменяй(?:те)?|изменять|трогай(?:те)?|трогать|редактируй(?:те)?|редактировать|правь(?:те)?|править))(?!\p{L})((?:`[^`\n]*`|[^.;!?\n`])*)$/iu;
// The only words the list may hold besides its code spans: the request the change waits for ("without an explicit
// request", "без явного запроса"), what the items are ("the following files"), and the list's own "and" / "or". Any other
// word makes the path the clause's object or its aim ("Do not change the API without updating `docs/api.md`").
const LIST_WORDS = new Set(
  'a an the any of these following files paths and or without explicit explicitly request asking permission approval user без явного явной запроса просьбы разрешения пользователя файлы пути эти следующие и или'.split(
    ' ',
  ),
);

/** Whether every mention of `reference` in `text` is an item of a list its clause forbids changing (see above); never throws. */
export function isGuardedPath(reference: string, text: string): boolean {
  const mention = new RegExp(`\`${escapeRegExp(reference)}\``, 'g');
  const offsets = [...text.matchAll(mention)].map((match) => match.index);
  if (offsets.length === 0 || offsets.length !== text.split(reference).length - 1) return false;
  return offsets.every((offset) => {
    const between = FORBIDS_CHANGE.exec(text.slice(Math.max(0, offset - 400), offset))?.[1];
    if (between === undefined) return false;
    const words = between.replace(/`[^`]*`/g, ' ').match(/[\p{L}\d]+/gu) ?? [];
    return words.every((word) => LIST_WORDS.has(word.toLowerCase()));
  });
}
