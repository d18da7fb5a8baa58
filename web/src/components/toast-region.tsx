import { Toast } from 'radix-ui';
import { dismissToast, toastDisplayMs, useToasts, variantClasses } from './toaster.tsx';

/** Where toasts show (one at a time, top right): loaded apart from the page, see toaster.tsx. */
export function Toaster() {
  const items = useToasts();
  return (
    <Toast.Provider swipeDirection="right" duration={toastDisplayMs}>
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={`toast ${variantClasses[item.variant ?? 'default']}`}
          data-testid="toast"
          data-variant={item.variant ?? 'default'}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description && <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>}
          </div>
          <Toast.Close aria-label="Close" className="toast-close">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
