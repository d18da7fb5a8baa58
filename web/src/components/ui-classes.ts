/** Tailwind class sets shared by the subscriber area's menus, dialogs and sheets. */
export const ui = {
  menuContent: 'z-50 min-w-56 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-lg',
  menuItem:
    'flex cursor-pointer select-none items-center rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 data-[disabled]:pointer-events-none data-[disabled]:opacity-60',
  dialogOverlay: 'fixed inset-0 z-50 bg-slate-900/50',
  dialogContent:
    'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 text-slate-900 shadow-xl focus:outline-none',
  dialogClose: 'absolute top-3 right-3 rounded px-2 text-xl leading-none text-slate-700 hover:bg-slate-100',
  sheetContent:
    'fixed inset-x-0 bottom-0 z-50 flex max-h-[85vh] flex-col rounded-t-xl bg-white text-slate-900 shadow-xl focus:outline-none',
} as const;
