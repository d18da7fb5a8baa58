/**
 * Acts that change a status (issue 44): a short statement that downgrades a diplomatic relationship,
 * a notice that ends a national regime of control. Document type and length say nothing of them, so
 * the importance score weighs the act itself: the verb and its object, as the document states its
 * decision in its title or opening (where a statement says what it does), never a clause deep in a
 * long text ("…同时废止" closing a regulation is that regulation's housekeeping, not its act).
 *
 * Found from real documents: the Foreign Ministry's statement of 2021-11-21 (决定将中立两国外交关系
 * 降为代办级) and the NHC's announcement 2022年第7号 (解除对新型冠状病毒感染采取的…甲类传染病预防、
 * 控制措施; 不再纳入…检疫传染病管理).
 */

export type StatusChange = { act: string; phrase: string; points: number };

/** How much of the text is the opening where a document states its act. */
const openingLength = 600;

const acts: { act: string; pattern: RegExp; points: number }[] = [
  {
    act: 'changes a diplomatic relationship',
    pattern: /(?:决定|宣布)[^。；]{0,30}?(?:外交关系(?:降为|降格为|升格为|提升为)[^。；]{0,8}级|(?:断绝|中止|恢复|建立)[^。；]{0,12}?外交关系)/,
    points: 5,
  },
  {
    act: 'ends a national regime of control',
    pattern: /解除(?:对)?[^。；]{0,60}?(?:措施|管理|状态|戒严)|不再纳入[^。；]{0,40}?管理/,
    points: 5,
  },
  {
    act: 'declares a state',
    pattern: /(?:宣布|决定)[^。；]{0,30}?(?:进入|结束|终止)[^。；]{0,20}?(?:紧急状态|戒严状态|战争状态|战时状态)/,
    points: 5,
  },
  {
    act: 'repeals or ends rules or an agreement',
    pattern: /关于(?:废止|终止|撤销|停止执行)[^。；]{2,40}|(?:决定|宣布)[^。；]{0,20}?(?:废止|终止|撤销)[^。；]{2,40}/,
    points: 2,
  },
];

/** Where the text cites another document by its title (《国务院关于废止和修改部分行政法规的决定》): an act named there is that document's, not this one's. */
function citations(text: string): [start: number, end: number][] {
  return [...text.matchAll(/《[^《》]*》/g)].map((match) => [match.index, match.index + match[0].length]);
}

/** The acts that change a status which a document states in its title or opening, each once, with the words that state it. */
export function statusChanges(title: string, text: string): StatusChange[] {
  const opening = `${title}\n${text.slice(0, openingLength)}`;
  const cited = citations(opening);
  const found: StatusChange[] = [];
  for (const { act, pattern, points } of acts) {
    const match = [...opening.matchAll(new RegExp(pattern.source, 'g'))].find((candidate) => !cited.some(([start, end]) => candidate.index >= start && candidate.index < end));
    if (match) found.push({ act, phrase: match[0].replace(/\s+/g, ''), points });
  }
  return found;
}
