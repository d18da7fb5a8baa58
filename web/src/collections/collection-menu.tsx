import { useQuery } from '@tanstack/react-query';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { collectionsQuery, useAddPolicyToCollection, useCreateCollectionWithPolicy, useRemovePolicyFromCollection } from '../api/collections.ts';
import { useCurrentUser } from '../auth/current-user.ts';
import { NameDialog } from '../components/name-dialog.tsx';
import { toast } from '../components/toaster.tsx';
import { ui } from '../components/ui-classes.ts';

/**
 * The bookmark menu of a policy: "Add to {collection}" per collection and "Create New
 * Collection" (name it, then the policy goes straight in). Visitors are asked to log in.
 */
export function CollectionMenu({ policyId, policyTitle }: { policyId: number; policyTitle: string }) {
  const { data: user } = useCurrentUser();
  const signedIn = Boolean(user);
  const { data: collections = [], isPending } = useQuery({ ...collectionsQuery, enabled: signedIn });
  const addPolicy = useAddPolicyToCollection();
  const removePolicy = useRemovePolicyFromCollection();
  const savedIn = new Set(collections.filter((collection) => collection.policies.some((policy) => policy.id === policyId)).map((c) => c.id));
  const [creating, setCreating] = useState(false);
  const label = `Save "${policyTitle}" to a collection`;

  if (!signedIn) {
    return (
      <button
        type="button"
        className="btn-ghost size-9 p-0"
        aria-label={label}
        onClick={() =>
          toast({ title: 'Authentication required', description: 'Please log in to add policies to collections.', variant: 'destructive' })
        }
      >
        <BookmarkIcon />
      </button>
    );
  }

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className={`btn-ghost size-9 p-0 ${savedIn.size ? 'text-brand-700' : ''}`}
          aria-label={label}
          data-testid="collection-menu"
          data-saved={savedIn.size > 0}
        >
          <BookmarkIcon filled={savedIn.size > 0} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className={ui.menuContent}>
            <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-700">Collections</DropdownMenu.Label>
            {isPending && <p className="px-2 py-1.5 text-sm text-slate-700">Loading...</p>}
            {/* A check mark on the collections that hold the policy; choosing one of those takes it out. */}
            {collections.map((collection) => (
              <DropdownMenu.CheckboxItem
                key={collection.id}
                className={`${ui.menuItem} flex items-center gap-2`}
                checked={savedIn.has(collection.id)}
                onCheckedChange={(checked) =>
                  checked
                    ? addPolicy.mutate({ collectionId: collection.id, policyId })
                    : removePolicy.mutate({ collectionId: collection.id, policyId })
                }
              >
                <span className="inline-flex size-4 shrink-0 items-center justify-center" aria-hidden="true">
                  <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                </span>
                Add to {collection.name}
              </DropdownMenu.CheckboxItem>
            ))}
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item className={`${ui.menuItem} font-medium`} onSelect={() => setCreating(true)}>
              Create New Collection
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <CreateCollectionWithPolicyDialog open={creating} onOpenChange={setCreating} policyId={policyId} />
    </>
  );
}

function CreateCollectionWithPolicyDialog({
  open,
  onOpenChange,
  policyId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  policyId: number;
}) {
  const createWithPolicy = useCreateCollectionWithPolicy();
  return (
    <NameDialog
      open={open}
      onOpenChange={onOpenChange}
      label="Collection name"
      title="Create New Collection"
      submitLabel="Create & Add Policy"
      pending={createWithPolicy.isPending}
      onSubmit={(name, done) => createWithPolicy.mutate({ name, policyId }, { onSuccess: done })}
    />
  );
}

function BookmarkIcon({ filled = false }: { filled?: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" />
    </svg>
  );
}
