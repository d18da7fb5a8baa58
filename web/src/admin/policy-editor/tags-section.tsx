import type { Industry, Topic } from '../../api/reference.ts';
import { Field } from './field.tsx';
import type { DraftProps, Tag } from './use-policy-draft.ts';

/** Tags and Industry Classification: the current tags, each removable, and a list to add each kind. */
export function TagsSection({ industries, topics, draft, set }: DraftProps & { industries: readonly Industry[]; topics: readonly Topic[] }) {
  const industryName = (id: number) => industries.find((industry) => industry.id === id)?.name ?? `Industry ${id}`;
  const topicName = (id: number) => topics.find((topic) => topic.id === id)?.name_en ?? `Topic ${id}`;
  const addTag = (tag: Tag) => {
    if (draft.tags.some((existing) => existing.kind === tag.kind && existing.id === tag.id)) return;
    set({ tags: [...draft.tags, tag] });
  };

  return (
    <>
      <div>
        <p className="label">Current tags</p>
        {draft.tags.length === 0 ? (
          <p className="text-sm text-slate-700">No tags added yet</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {draft.tags.map((tag) => (
              <li
                key={`${tag.kind}-${tag.id}`}
                className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-sm ${tag.kind === 'industry' ? 'border-green-700 bg-green-700 text-white' : 'border-blue-700 text-blue-900'}`}
              >
                {tag.kind === 'industry' ? industryName(tag.id) : topicName(tag.id)}
                <button
                  type="button"
                  className="rounded px-1 leading-none hover:bg-black/10"
                  aria-label={`Remove tag ${tag.kind === 'industry' ? industryName(tag.id) : topicName(tag.id)}`}
                  onClick={() => set({ tags: draft.tags.filter((other) => other !== tag) })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Add industry tag">
          {(id) => (
            <select
              id={id}
              className="input"
              value=""
              onChange={(event) => event.target.value && addTag({ kind: 'industry', id: Number(event.target.value), name: industryName(Number(event.target.value)) })}
            >
              <option value="">Select an industry</option>
              {industries.map((industry) => (
                <option key={industry.id} value={industry.id}>
                  {industry.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Add topic tag">
          {(id) => (
            <select
              id={id}
              className="input"
              value=""
              onChange={(event) => event.target.value && addTag({ kind: 'topic', id: Number(event.target.value), name: topicName(Number(event.target.value)) })}
            >
              <option value="">Select a topic</option>
              {topics.map((topic) => (
                <option key={topic.id} value={topic.id}>
                  {topic.name_en}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </>
  );
}
