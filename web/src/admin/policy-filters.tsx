import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { adminPolicySources, type AdminPolicySource } from '../../../api/shared/admin-schemas.ts';
import type { PolicyFilters } from '../api/admin.ts';
import { departmentsQuery } from '../api/reference.ts';
import { DateInput } from '../components/date-field.tsx';

const sourceLabels: Record<AdminPolicySource, string> = {
  import: 'Imported file',
  scraper: 'Source site',
  none: 'No story (by hand or policy import)',
  edited: 'Edited by an admin',
};

const impacts = Array.from({ length: 10 }, (_, index) => index + 1);

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/**
 * Policy Management's further filters: department, importance range, publication date range and
 * where the policy came from. Each change asks the server (GET /api/admin/policies) again.
 */
export function PolicyFilterBar({ filters, onChange }: { filters: PolicyFilters; onChange: (next: PolicyFilters) => void }) {
  const { data: departments = [] } = useQuery(departmentsQuery);
  const number = (text: string) => (text === '' ? undefined : Number(text));
  const active = Object.values(filters).some((value) => value !== undefined);
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Policy filters">
      <Field label="Department">
        {(id) => (
          <select id={id} className="input w-auto" value={filters.departmentId ?? ''} onChange={(event) => onChange({ ...filters, departmentId: number(event.target.value) })}>
            <option value="">All</option>
            {departments.map((department) => (
              <option key={department.id} value={department.id}>
                {department.code}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Importance from">
        {(id) => (
          <select id={id} className="input w-auto" value={filters.impactMin ?? ''} onChange={(event) => onChange({ ...filters, impactMin: number(event.target.value) })}>
            <option value="">Any</option>
            {impacts.map((impact) => (
              <option key={impact} value={impact} disabled={filters.impactMax !== undefined && impact > filters.impactMax}>
                {impact}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Importance to">
        {(id) => (
          <select id={id} className="input w-auto" value={filters.impactMax ?? ''} onChange={(event) => onChange({ ...filters, impactMax: number(event.target.value) })}>
            <option value="">Any</option>
            {impacts.map((impact) => (
              <option key={impact} value={impact} disabled={filters.impactMin !== undefined && impact < filters.impactMin}>
                {impact}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Published from">
        {(id) => <DateInput id={id} label="Published from" value={filters.dateFrom ?? null} onChange={(dateFrom) => onChange({ ...filters, dateFrom: dateFrom ?? undefined })} />}
      </Field>
      <Field label="Published to">
        {(id) => <DateInput id={id} label="Published to" value={filters.dateTo ?? null} onChange={(dateTo) => onChange({ ...filters, dateTo: dateTo ?? undefined })} />}
      </Field>
      <Field label="Source">
        {(id) => (
          <select id={id} className="input w-auto" value={filters.source ?? ''} onChange={(event) => onChange({ ...filters, source: (event.target.value || undefined) as AdminPolicySource | undefined })}>
            <option value="">All</option>
            {adminPolicySources.map((source) => (
              <option key={source} value={source}>
                {sourceLabels[source]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {active && (
        <button type="button" className="btn-ghost" onClick={() => onChange({ departmentId: undefined, impactMin: undefined, impactMax: undefined, dateFrom: undefined, dateTo: undefined, source: undefined })}>
          Clear filters
        </button>
      )}
    </div>
  );
}
