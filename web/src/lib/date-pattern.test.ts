import { describe, expect, it } from 'vitest';
import { readerDatePattern } from './date-pattern.ts';

describe('the reader\'s date pattern', () => {
  it('follows the locale: day first in Britain, month first in the United States, dots in Germany', () => {
    expect(readerDatePattern('en-GB')).toBe('dd/MM/yyyy');
    expect(readerDatePattern('en-US')).toBe('MM/dd/yyyy');
    expect(readerDatePattern('de-DE')).toBe('dd.MM.yyyy');
  });
});
