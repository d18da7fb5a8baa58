import { useRef, useState } from 'react';

const none: ReadonlySet<number> = new Set();

/**
 * The selected rows of an admin table: select-all for the page, a click toggles one row, a
 * shift-click sets every row between it and the last one clicked (the spec's story queue; the
 * policy table behaves the same).
 *
 * The selection is what the admin sees: it belongs to one `scope` (the page and filters shown) and
 * is cleared when the scope changes, and a row that left the page (deleted, processed) leaves the
 * selection, so a batch action never reaches rows no longer on screen.
 */
export function useRowSelection(ids: readonly number[], scope: string) {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<number> }>({ scope, ids: none });
  const anchor = useRef<{ scope: string; index: number } | null>(null);
  // Another page or filter: the selection is dropped, not kept for when the admin comes back
  // (React's way to reset state when an input changes: set it while rendering).
  if (state.scope !== scope) setState({ scope, ids: none });
  const shown = new Set(ids);
  const stored = state.scope === scope ? state.ids : none;
  const selected: ReadonlySet<number> = new Set([...stored].filter((id) => shown.has(id)));
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const from = anchor.current?.scope === scope ? anchor.current.index : null;

  const toggle = (index: number, range: boolean) => {
    const on = !selected.has(ids[index]!);
    const first = range && from !== null ? Math.min(from, index) : index;
    const last = range && from !== null ? Math.max(from, index) : index;
    const next = new Set(selected);
    for (const id of ids.slice(first, last + 1)) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setState({ scope, ids: next });
    anchor.current = { scope, index };
  };

  return {
    selected,
    allSelected,
    toggle,
    toggleAll: () => setState({ scope, ids: allSelected ? none : new Set(ids) }),
    clear: () => {
      setState({ scope, ids: none });
      anchor.current = null;
    },
  };
}
