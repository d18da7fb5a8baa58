import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { accountChangeRefusal } from '../../../api/shared/account-rules.ts';
import type { AssignableRole } from '../../../api/shared/admin-schemas.ts';
import { adminKeys, adminUsersQuery, deleteUser, updateUserRole, type AdminUserRow } from '../api/admin.ts';
import { useCurrentUser, type CurrentUser } from '../auth/current-user.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { toast, toastFailure } from '../components/toaster.tsx';
import { ui } from '../components/ui-classes.ts';
import { formatAdminDate, formatAdminDateTime } from '../lib/format.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { AdminPager, AdminSearchBox, LoadError, Th } from './admin-table-parts.tsx';

/**
 * What the signed-in admin may not do to `user`, with the server's reason (api/shared/account-rules.ts):
 * the controls are disabled and say why, instead of failing when used.
 */
function refusals(me: CurrentUser | null | undefined, user: AdminUserRow) {
  // Until the session has loaded, nothing is offered.
  if (!me) return { role: 'Loading...', delete: 'Loading...' };
  return { role: accountChangeRefusal(me, user, 'change role'), delete: accountChangeRefusal(me, user, 'delete') };
}

/**
 * The role dropdown: User, Editor, Admin; Super Admin only shown for a user who has it and never
 * assignable. A change saves at once, the selector disabled while it saves; `refusal` disables it
 * and is its tooltip.
 */
function RoleSelect({ user, refusal, label }: { user: AdminUserRow; refusal: string | null; label: string }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (role: AssignableRole) => updateUserRole(user.id, role),
    onSuccess: () => {
      toast({ title: 'User role updated' });
      void queryClient.invalidateQueries({ queryKey: adminKeys.users });
    },
    onError: (error) =>
      toastFailure('Failed to update user role', error, 'An error occurred while updating user role.'),
  });
  const shown = change.isPending ? change.variables : user.role;
  return (
    <select
      className="input w-auto py-1.5"
      aria-label={label}
      title={refusal ?? undefined}
      value={shown}
      disabled={refusal !== null || change.isPending}
      onChange={(event) => change.mutate(event.target.value as AssignableRole)}
    >
      <option value="user">User</option>
      <option value="editor">Editor</option>
      <option value="admin">Admin</option>
      {user.role === 'super_admin' && (
        <option value="super_admin" disabled>
          Super Admin
        </option>
      )}
    </select>
  );
}

function UserDetailsDialog({ user, refused, onClose, onDelete }: { user: AdminUserRow; refused: ReturnType<typeof refusals>; onClose: () => void; onDelete: () => void }) {
  const rows: [string, string][] = [
    ['Username', user.username],
    ['Email', user.email],
    ['Joined', formatAdminDateTime(user.created_at)],
  ];
  if (user.company) rows.push(['Company', user.company]);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={ui.dialogOverlay} />
        <Dialog.Content className={ui.dialogContent} aria-describedby={undefined}>
          <Dialog.Title className="text-lg font-semibold">User Details</Dialog.Title>
          <dl className="mt-4 grid gap-3 text-sm">
            {rows.map(([term, value]) => (
              <div key={term}>
                <dt className="font-medium text-slate-700">{term}</dt>
                <dd className="break-words text-slate-950">{value}</dd>
              </div>
            ))}
            <div>
              <dt className="mb-1 font-medium text-slate-700">Role</dt>
              <dd>
                <RoleSelect user={user} refusal={refused.role} label={`Role of ${user.email}`} />
              </dd>
            </div>
          </dl>
          <div className="mt-6 flex justify-end gap-2">
            <Dialog.Close className="btn-secondary">Close</Dialog.Close>
            <span title={refused.delete ?? undefined}>
              <button
                type="button"
                className="inline-flex items-center rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
                title={refused.delete ?? undefined}
                disabled={refused.delete !== null}
                onClick={onDelete}
              >
                Delete User
              </button>
            </span>
          </div>
          <Dialog.Close className={ui.dialogClose} aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function UserManagementTab() {
  const queryClient = useQueryClient();
  const { data: me } = useCurrentUser();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, 300);
  const [page, setPage] = useState(1);
  const list = useQuery(adminUsersQuery({ page, search }));
  const [details, setDetails] = useState<AdminUserRow | null>(null);
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => deleteUser(id),
    onSuccess: () => {
      toast({ title: 'User deleted' });
      setDeleting(null);
      setDetails(null);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => {
      // The question was answered: the dialog closes, and the toast says why it failed.
      setDeleting(null);
      toastFailure('Failed to delete user', error);
    },
  });
  const rows = list.data?.rows ?? [];
  // The list's rows are the truth: the dialog shows the row as it is after a role change.
  const shownDetails = details && (rows.find((row) => row.id === details.id) ?? details);

  return (
    <div className="grid gap-4">
      <AdminSearchBox
        className="max-w-md"
        label="Search users"
        placeholder="Name or email"
        value={searchText}
        onChange={(text) => {
          setSearchText(text);
          setPage(1);
        }}
      />
      {list.error ? (
        <LoadError what="users" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className="card overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50">
              <tr>
                <Th>Name</Th>
                <Th className="max-sm:hidden">Email</Th>
                <Th>Role</Th>
                <Th className="max-sm:hidden">Joined</Th>
                <Th className="text-right">Actions</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((user) => {
                const isSelf = user.id === me?.id;
                const refused = refusals(me, user);
                return (
                  <tr key={user.id}>
                    <td className="px-3 py-2 text-slate-900">
                      {user.name || '—'}
                      {isSelf && <span className="ml-1 text-xs text-slate-700">(you)</span>}
                      {/* On a phone the email and the joining date sit under the name, so the row fits the screen. */}
                      <span className="block text-xs break-all text-slate-700 sm:hidden">{user.email}</span>
                      <span className="block text-xs text-slate-700 sm:hidden" data-testid="user-joined">
                        Joined {formatAdminDate(user.created_at)}
                      </span>
                    </td>
                    <td className="px-3 py-2 text-slate-800 max-sm:hidden">{user.email}</td>
                    <td className="px-3 py-2">
                      <RoleSelect user={user} refusal={refused.role} label={`Role of ${user.email}`} />
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-700 max-sm:hidden">{formatAdminDate(user.created_at)}</td>
                    <td className="px-3 py-2 text-right max-sm:px-1">
                      <button type="button" className="btn-ghost px-2 py-1" onClick={() => setDetails(user)} aria-label={`Edit user ${user.email}`}>
                        Edit
                      </button>
                      <span title={refused.delete ?? undefined}>
                        <button
                          type="button"
                          className="btn-ghost px-2 py-1 text-red-800"
                          title={refused.delete ?? undefined}
                          disabled={refused.delete !== null}
                          onClick={() => setDeleting(user)}
                          aria-label={`Delete user ${user.email}`}
                        >
                          Delete
                        </button>
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {list.isSuccess && rows.length === 0 && <p className="p-6 text-center text-slate-700">No users found.</p>}
          {list.isPending && <p className="p-6 text-center text-slate-700">Loading users...</p>}
        </div>
      )}
      {list.data && <AdminPager label="User" page={page} total={list.data.total} rowsOnPage={rows.length} onPage={setPage} />}

      {shownDetails && <UserDetailsDialog user={shownDetails} refused={refusals(me, shownDetails)} onClose={() => setDetails(null)} onDelete={() => setDeleting(shownDetails)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete User"
        description={`This permanently deletes ${deleting?.email ?? 'the user'}. All of their saved collections and preferences will be lost. This action cannot be undone.`}
        confirmLabel="Delete User"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </div>
  );
}
