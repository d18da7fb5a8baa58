import { useQuery } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { departmentsQuery } from '../api/reference.ts';
import { departmentCode } from '../lib/departments.ts';
import { withoutBracketedSuffix } from '../lib/format.ts';

/**
 * The issuing department's code; hovering or focusing it shows the full name (without a trailing
 * bracketed abbreviation). An id the client does not know reads "Unknown"; an issuer nothing named
 * (`identified` false: the id is only the analyser's fallback) reads "Unidentified issuer".
 */
export function DepartmentBadge({ departmentId, identified = true }: { departmentId: number | null | undefined; identified?: boolean }) {
  const { data: departments } = useQuery(departmentsQuery);
  if (!identified) {
    return (
      <span className="inline-flex items-center rounded-md border border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-700" data-testid="unidentified-issuer">
        Unidentified issuer
      </span>
    );
  }
  const code = departmentCode(departmentId);
  const fullName = departments?.find((department) => department.id === departmentId)?.fullName;
  const badge = (
    <span className="inline-flex items-center rounded-md bg-slate-800 px-2 py-0.5 text-xs font-semibold tracking-wide text-white">
      {code}
    </span>
  );
  if (!fullName) return badge;
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <button type="button" className="rounded-md" aria-label={`${code}: ${withoutBracketedSuffix(fullName)}`}>
            {badge}
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content sideOffset={4} className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow-md">
            {withoutBracketedSuffix(fullName)}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
