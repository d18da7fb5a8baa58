import type { StoryInput } from '../analysis.ts';
import { documentLines, documentNumber, titleFromText } from './text.ts';

/**
 * A document's Chinese title and number, for either analyser: what its source gave (a list page's
 * Chinese title, an article page's 发文字号), else what its text prints above the body.
 */
export function documentFacts(story: StoryInput, lines = documentLines(story.chineseText)): { chineseTitle: string | null; documentNumber: string | null } {
  const given = story.title.trim();
  return {
    chineseTitle: /[\u3400-\u9fff]/.test(given) && !/[A-Za-z]{3}/.test(given) ? given : titleFromText(lines),
    documentNumber: story.documentNumber?.trim() || (documentNumber(lines)?.text ?? null),
  };
}
