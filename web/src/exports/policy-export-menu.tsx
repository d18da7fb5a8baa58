import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import type { ExportPaper, PolicyExportFormat } from '../../../api/shared/export-schemas.ts';
import { policyExportUrl } from '../api/exports.ts';
import { ui } from '../components/ui-classes.ts';
import { useExport } from './use-export.ts';

/**
 * The detail page's 'Export PDF' menu: the format (PDF or Word), the paper (A4 or Letter) and the
 * bilingual layout (English and Chinese paragraph by paragraph; side by side in Word).
 */
export function PolicyExportMenu({ policyId }: { policyId: number }) {
  const [paper, setPaper] = useState<ExportPaper>('a4');
  const [bilingual, setBilingual] = useState(false);
  const { busy, start } = useExport();
  const download = (format: PolicyExportFormat) =>
    void start(policyExportUrl(policyId, { format, paper, layout: bilingual ? 'bilingual' : 'standard' }), `policy-${policyId}.${format}`);
  // Choosing the paper or the layout keeps the menu open; choosing a format downloads.
  const keepOpen = (event: Event) => event.preventDefault();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="btn-secondary" disabled={busy} data-testid="policy-export">
        {busy ? 'Exporting...' : 'Export PDF'}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={4} className={ui.menuContent}>
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-700">Format</DropdownMenu.Label>
          <DropdownMenu.Item className={ui.menuItem} onSelect={() => download('pdf')}>
            PDF
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ui.menuItem} onSelect={() => download('docx')}>
            Word
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-700">Paper</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={paper} onValueChange={(value) => setPaper(value as ExportPaper)}>
            {(
              [
                ['a4', 'A4'],
                ['letter', 'Letter'],
              ] as const
            ).map(([value, label]) => (
              <DropdownMenu.RadioItem key={value} value={value} className={`${ui.menuItem} gap-2`} onSelect={keepOpen}>
                <span aria-hidden="true" className="w-4">
                  <DropdownMenu.ItemIndicator>●</DropdownMenu.ItemIndicator>
                </span>
                {label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.CheckboxItem className={`${ui.menuItem} gap-2`} checked={bilingual} onCheckedChange={setBilingual} onSelect={keepOpen}>
            <span aria-hidden="true" className="w-4">
              <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
            </span>
            Bilingual layout (English and Chinese)
          </DropdownMenu.CheckboxItem>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
