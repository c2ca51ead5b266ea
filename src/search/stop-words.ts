/**
 * Words too common to say anything about a memory. They are dropped from both the index and the
 * query, so a query made only of them finds nothing (and says so) instead of matching everything.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been being but by can could did do does doing for from had has have having he her ' +
    'here hers him his how i if in into is it its itself just me my myself of on once or our ours out over own ' +
    'she should so some such than that the their theirs them then there these they this those through to too ' +
    'under until up very was we were what when where which while who whom why will with would you your yours ' +
    'yourself also about again all am any because before between both each few further more most other same ' +
    'only off nor s t don let lets us via per etc'
  ).split(' '),
);

/**
 * Conversational filler that never makes a prompt about memory ("hi", "thanks"): recall ignores
 * these on top of the stop words, so small talk never triggers an injection.
 */
export const CHATTER_WORDS: ReadonlySet<string> = new Set(
  (
    'hi hello hey thanks thank thx please pls ok okay yes yeah yep no nope sure great cool nice good fine ' +
    'awesome perfect lgtm go ahead continue proceed done right sounds looks like want need make think know ' +
    'now new please see try use get got can could ' +
    // Words any coding prompt may contain that name no topic: apologies and hedges, negations and
    // counts ("not this one", "every file"), and the file a prompt is about.
    'sorry meant mean actually really maybe something somewhere thing things stuff way different approach ' +
    'not never one every file files'
  ).split(' '),
);
