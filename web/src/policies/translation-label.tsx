import { translationLabel, type TranslationStatus } from '../../../vocabulary/translation-status.ts';
import { formatPolicyDate } from '../lib/format.ts';

type Translation = { status: TranslationStatus; model?: string | null; reviewedAt?: string | null; reviewedOn?: string | null } | undefined;

/**
 * Whose English this is, wherever English is shown, as China Law Translate marks it: "Machine
 * translation (model)", "Reviewed by an editor on <date>", or "Translation pending".
 */
export function TranslationLabel({ translation, compact = false }: { translation: Translation; compact?: boolean }) {
  if (!translation) return null;
  const reviewedOn = translation.reviewedOn ?? translation.reviewedAt?.slice(0, 10);
  const text = translationLabel({ status: translation.status, model: translation.model, reviewedOn: reviewedOn ? formatPolicyDate(reviewedOn) : null });
  const tone = translation.status === 'reviewed' ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : translation.status === 'machine' ? 'border-slate-300 bg-slate-50 text-slate-700' : 'border-amber-300 bg-amber-50 text-amber-900';
  return (
    <span className={`${compact ? '' : 'mb-3'} inline-flex rounded-full border px-2.5 py-0.5 text-xs font-medium ${tone}`} data-testid="translation-label">
      {text}
    </span>
  );
}
