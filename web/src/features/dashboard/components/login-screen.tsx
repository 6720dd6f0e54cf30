/**
 * The dashboard's login screen, titled 'Marketing': username and password (both required),
 * 'Logging in...' while the server checks them, and the spec's success and failure toasts.
 */
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useSWRConfig } from 'swr';
import { LoginRequestSchema, type SessionInfo } from '@lp/contracts';
import { ApiError } from '../../../lib/api-request';
import { toast } from '../../../components/toast/toast-store';
import { button } from '../../../components/ui/styles';
import { TextInput } from '../../../components/form/form-controls';
import { login } from '../api/login';
import { SESSION_KEY } from '../api/get-session';

export function LoginScreen() {
  const { mutate } = useSWRConfig();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: valibotResolver(LoginRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { user, expiresAt, timeZone } = await login(values);
      toast({ title: 'Login successful', description: 'You are now logged into the marketing dashboard' });
      const session: SessionInfo = { user, expiresAt, timeZone };
      await mutate(SESSION_KEY, session, { revalidate: false });
    } catch (error) {
      const throttled = error instanceof ApiError && error.status === 429;
      toast({
        title: 'Login failed',
        description: throttled
          ? 'Too many attempts. Please wait a moment and try again.'
          : 'Invalid username or password',
        variant: 'destructive',
      });
    }
  });

  return (
    <main id="main" className="grid min-h-dvh place-items-center bg-stone-100 px-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-md ring-1 ring-stone-200">
        <h1 className="text-center text-2xl font-bold text-lake-900">Marketing</h1>
        <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-4">
          <TextInput
            id="login-username"
            label="Username"
            autoComplete="username"
            error={errors.username?.message}
            registration={register('username')}
          />
          <div>
            <label htmlFor="login-password" className="block text-sm font-medium text-stone-800">
              Password
            </label>
            <input
              id="login-password"
              type="password"
              autoComplete="current-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'login-password-error' : undefined}
              className="mt-1 block w-full rounded-md border border-stone-400 px-3 py-2 text-base aria-[invalid=true]:border-red-700"
              {...register('password')}
            />
            {errors.password && (
              <p id="login-password-error" className="mt-1 text-sm font-medium text-red-700">
                {errors.password.message}
              </p>
            )}
          </div>
          <button type="submit" className={`${button.dark} w-full`} disabled={isSubmitting}>
            {isSubmitting ? 'Logging in...' : 'Log in'}
          </button>
        </form>
      </div>
    </main>
  );
}
