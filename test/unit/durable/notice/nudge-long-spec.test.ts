/**
 * A requirement deep in a long pasted spec is quoted (issue 26): the nudge line grows with the
 * prompt, one more sentence per three of it and up to half its length, so a brief of twenty
 * requirements is not cut after its first handful. Written apart from the corpus.
 */
import { describe, expect, it } from 'vitest';
import { nudgedSentences } from '../../../../src/durable/notice/nudge.js';

const brief = [
  'Take-home exercise: a parcel tracking dashboard for a small courier company.',
  '',
  'Dispatchers watch hundreds of parcels a day and need to see at a glance which ones are late, which depot holds them and who is responsible for the next step.',
  'The dashboard must be usable on a tablet mounted in the depot, so large touch targets matter more than dense tables.',
  'You should build it as a single-page app with a small API behind it; the choice of framework is yours.',
  'Store parcels in SQLite or in a local JSON file, whichever you prefer, and keep the schema in one place.',
  'Each parcel must show its tracking code, the sender, the recipient city, the promised date and the current depot.',
  'Late parcels should be highlighted in amber, and parcels more than two days late in red.',
  'Dispatchers must be able to reassign a parcel to another depot and leave a short note explaining why.',
  'The note history should never be edited after it is saved, only appended to.',
  'Please avoid any paid map or geocoding service; a plain list grouped by depot is enough.',
  'Authentication is out of scope, but the API should reject malformed tracking codes with a clear message.',
  'Seed the database with 40 to 60 invented parcels spread over five depots so the views have something to show.',
  'Write a short README explaining how to run the project locally with one command.',
  'We would like to see tests for the lateness rules, since those are the part dispatchers rely on most.',
  'Commit in small steps; we read the history as much as the code.',
  'A deployed demo is welcome but not required.',
  'We will discuss your trade-offs in a 30 minute call after you submit.',
  'Send us the repository link when you are done, at the latest one week after receiving this brief.',
  '',
  'Some background on how the depots work today, in case it helps with the design.',
  'Each depot opens at six in the morning and the first vans leave around seven.',
  'Parcels arrive overnight from the sorting centre and are scanned when they are unloaded.',
  'A parcel that misses its van waits for the afternoon round, which is when most delays start.',
  'Dispatchers currently keep a spreadsheet per depot and phone each other when a parcel moves.',
  'The courier has about twenty drivers, most of whom work the same round every day.',
  'Customers call the office when a parcel is late, and the office asks the depot by phone.',
  'Parcel cards should show the phone number of the driver who holds the parcel.',
  'That is all the context we have; ask us if anything is unclear.',
].join('\n');

describe('the nudge on a long pasted spec', () => {
  it('quotes requirements past the first handful, within half the prompt length', () => {
    const quoted = nudgedSentences(brief).map((sentence) => sentence.text);
    expect(quoted).toContain(
      'The dashboard must be usable on a tablet mounted in the depot, so large touch targets matter more than dense tables.',
    );
    expect(quoted.length).toBeGreaterThan(8);
    const line = quoted.reduce((n, text) => n + text.length + 3, 0);
    expect(line).toBeLessThanOrEqual(brief.length / 2);
  });

  it('keeps a short prompt to its five sentences and a thousand characters', () => {
    const short = brief.split('\n').slice(0, 8).join('\n');
    expect(nudgedSentences(short).length).toBeLessThanOrEqual(5);
  });
});
