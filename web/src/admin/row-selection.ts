import { useRef, useState } from 'react';

/**
 * The selected rows of an admin table: select-all for the page, a click toggles one row, a
 * shift-click sets every row between it and the last one clicked (the spec's story queue; the
 * policy table behaves the same).
 */
export function useRowSelection(ids: readonly number[]) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const anchor = useRef<number | null>(null);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));

  const toggle = (index: number, range: boolean) => {
    const on = !selected.has(ids[index]!);
    const from = range && anchor.current !== null ? Math.min(anchor.current, index) : index;
    const to = range && anchor.current !== null ? Math.max(anchor.current, index) : index;
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids.slice(from, to + 1)) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
    anchor.current = index;
  };

  return {
    selected,
    allSelected,
    toggle,
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(ids)),
    clear: () => {
      setSelected(new Set());
      anchor.current = null;
    },
  };
}
