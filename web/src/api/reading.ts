import { queryOptions } from '@tanstack/react-query';
import { call, rpc } from './client.ts';

/**
 * POST /api/reading/words: Chinese text as words with their dictionary entries (CC-CEDICT and the
 * policy glossary), looked up on the server, where the dictionary is loaded once (about 16 MB of
 * JSON and a segmenter: too big to send to every browser). Asked for when the reader turns the
 * dictionary on, then kept: the entries of a text never change.
 */
export function readingQuery(text: string) {
  return queryOptions({
    queryKey: ['reading', text] as const,
    queryFn: () => call(rpc.reading.words.$post({ json: { text } })),
    staleTime: Infinity,
  });
}
