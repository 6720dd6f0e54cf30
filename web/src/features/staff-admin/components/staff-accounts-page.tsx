/**
 * The dashboard's Staff accounts screen (/marketing/staff, owners only): every account with its
 * role, status and last sign-in; Disable (asked first) / Enable and Reset password per row (both
 * sign the account out everywhere); and the Add account form. Passwords follow the policy shown under
 * the field, checked in the browser and again by the server. Toasts after each action.
 */
import { LoadFailed, LoadingText } from '../../../components/ui/load-states';
import { useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { PASSWORD_MIN_LENGTH, passwordPolicyProblem, type StaffAccount } from '@lp/contracts';
import { FormField, controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectableTable, type Column } from '../../../components/ui/data-table';
import { button } from '../../../components/ui/styles';
import { createStaffAccount } from '../api/create-staff-account';
import { useStaffAccounts } from '../api/list-staff-accounts';
import { resetStaffPassword } from '../api/reset-staff-password';
import { setStaffDisabled } from '../api/set-staff-disabled';
import { errorMessage, fieldError } from '../../../lib/error-message';
import { AddAccountFormSchema, type AddAccountFormValues } from '../lib/staff-form';
import { formatDateTime } from '../../../lib/site-time';

const POLICY = `At least ${PASSWORD_MIN_LENGTH} characters and 5 different ones; not the username, not a well-known password.`;

/** A new password (an account's first, or a reset), with the policy under it. */
function NewPasswordField({
  id,
  label,
  error,
  input,
}: {
  id: string;
  label: string;
  error: string | undefined;
  input: ComponentProps<'input'>;
}) {
  return (
    <FormField id={id} label={label} hint={POLICY} hintBelow error={error}>
      {(c) => <input {...c} type="password" autoComplete="new-password" className={controlClass} {...input} />}
    </FormField>
  );
}
const small = 'min-h-9 rounded-md px-3 text-sm font-semibold ring-1 disabled:cursor-not-allowed disabled:opacity-60';

function AddAccountForm({ onAdded }: { onAdded: () => void }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddAccountFormValues>({
    resolver: valibotResolver(AddAccountFormSchema),
    defaultValues: { username: '', password: '', role: 'staff' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await createStaffAccount(values);
      toast({ title: 'Account added', description: `${values.username} can now sign in.` });
      reset();
      onAdded();
    } catch (err) {
      const password = fieldError(err, 'password');
      const message = password ?? fieldError(err, 'username');
      if (message) setError(password ? 'password' : 'username', { message });
      else toast({ title: 'Account not added', description: errorMessage(err), variant: 'destructive' });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-start">
      <FormField id="new-username" label="Username" error={errors.username?.message}>
        {(c) => <input {...c} autoComplete="off" className={controlClass} {...register('username')} />}
      </FormField>
      <NewPasswordField
        id="new-password"
        label="Password"
        error={errors.password?.message}
        input={register('password')}
      />
      <FormField id="new-role" label="Role">
        {(c) => (
          <select {...c} className={controlClass} {...register('role')}>
            <option value="staff">Staff</option>
            <option value="owner">Owner</option>
          </select>
        )}
      </FormField>
      <button type="submit" className={`${button.dark} sm:mt-6`} disabled={isSubmitting}>
        {isSubmitting ? 'Adding...' : 'Add account'}
      </button>
    </form>
  );
}

function ResetPasswordForm({ account, onDone }: { account: StaffAccount; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = `reset-${account.id}`;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = passwordPolicyProblem(password, account.username);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await resetStaffPassword(account.id, password);
      toast({ title: 'Password reset', description: `${account.username} was signed out everywhere.` });
      onDone();
    } catch (err) {
      setError(fieldError(err, 'password') ?? errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-wrap items-start gap-3">
      <div className="min-w-64 flex-1">
        <NewPasswordField
          id={id}
          label={`New password for ${account.username}`}
          error={error}
          input={{ value: password, onChange: (e) => setPassword(e.target.value) }}
        />
      </div>
      <div className="flex gap-2 pt-6">
        <button type="submit" className={button.dark} disabled={busy}>
          {busy ? 'Saving...' : 'Set password'}
        </button>
        <button type="button" className={button.secondary} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function StaffAccountsPage({ currentUserId }: { currentUserId: number }) {
  const { accounts, error, reload } = useStaffAccounts();
  const [busy, setBusy] = useState<number | null>(null);
  const [resetting, setResetting] = useState<number | null>(null);
  const [disabling, setDisabling] = useState<StaffAccount | null>(null);

  const toggle = async (a: StaffAccount) => {
    setBusy(a.id);
    try {
      await setStaffDisabled(a.id, !a.disabled);
      toast({
        title: a.disabled ? 'Account enabled' : 'Account disabled',
        description: a.disabled ? `${a.username} can sign in again.` : `${a.username} was signed out everywhere.`,
      });
      await reload();
    } catch (err) {
      toast({ title: 'Nothing changed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const columns: Column<StaffAccount>[] = [
    {
      header: 'Username',
      cell: (a) => (
        <>
          {a.username}
          {a.id === currentUserId && <span className="ml-2 text-stone-600">(you)</span>}
          {resetting === a.id && (
            <div className="mt-3 font-normal">
              <ResetPasswordForm account={a} onDone={() => setResetting(null)} />
            </div>
          )}
        </>
      ),
      cellClassName: 'font-medium text-stone-900',
    },
    { header: 'Role', cell: (a) => (a.role === 'owner' ? 'Owner' : 'Staff') },
    {
      header: 'Status',
      cell: (a) => (
        <span className={a.disabled ? 'font-semibold text-red-700' : 'text-emerald-800'}>
          {a.disabled ? 'Disabled' : 'Active'}
        </span>
      ),
    },
    {
      header: 'Last sign-in',
      cell: (a) => (a.lastLoginAt ? formatDateTime(a.lastLoginAt) : 'Never'),
      cellClassName: 'whitespace-nowrap',
    },
    {
      header: 'Actions',
      cell: (a) => (
        <div className="flex flex-wrap gap-2">
          {a.id !== currentUserId && (
            <button
              type="button"
              className={`${small} whitespace-nowrap ${a.disabled ? 'text-lake-900 ring-stone-300' : 'text-red-800 ring-red-300'}`}
              disabled={busy === a.id}
              onClick={() => (a.disabled ? void toggle(a) : setDisabling(a))}
              aria-label={`${a.disabled ? 'Enable' : 'Disable'} ${a.username}`}
            >
              {a.disabled ? 'Enable' : 'Disable'}
            </button>
          )}
          <button
            type="button"
            className={`${small} whitespace-nowrap text-lake-900 ring-stone-300`}
            onClick={() => setResetting(resetting === a.id ? null : a.id)}
            aria-label={`Reset password of ${a.username}`}
          >
            Reset password
          </button>
        </div>
      ),
    },
  ];

  let body;
  if (!accounts && error)
    body = (
      <LoadFailed
        message={errorMessage(error, 'Error loading staff accounts. Please try again later.')}
        onRetry={() => void reload()}
      />
    );
  else if (!accounts) body = <LoadingText>Loading staff accounts...</LoadingText>;
  else
    body = (
      <SelectableTable
        label="Staff accounts"
        caption="Staff accounts"
        rows={accounts}
        columns={columns}
        rowKey={(a) => a.id}
        density="comfortable"
        minWidth="44rem"
        align="top"
      />
    );

  return (
    <>
      <h1 className="text-2xl font-bold text-lake-900">Staff accounts</h1>
      <p className="mt-2 text-stone-700">
        Owners add staff, disable accounts and reset passwords. Disabling an account or resetting its password signs it
        out everywhere at once.
      </p>
      <section aria-labelledby="add-account" className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <h2 id="add-account" className="text-lg font-semibold text-lake-900">
          Add account
        </h2>
        <AddAccountForm onAdded={() => void reload()} />
      </section>
      <div className="mt-6">{body}</div>
      <ConfirmDialog
        open={disabling !== null}
        title="Disable Account"
        message={
          disabling
            ? `Disable ${disabling.username}? The account is signed out everywhere and cannot sign in until it is enabled again.`
            : undefined
        }
        confirmLabel="Disable"
        busy={disabling !== null && busy === disabling.id}
        onCancel={() => setDisabling(null)}
        onConfirm={() => {
          const a = disabling!;
          void toggle(a).finally(() => setDisabling(null));
        }}
      />
    </>
  );
}
