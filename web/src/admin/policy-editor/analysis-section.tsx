import type { Content } from './use-policy-draft.ts';

type Option = { id: number; name: string };

/** Key Points and Analysis: Key Points, Analysis, Industry Impact and Topic Impact, lists with add and remove, numbered. */
export function AnalysisSection({ content, onChange, industries, topics }: { content: Content; onChange: (change: Partial<Content>) => void; industries: Option[]; topics: Option[] }) {
  const keyPoints = content.key_points ?? [];
  const analysis = content.analysis ?? [];
  const impacts = content.impact_analysis ?? [];
  const topicImpacts = content.topic_analysis ?? [];
  const replace = <T,>(list: T[], index: number, value: T) => list.map((entry, at) => (at === index ? value : entry));
  const without = <T,>(list: T[], index: number) => list.filter((_, at) => at !== index);

  return (
    <>
      <section className="grid gap-3">
        <h3 className="font-semibold text-slate-950">Key Points</h3>
        {keyPoints.map((point, index) => (
          <div key={index} className="grid gap-2 rounded-md border border-slate-200 p-3">
            <div className="flex items-center justify-between">
              <span className="text-sm font-semibold text-slate-800">{index + 1}.</span>
              <button type="button" className="btn-ghost px-2 py-1 text-red-800" onClick={() => onChange({ key_points: without(keyPoints, index) })}>
                Remove Key Point
              </button>
            </div>
            <input className="input" aria-label={`Key point ${index + 1} title`} value={point.title} onChange={(event) => onChange({ key_points: replace(keyPoints, index, { ...point, title: event.target.value }) })} />
            <textarea className="input" rows={3} aria-label={`Key point ${index + 1} content`} value={point.content} onChange={(event) => onChange({ key_points: replace(keyPoints, index, { ...point, content: event.target.value }) })} />
          </div>
        ))}
        <button type="button" className="btn-secondary justify-self-start" onClick={() => onChange({ key_points: [...keyPoints, { title: '', content: '' }] })}>
          Add Key Point
        </button>
      </section>

      <section className="grid gap-3">
        <h3 className="font-semibold text-slate-950">Analysis</h3>
        {analysis.map((paragraph, index) => (
          <div key={index} className="flex gap-2">
            <span className="pt-2 text-sm font-semibold text-slate-800">{index + 1}.</span>
            <textarea className="input" rows={3} aria-label={`Analysis paragraph ${index + 1}`} value={paragraph} onChange={(event) => onChange({ analysis: replace(analysis, index, event.target.value) })} />
            <button type="button" className="btn-ghost self-start px-2 text-red-800" aria-label={`Remove analysis paragraph ${index + 1}`} onClick={() => onChange({ analysis: without(analysis, index) })}>
              ×
            </button>
          </div>
        ))}
        <button type="button" className="btn-secondary justify-self-start" onClick={() => onChange({ analysis: [...analysis, ''] })}>
          Add Paragraph
        </button>
      </section>

      <ImpactList
        title="Industry Impact"
        noun="Industry"
        options={industries}
        entries={impacts.map((impact) => ({ id: impact.industry_id, details: impact.details }))}
        onChange={(entries) => onChange({ impact_analysis: entries.map((entry) => ({ industry_id: entry.id, details: entry.details })) })}
      />
      <ImpactList
        title="Topic Impact"
        noun="Topic"
        options={topics}
        entries={topicImpacts.map((impact) => ({ id: impact.topic_id, details: impact.details }))}
        onChange={(entries) => onChange({ topic_analysis: entries.map((entry) => ({ topic_id: entry.id, details: entry.details })) })}
      />
    </>
  );
}

function ImpactList({
  title,
  noun,
  options,
  entries,
  onChange,
}: {
  title: string;
  noun: string;
  options: Option[];
  entries: { id: number; details: string }[];
  onChange: (entries: { id: number; details: string }[]) => void;
}) {
  const firstFree = () => options.find((option) => !entries.some((entry) => entry.id === option.id))?.id ?? options[0]?.id ?? 1;
  return (
    <section className="grid gap-3">
      <h3 className="font-semibold text-slate-950">{title}</h3>
      {entries.length === 0 ? (
        <div className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-700">
          <p>No {noun.toLowerCase()} impact yet.</p>
          <button type="button" className="btn-secondary mt-2" onClick={() => onChange([{ id: firstFree(), details: '' }])}>
            Add {noun} Impact
          </button>
        </div>
      ) : (
        <>
          {entries.map((entry, index) => (
            <div key={index} className="grid gap-2 rounded-md border border-slate-200 p-3">
              <select
                className="input"
                aria-label={`${noun} of impact ${index + 1}`}
                value={entry.id}
                onChange={(event) => onChange(entries.map((other, at) => (at === index ? { ...other, id: Number(event.target.value) } : other)))}
              >
                {options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
              <textarea
                className="input"
                rows={3}
                aria-label={`${noun} impact ${index + 1} details`}
                value={entry.details}
                onChange={(event) => onChange(entries.map((other, at) => (at === index ? { ...other, details: event.target.value } : other)))}
              />
              <button type="button" className="btn-ghost justify-self-start px-2 py-1 text-red-800" onClick={() => onChange(entries.filter((_, at) => at !== index))}>
                Remove {noun} Impact
              </button>
            </div>
          ))}
          <button type="button" className="btn-secondary justify-self-start" onClick={() => onChange([...entries, { id: firstFree(), details: '' }])}>
            Add Another {noun}
          </button>
        </>
      )}
    </section>
  );
}
