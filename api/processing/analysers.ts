import type { Analyser } from './analysis.ts';
import { createRulesAnalyser } from './rules/index.ts';

export type AnalyserSettings = {
  LLM_BASE_URL?: string | undefined;
  LLM_API_KEY?: string | undefined;
  LLM_MODEL?: string | undefined;
  LLM_SECTION_CHARACTERS: number;
};

/** The LLM when it is configured (all three variables), else the offline rules analyser. */
export async function chooseAnalyser(settings: AnalyserSettings): Promise<Analyser> {
  const given = [settings.LLM_BASE_URL, settings.LLM_API_KEY, settings.LLM_MODEL].filter(Boolean).length;
  if (given === 0) return createRulesAnalyser({ now: () => new Date() });
  if (given < 3) throw new Error('LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are set together, or none of them');
  const { createLlmAnalyser } = await import('./llm/index.ts');
  return createLlmAnalyser({ baseURL: settings.LLM_BASE_URL!, apiKey: settings.LLM_API_KEY!, model: settings.LLM_MODEL!, sectionCharacters: settings.LLM_SECTION_CHARACTERS });
}
