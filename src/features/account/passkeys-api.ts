import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasskeyInfo } from '../../contract/passkeys';
import { http } from '../../lib/api';
import { withReauth } from './mfa-api';

/** GET /auth/passkeys: the member's passkeys, oldest first. */
export const passkeysQuery = () =>
  queryOptions({
    queryKey: ['auth', 'passkeys'] as const,
    queryFn: () => http.get<PasskeyInfo[]>('/auth/passkeys'),
    staleTime: 0,
  });

/**
 * Adds a passkey: the server's options, the browser's own dialog, the server's check. The WebAuthn
 * helper loads on the first use only (the account page does not carry it otherwise). The browser's
 * dialog being closed rejects with its own error (NotAllowedError), which the caller words.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      // Adding a way to sign in asks for a recent sign-in first (ASVS 7.5.1), like the other factors.
      const optionsJSON = await withReauth(() =>
        http.post<Parameters<typeof startRegistration>[0]['optionsJSON']>(
          '/auth/passkeys/registration/options',
          {},
          { quiet: true },
        ),
      );
      const response = await startRegistration({ optionsJSON });
      return http.post<PasskeyInfo>('/auth/passkeys/registration/verify', { name, response }, { quiet: true });
    },
    onSuccess: (added) => {
      queryClient.setQueryData(passkeysQuery().queryKey, (list) => (list ? [...list, added] : [added]));
    },
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      withReauth(() => http.put(`/auth/passkeys/${encodeURIComponent(id)}`, { name })),
    onSuccess: (_data, { id, name }) => {
      queryClient.setQueryData(passkeysQuery().queryKey, (list) =>
        list?.map((p) => (p.id === id ? { ...p, name } : p)),
      );
    },
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => withReauth(() => http.delete(`/auth/passkeys/${encodeURIComponent(id)}`)),
    onSuccess: (_data, id) => {
      queryClient.setQueryData(passkeysQuery().queryKey, (list) => list?.filter((p) => p.id !== id));
    },
  });
}
