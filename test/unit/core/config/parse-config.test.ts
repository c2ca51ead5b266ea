import { describe, expect, it } from 'vitest';
import { parseConfig, unknownConfigKeys } from '../../../../src/core/config/parse-config.js';
import { defaultConfig } from '../../../../src/core/config/schema.js';
import { isMemError } from '../../../../src/core/errors.js';

const FILE = '.memory/config.json';

function failure(text: string): { message: string; hint: string } {
  try {
    parseConfig(text, FILE);
  } catch (error) {
    if (isMemError(error)) return { message: error.message, hint: error.hint ?? '' };
    throw error;
  }
  throw new Error('expected CONFIG_INVALID');
}

describe('parseConfig (issue 29.16)', () => {
  it('keeps working with a key a newer mem added, and lists it', () => {
    const text = '{"version": 1, "laterFeature": {"on": true}, "filter": {"minChars": 12, "futureKnob": true}}';
    expect(parseConfig(text, FILE).filter.minChars).toBe(12);
    expect(parseConfig(text, FILE).session).toEqual(defaultConfig().session);
    expect(unknownConfigKeys(text).sort()).toEqual(['filter.futureKnob', 'laterFeature']);
    expect(unknownConfigKeys('{"version": 1}')).toEqual([]);
  });

  it('names the line and column of a JSON syntax error, not a character offset', () => {
    const { message, hint } = failure('{\n  "version": 1,\n  "filter": { "minChars": 12, }\n}\n');
    expect(message).toMatch(/^\.memory\/config\.json:3:\d+ is not valid JSON/);
    expect(message).not.toContain('position');
    expect(hint).toMatch(/^Fix the JSON syntax at line 3, column \d+/);
  });

  it('still refuses a wrong value, naming the key, and mentions an unknown key beside it', () => {
    const { message } = failure('{"version": 1, "filter": {"maxChars": -5}, "colour": "blue"}');
    expect(message).toContain('filter.maxChars: expected at least 1, found -5');
    expect(message).toContain('unknown key(s) "colour"');
  });
});
