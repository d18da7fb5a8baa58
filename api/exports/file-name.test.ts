import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { attachmentName } from './file-name.ts';

describe('an export file name', () => {
  it('drops control characters and bidi overrides from the title (U+202E would show "cod.exe" as "exe.doc")', () => {
    for (const title of ['Notice\u202Ecod.exe', 'Notice\u2066cod.exe', 'Notice\ncod.exe', 'Notice\r\ncod.exe', 'Notice\u2028cod.exe', 'Notice\u0007cod.exe']) {
      const { parameters } = parse(attachmentName(title, 'policy-7', 'docx'));
      expect(parameters.filename, JSON.stringify(title)).toBe('Notice cod.exe.docx');
    }
  });

  it('keeps a Chinese title as it is', () => {
    expect(parse(attachmentName('国务院关于在市场监管领域全面推行部门联合“双随机、一公开”监管的意见', 'policy-7', 'pdf')).parameters.filename).toBe(
      '国务院关于在市场监管领域全面推行部门联合“双随机、一公开”监管的意见.pdf',
    );
  });
});
