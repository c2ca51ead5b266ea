/** The in-place JSON settings editor: additions in the file's own style; removals give back the bytes. */
import { describe, expect, it } from 'vitest';
import { parse } from 'jsonc-parser';
import {
  appendToJsonArray,
  jsonSettingsError,
  removeFromJsonArray,
  removeJsonKeyIfEmpty,
  type JSONPath,
} from '../../../../src/core/files/edit-json-settings.js';

const HANDLER = { hooks: [{ type: 'command', command: 'mem hook stop', timeout: 30 }] };
const isMem = (item: unknown) => JSON.stringify(item).includes('mem hook');

/** Adds mem's handler under two events, then removes it again; returns both texts. */
function roundTrip(text: string): { added: string; restored: string } {
  const created: JSONPath[] = [];
  let added = text;
  for (const event of ['Stop', 'SessionStart']) added = appendToJsonArray(added, ['hooks', event], HANDLER, created);
  let restored = added;
  for (const event of ['Stop', 'SessionStart']) restored = removeFromJsonArray(restored, ['hooks', event], isMem).text;
  for (const path of [...created].reverse()) restored = removeJsonKeyIfEmpty(restored, path);
  return { added, restored };
}

const FILES: Record<string, string> = {
  'inline arrays on one line':
    '{"permissions": {"allow": ["Bash(npm test)", "Read"]}, "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "notify"}]}]}}\n',
  'comments and an empty list':
    '{\n  // team settings\n  "model": "opus", /* pinned */\n  "hooks": {\n    "Stop": [] // none yet\n  }\n}\n',
  tabs: '{\n\t"model": "opus"\n}\n',
  CRLF: '{\r\n  "model": "opus",\r\n  "hooks": {\r\n    "Stop": [\r\n      { "hooks": [ { "type": "command", "command": "notify" } ] }\r\n    ]\r\n  }\r\n}\r\n',
  'four spaces, no final newline': '{\n    "a": [1,\n          2],\n    "b": {}\n}',
  'an empty object': '{}\n',
  'an empty hooks object': '{\n  "hooks": {}\n}\n',
};

describe('editing JSON settings in place', () => {
  for (const [name, text] of Object.entries(FILES)) {
    it(`adds to ${name} without touching the rest; removing gives back the exact bytes`, () => {
      const { added, restored } = roundTrip(text);
      expect(jsonSettingsError(added)).toBeNull();
      const value = parse(added) as { hooks: Record<string, unknown[]> };
      expect(value.hooks['Stop']!.at(-1)).toEqual(HANDLER);
      expect(value.hooks['SessionStart']).toEqual([HANDLER]);
      expect(restored).toBe(text);
    });
  }

  it('keeps a one-line file on one line', () => {
    const { added } = roundTrip(FILES['inline arrays on one line']!);
    expect(added.trimEnd()).not.toContain('\n');
    expect(added.startsWith('{"permissions": {"allow": ["Bash(npm test)", "Read"]}, ')).toBe(true);
  });

  it('writes tabs into a tab-indented file and CRLF into a CRLF file', () => {
    expect(roundTrip(FILES['tabs']!).added).toContain('\n\t\t"Stop": [\n\t\t\t{\n');
    expect(roundTrip(FILES['CRLF']!).added.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('keeps comments where they were', () => {
    const { added } = roundTrip(FILES['comments and an empty list']!);
    expect(added).toContain('  // team settings\n  "model": "opus", /* pinned */\n');
    expect(added).toContain('// none yet');
  });

  it('starts an empty file as an object', () => {
    expect(parse(appendToJsonArray('', ['hooks', 'Stop'], HANDLER))).toEqual({ hooks: { Stop: [HANDLER] } });
  });

  it('keeps a key the user wrote even when it ends up empty', () => {
    const text = '{\n  "hooks": {\n    "Stop": []\n  }\n}\n';
    const added = appendToJsonArray(text, ['hooks', 'Stop'], HANDLER);
    expect(removeFromJsonArray(added, ['hooks', 'Stop'], isMem).text).toBe(text);
  });

  it('reports a broken file with its position, and a top level that is not an object', () => {
    expect(jsonSettingsError('{ "hooks": [ }')).toMatch(/^value expected at line 1, column \d+$/);
    expect(jsonSettingsError('[1]')).toBe('the top level is not an object');
    expect(jsonSettingsError('{ // fine\n "a": 1, }')).toBeNull();
  });

  it('refuses to add below something that is not a container', () => {
    expect(() => appendToJsonArray('{"hooks": "none"}', ['hooks', 'Stop'], HANDLER)).toThrow(
      '"hooks" is not an object',
    );
    expect(() => appendToJsonArray('{"hooks": {"Stop": 1}}', ['hooks', 'Stop'], HANDLER)).toThrow(
      '"hooks.Stop" is not a list',
    );
  });
});
