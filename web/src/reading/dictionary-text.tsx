import { useQueries } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import type { ReadingWord } from '../../../api/shared/reading.ts';
import { dictionaryCredit, maxReadingText } from '../../../api/shared/reading.ts';
import type { HighlightPart } from '../../../api/shared/search.ts';
import { readingQuery } from '../api/reading.ts';
import { markTerms, partsByWord } from './term-marks.ts';

/**
 * Chinese text with the dictionary reading aid: with `enabled`, each word can be hovered, focused
 * or tapped for its pinyin and senses. Labelled "Dictionary", never a translation. `marks`: Chinese
 * terms to mark wherever they occur (what a cross-language search matched), with the aid on or off.
 */
export function DictionaryText({ text, enabled, marks = [], className }: { text: string; enabled: boolean; marks?: readonly string[]; className?: string }) {
  const chunks = chunksOf(text);
  // Only Chinese is looked up: a piece with none (an English title) is its own plain word.
  const chinese = chunks.map((chunk) => /\p{Script=Han}/u.test(chunk));
  const readings = useQueries({ queries: chunks.map((chunk, index) => ({ ...readingQuery(chunk), enabled: enabled && chinese[index]! })) });
  const parts = markTerms(text, marks);
  const loading = enabled && readings.some((reading, index) => chinese[index] && reading.isPending);
  if (!enabled || !chinese.includes(true) || readings.some((reading, index) => chinese[index] && !reading.data)) {
    // Until its words have come (or when they could not), the text is shown as it is; while they are coming, it says so.
    return (
      <span lang="zh" className={className} aria-busy={loading || undefined} data-dictionary={loading ? 'loading' : undefined}>
        <MarkedText parts={parts} />
      </span>
    );
  }
  const words = readings.flatMap((reading, index): ReadingWord[] => (chinese[index] ? reading.data!.words : [{ text: chunks[index]! }]));
  // A mark may cover part of a word or run across words: each word shows its own share of it.
  const wordParts = partsByWord(
    words.map((word) => word.text),
    parts,
  );
  return (
    <span lang="zh" className={className} data-testid="dictionary-text">
      {words.map((word, index) =>
        word.entry ? (
          <DictionaryWord key={index} word={word} parts={wordParts[index]!} />
        ) : (
          <span key={index}>
            <MarkedText parts={wordParts[index]!} />
          </span>
        ),
      )}
    </span>
  );
}

/** Text with its matched terms inside <mark>; no padding, so a mark cut at a word's edge still reads as one. */
function MarkedText({ parts }: { parts: readonly HighlightPart[] }) {
  return parts.map((part, index) =>
    part.match ? (
      <mark key={index} className="bg-yellow-200 text-slate-900" data-testid="matched-term">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}

/** A long original is looked up in pieces cut at line breaks, each within the API's limit. */
const chunkCharacters = maxReadingText;

function chunksOf(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const line of text.split(/(?<=\n)/)) {
    if (current && current.length + line.length > chunkCharacters) {
      chunks.push(current);
      current = '';
    }
    current += line;
    while (current.length > chunkCharacters) {
      chunks.push(current.slice(0, chunkCharacters));
      current = current.slice(chunkCharacters);
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

function DictionaryWord({ word, parts }: { word: ReadingWord; parts: readonly HighlightPart[] }) {
  const [open, setOpen] = useState(false);
  const entry = word.entry!;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          className="cursor-help rounded-sm decoration-slate-400 decoration-dotted underline-offset-4 hover:bg-amber-100 hover:underline focus-visible:bg-amber-100"
          onMouseEnter={() => setOpen(true)}
          onMouseLeave={() => setOpen(false)}
          // A click or tap shows the entry, never hides it: the pointer's arrival has opened it
          // already (a phone sends mouse events before its click), and a toggle would close it again.
          // Escape or a tap elsewhere closes it.
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
          data-testid="dictionary-word"
        >
          <MarkedText parts={parts} />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onOpenAutoFocus={(event) => event.preventDefault()}
          // Nor back on closing: an entry closing as the pointer leaves its word (one opened by hover
          // under a resting pointer as the words came) would move the focus out of the entry just
          // tapped open, and that entry would close at once.
          onCloseAutoFocus={(event) => event.preventDefault()}
          aria-label={`Dictionary entry for ${entry.word}`}
          className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-md border border-slate-300 bg-white p-3 text-left text-sm shadow-lg"
          data-testid="dictionary-entry"
        >
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Dictionary</p>
          <p className="mt-1">
            <span lang="zh" className="text-lg font-semibold text-slate-900">
              {entry.word}
            </span>
            {entry.pinyin.length > 0 && <span className="ml-2 text-slate-700">{entry.pinyin.join(' / ')}</span>}
          </p>
          {entry.source === 'glossary' && (
            <p className="mt-1 text-xs font-medium text-brand-700" data-testid="glossary-notes">
              {['Policy glossary', ...entry.notes].join(' · ')}
            </p>
          )}
          <ol className="mt-2 list-decimal pl-5 text-slate-800">
            {entry.senses.map((sense, index) => (
              <li key={index}>{sense}</li>
            ))}
          </ol>
          <p className="mt-2 border-t border-slate-200 pt-2 text-xs text-slate-600">{dictionaryCredit}</p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The switch that turns the reading aid on for the Chinese text on the page. */
export function DictionaryToggle({ enabled, onChange }: { enabled: boolean; onChange: (enabled: boolean) => void }) {
  return (
    <label className="inline-flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" checked={enabled} onChange={(event) => onChange(event.target.checked)} className="size-4" />
      Dictionary
      <span className="text-xs text-slate-600">(hover or tap a Chinese word; a dictionary aid, not a translation)</span>
    </label>
  );
}
