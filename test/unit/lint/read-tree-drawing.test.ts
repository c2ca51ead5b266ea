import { describe, expect, it } from 'vitest';
import { readTreeDrawing } from '../../../src/lint/read-tree-drawing.js';

describe('readTreeDrawing', () => {
  it('puts each drawn name under the folders drawn above it, the root line first', () => {
    const text = [
      '## Layout',
      '',
      '```',
      'packages/devtools/',
      '├── src/',
      '│   └── index.ts       # server',
      '│',
      '└── dist/              # build output',
      '    ├── src/index.js   # compiled server',
      '    └── client/',
      '```',
    ].join('\n');
    expect(readTreeDrawing(text)).toEqual([
      { name: 'src/', folders: ['packages/devtools'], line: 5 },
      { name: 'index.ts', folders: ['packages/devtools', 'src'], line: 6 },
      { name: 'dist/', folders: ['packages/devtools'], line: 8 },
      { name: 'src/index.js', folders: ['packages/devtools', 'dist'], line: 9 },
      { name: 'client/', folders: ['packages/devtools', 'dist'], line: 10 },
    ]);
  });

  it('reads ASCII branches, and a tree with no root line from the top', () => {
    expect(readTreeDrawing('```\n|-- lib/\n|   `-- api.rb\n`-- spec/\n```')).toEqual([
      { name: 'lib/', folders: [], line: 2 },
      { name: 'api.rb', folders: ['lib'], line: 3 },
      { name: 'spec/', folders: [], line: 4 },
    ]);
  });

  it('reads nothing from text that draws no branch', () => {
    expect(readTreeDrawing('- a list item -- with dashes\n- `src/api.ts`')).toEqual([]);
  });
});
