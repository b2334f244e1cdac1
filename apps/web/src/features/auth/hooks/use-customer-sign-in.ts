import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import type { ClientAccount } from '@portal/shared/customer-schemas';
import { getClients } from '../api/get-clients';
import { login } from '../api/login';
import { useFinishSignIn } from './use-finish-sign-in';

export interface Credentials {
  email: string;
  password: string;
}

export interface SignInOptions {
  /** Runs after the server signed the customer in and before the app moves on. */
  beforeFinish?: () => Promise<void>;
  /** Runs when the user closes "Select Account" without choosing. */
  onCancel?: () => void;
}

interface PendingChoice {
  credentials: Credentials;
  accounts: ClientAccount[];
  options: SignInOptions;
}

/**
 * The customer login flow of D1 §4: ask which accounts the credentials open; several →
 * "Select Account"; one (or the account named by ?client_id) → sign in directly.
 */
export function useCustomerSignIn() {
  const finish = useFinishSignIn();
  const location = useLocation();
  const [choice, setChoice] = useState<PendingChoice | null>(null);

  const loginAs = useCallback(
    async (credentials: Credentials, clientId: number | undefined, options: SignInOptions) => {
      const serverRedirect = new URLSearchParams(location.search).get('server_redirect') ?? undefined;
      const answer = await login({ ...credentials, client_id: clientId, server_redirect: serverRedirect });
      await options.beforeFinish?.();
      setChoice(null);
      finish(answer);
    },
    [finish, location.search],
  );

  const signIn = useCallback(
    async (credentials: Credentials, options: SignInOptions = {}) => {
      const { clients } = await getClients(credentials.email, credentials.password);
      const wanted = Number(new URLSearchParams(location.search).get('client_id'));
      const preselected = clients.find((c) => c.ClientID === wanted);
      if (preselected) return loginAs(credentials, preselected.ClientID, options);
      if (clients.length > 1) {
        setChoice({ credentials, accounts: clients, options });
        return;
      }
      return loginAs(credentials, clients[0]?.ClientID, options);
    },
    [loginAs, location.search],
  );

  const chooseAccount = useCallback(
    async (clientId: number) => {
      if (!choice) return;
      await loginAs(choice.credentials, clientId, choice.options);
    },
    [choice, loginAs],
  );

  const cancelChoice = useCallback(() => {
    choice?.options.onCancel?.();
    setChoice(null);
  }, [choice]);

  return { signIn, accounts: choice?.accounts ?? null, chooseAccount, cancelChoice };
}
