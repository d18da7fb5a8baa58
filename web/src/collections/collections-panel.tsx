import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import {
  collectionsQuery,
  useCreateCollection,
  useDeleteCollection,
  useRemovePolicyFromCollection,
  type Collection,
} from '../api/collections.ts';
import { collectionExportUrl } from '../api/exports.ts';
import { useCurrentUser } from '../auth/current-user.ts';
import { ListExportMenu } from '../exports/list-export-menu.tsx';
import { cleanTitle } from '../lib/format.ts';
import { NameDialog } from '../components/name-dialog.tsx';
import { ui } from '../components/ui-classes.ts';

const previewSize = 3;

/** The signed-in user's collections: each with its size and first policies; create, delete, remove. */
export function CollectionsPanel() {
  const { data: user } = useCurrentUser();
  const { data: collections, isPending, isError } = useQuery({ ...collectionsQuery, enabled: Boolean(user) });
  const [creating, setCreating] = useState(false);

  return (
    <section aria-labelledby="collections-heading" className="card p-4" data-testid="collections-panel">
      <div className="flex items-center justify-between gap-2">
        <h2 id="collections-heading" className="text-base font-semibold">
          Collections
        </h2>
        {user && (
          <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => setCreating(true)}>
            New Collection
          </button>
        )}
      </div>
      {!user ? (
        <p className="mt-3 text-sm text-slate-700">Please sign in to manage policy collections.</p>
      ) : isPending ? (
        <p className="mt-3 text-sm text-slate-700">Loading collections...</p>
      ) : isError ? (
        <p className="mt-3 text-sm text-red-800">Failed to load collections.</p>
      ) : collections.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No collections yet. Create one to save policies.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {collections.map((collection) => (
            <CollectionEntry key={collection.id} collection={collection} />
          ))}
        </ul>
      )}
      <CreateCollectionDialog open={creating} onOpenChange={setCreating} />
    </section>
  );
}

function CollectionEntry({ collection }: { collection: Collection }) {
  const removePolicy = useRemovePolicyFromCollection();
  const more = collection.policyCount - Math.min(collection.policies.length, previewSize);
  return (
    <li className="rounded-md border border-slate-200 p-3" data-testid="collection">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate text-sm font-semibold">{collection.name}</h3>
          <p className="text-xs text-slate-700">
            {collection.policyCount} {collection.policyCount === 1 ? 'policy' : 'policies'}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <ListExportMenu
            label={`Export collection ${collection.name}`}
            className="rounded px-2 py-1 text-xs font-medium text-brand-700 hover:bg-slate-100"
            fallbackName={`collection-${collection.id}`}
            urlOf={(format) => collectionExportUrl(collection.id, format)}
          />
          <DeleteCollectionButton collection={collection} />
        </div>
      </div>
      {collection.policies.length > 0 && (
        <ul className="mt-2 grid gap-1">
          {collection.policies.slice(0, previewSize).map((policy) => (
            <li key={policy.id} className="flex items-start justify-between gap-2 text-sm">
              <Link to="/policy/$id" params={{ id: String(policy.id) }} className="line-clamp-2 min-w-0 text-slate-800 hover:text-brand-700 hover:underline">
                {cleanTitle(policy.title)}
              </Link>
              <button
                type="button"
                className="shrink-0 rounded px-1.5 text-base leading-none text-slate-700 hover:bg-slate-100 hover:text-red-800"
                aria-label={`Remove "${cleanTitle(policy.title)}" from ${collection.name}`}
                disabled={removePolicy.isPending}
                onClick={() => removePolicy.mutate({ collectionId: collection.id, policyId: policy.id })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p className="mt-1 text-xs text-slate-700">+ {more} more</p>}
    </li>
  );
}

function DeleteCollectionButton({ collection }: { collection: Collection }) {
  const deleteCollection = useDeleteCollection();
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className="shrink-0 rounded px-2 py-1 text-xs font-medium text-red-800 hover:bg-red-50" aria-label={`Delete collection ${collection.name}`}>
        Delete
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={ui.dialogOverlay} />
        <AlertDialog.Content className={ui.dialogContent}>
          <AlertDialog.Title className="text-lg font-semibold">Delete collection?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            "{collection.name}" and its list of saved policies will be permanently deleted. The policies themselves stay.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className="btn-secondary">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="btn-primary" onClick={() => deleteCollection.mutate(collection.id)}>
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function CreateCollectionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const createCollection = useCreateCollection();
  return (
    <NameDialog
      open={open}
      onOpenChange={onOpenChange}
      label="Collection name"
      title="New Collection"
      submitLabel="Create"
      pending={createCollection.isPending}
      onSubmit={(name, done) => createCollection.mutate(name, { onSuccess: done })}
    />
  );
}
