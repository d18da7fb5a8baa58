import { DropdownMenu } from 'radix-ui';
import type { ListExportFormat } from '../../../api/shared/export-schemas.ts';
import { ui } from '../components/ui-classes.ts';
import { useExport } from './use-export.ts';

/** 'Export' with CSV and Excel, for the current search or a collection: `urlOf` builds the call for a format. */
export function ListExportMenu({ urlOf, label = 'Export', fallbackName, className = 'btn-secondary' }: { urlOf: (format: ListExportFormat) => string; label?: string; fallbackName: string; className?: string }) {
  const { busy, start } = useExport();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={className} disabled={busy} aria-label={label}>
        {busy ? 'Exporting...' : 'Export'}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={ui.menuContent}>
          <DropdownMenu.Item className={ui.menuItem} onSelect={() => void start(urlOf('csv'), `${fallbackName}.csv`)}>
            CSV
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ui.menuItem} onSelect={() => void start(urlOf('xlsx'), `${fallbackName}.xlsx`)}>
            Excel
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
