import { Tabs } from 'radix-ui';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { PolicyDetail, TermMatch } from '../../../api/shared/search.ts';
import { DictionaryText } from '../reading/dictionary-text.tsx';
import { MatchedTermsNote } from '../reading/matched-terms-note.tsx';
import { SideBySide } from './side-by-side.tsx';
import { TranslationLabel } from './translation-label.tsx';

// On a phone the four labels take two rows: one row needs about 350 px, and a 390 px screen leaves
// the card 318 px. A row that did not wrap would widen the whole page instead.
const tabTrigger =
  'shrink-0 whitespace-nowrap border-b-2 border-transparent px-2 py-2 text-sm sm:px-3 font-medium text-slate-700 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-slate-900';

/**
 * Translated Text, Original Text, Side by side and Analysis, one tab each, for a reader who may read
 * them. With `matched` (the reader came from a cross-language search result), the page opens on the
 * original with those Chinese terms marked, in the side by side too, and a note saying what they are.
 */
export function PolicyTexts({ policy, dictionary, matched, onClearMatched }: { policy: PolicyDetail; dictionary: boolean; matched?: TermMatch[]; onClearMatched: () => void }) {
  const analysis = policy.fullContent.analysis ?? [];
  const timeline = policy.fullContent.implementationTimeline ?? [];
  const original = policy.chinese_original?.trim() ? policy.chinese_original : null;
  const marks = original && matched ? matched.map((match) => match.chinese) : [];
  const note = original && matched && <MatchedTermsNote matched={matched} original={original} onClear={onClearMatched} />;
  return (
    <section className="grid gap-4">
      <Tabs.Root defaultValue={note ? 'original' : 'translated'}>
        <Tabs.List aria-label="Policy text" className="flex flex-wrap border-b border-slate-200 sm:flex-nowrap sm:gap-1 sm:overflow-x-auto">
          <Tabs.Trigger value="translated" className={tabTrigger}>
            Translated Text
          </Tabs.Trigger>
          <Tabs.Trigger value="original" className={tabTrigger}>
            Original Text
          </Tabs.Trigger>
          <Tabs.Trigger value="side-by-side" className={tabTrigger}>
            Side by side
          </Tabs.Trigger>
          <Tabs.Trigger value="analysis" className={tabTrigger}>
            Analysis
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="translated" className="pt-4">
          {policy.english_translation?.trim() ? (
            <>
              <TranslationLabel translation={policy.translation} />
              <div className="leading-relaxed whitespace-pre-line text-slate-900">{policy.english_translation}</div>
            </>
          ) : (
            <>
              <TranslationLabel translation={policy.translation} />
              <p className="text-slate-700">The English translation of this policy is not available yet.</p>
            </>
          )}
        </Tabs.Content>
        <Tabs.Content value="original" className="pt-4">
          {original ? (
            <>
              {note}
              <OriginalText text={original} dictionary={dictionary} marks={marks} />
            </>
          ) : (
            <p className="text-slate-700">The original text of this policy is not available.</p>
          )}
        </Tabs.Content>
        <Tabs.Content value="side-by-side" className="pt-4">
          {note}
          <SideBySide policy={policy} dictionary={dictionary} marks={marks} />
        </Tabs.Content>
        <Tabs.Content value="analysis" className="grid gap-4 pt-4">
          {analysis.length === 0 && timeline.length === 0 && <p className="text-slate-700">No analysis is available for this policy yet.</p>}
          {analysis.map((paragraph, index) => (
            <p key={index} className="leading-relaxed text-slate-900">
              {paragraph}
            </p>
          ))}
          {timeline.length > 0 && (
            <div>
              <h3 className="font-semibold">Implementation Timeline</h3>
              <ol className="mt-2 grid gap-2">
                {timeline.map((entry, index) => (
                  <li key={index} className="rounded-md border border-slate-200 p-3 text-sm">
                    <p className="font-semibold">
                      {entry.phase}
                      {entry.period && <span className="font-normal text-slate-700"> · {entry.period}</span>}
                    </p>
                    <p className="text-slate-800">{entry.details}</p>
                  </li>
                ))}
              </ol>
            </div>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

function OriginalText({ text, dictionary, marks }: { text: string; dictionary: boolean; marks: readonly string[] }) {
  const container = useRef<HTMLDivElement>(null);
  const router = useRouter();
  // Opened on a marked term: the first one is what the reader came for, wherever it is in the text.
  // Arrived by a link, the page is scrolled to the top by the router once it has rendered, after
  // this effect: the first render after mounting goes to the mark again.
  useEffect(() => {
    const toFirstMark = () => container.current?.querySelector('mark')?.scrollIntoView({ block: 'center' });
    toFirstMark();
    const unsubscribe = router.subscribe('onRendered', () => {
      unsubscribe();
      toFirstMark();
    });
    return unsubscribe;
  }, [router]);
  return (
    <div ref={container} className="leading-relaxed whitespace-pre-line text-slate-900" data-testid="original-text">
      <DictionaryText text={text} enabled={dictionary} marks={marks} />
    </div>
  );
}
