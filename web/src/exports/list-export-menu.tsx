import { Link, useRouterState } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { exportSignInMessage, exportSubscribeMessage, type ListExportFormat } from '../../../api/shared/export-schemas.ts';
import { ui } from '../components/ui-classes.ts';
import { useExport } from './use-export.ts';
import { useExportAccess } from './use-export-access.ts';

/**
 * 'Export' with CSV and Excel, for the current search or a collection: `urlOf` builds the call for a
 * format. A visitor or a reader without Full Access opens the same menu and finds, instead of the
 * formats the server would refuse, what the plan gives and the way to it (issue 46).
 */
export function ListExportMenu({ urlOf, label = 'Export', fallbackName, className = 'btn-secondary' }: { urlOf: (format: ListExportFormat) => string; label?: string; fallbackName: string; className?: string }) {
  const { busy, start } = useExport();
  const access = useExportAccess();
  const here = useRouterState({ select: (state) => state.location.href });
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={className} disabled={busy} aria-label={label}>
        {busy ? 'Exporting...' : 'Export'}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={ui.menuContent}>
          {access === 'visitor' || access === 'reader' ? (
            <div className="grid max-w-72 gap-2 p-2 text-sm" data-testid="export-offer">
              <p className="text-slate-800">{access === 'visitor' ? exportSignInMessage : exportSubscribeMessage}</p>
              <DropdownMenu.Item asChild className="btn-primary w-full outline-none data-[highlighted]:bg-brand-800">
                {access === 'visitor' ? <Link to="/login" search={{ redirect: here }}>Sign In</Link> : <Link to="/subscribe">Start Free Trial</Link>}
              </DropdownMenu.Item>
            </div>
          ) : (
            <>
              <DropdownMenu.Item className={ui.menuItem} onSelect={() => void start(urlOf('csv'), `${fallbackName}.csv`)}>
                CSV
              </DropdownMenu.Item>
              <DropdownMenu.Item className={ui.menuItem} onSelect={() => void start(urlOf('xlsx'), `${fallbackName}.xlsx`)}>
                Excel
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
