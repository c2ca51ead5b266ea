import { describe, expect, it } from 'vitest';
import { isInReaderProjectBlock } from '../../../src/lint/sample-paths.js';

// A custom integration: its own `tests/` and `custom_components/my_charger/`.
const exists = (path: string) => ['tests', 'custom_components', 'custom_components/my_charger'].includes(path);
const block = (text: string) => ({ text, section: 'Testing > Running tests', line: 1, code: true as const });

describe('isInReaderProjectBlock', () => {
  it("reads a code block that names the reader's own project folder as a recipe for any project of its kind", () => {
    const recipe = block(
      'pytest tests/components/your_integration/test_init.py -k test_setup\npytest tests/test_core.py --duration=10',
    );
    expect(isInReaderProjectBlock('tests/test_core.py', recipe, exists)).toBe(true);
    expect(
      isInReaderProjectBlock(
        'tests/test_core.py',
        block('pytest ./src/my-plugin/ -x\npytest tests/test_core.py'),
        exists,
      ),
    ).toBe(true);
  });

  it('leaves a block whose named folder the repository has, one without such a folder, and a paragraph', () => {
    expect(
      isInReaderProjectBlock(
        'tests/test_core.py',
        block('pytest custom_components/my_charger/ tests/test_core.py'),
        exists,
      ),
    ).toBe(false);
    expect(
      isInReaderProjectBlock('tests/test_core.py', block('pytest tests/test_core.py --cov=your_module'), exists),
    ).toBe(false);
    const paragraph = {
      text: 'Run `pytest tests/components/your_integration/` and `tests/test_core.py`',
      section: '',
      line: 1,
    };
    expect(isInReaderProjectBlock('tests/test_core.py', paragraph, exists)).toBe(false);
  });
});
