import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '../../contract/auth';
import type { SignInEvent } from '../../contract/security-events';
import { http } from '../../lib/api';

/** GET /auth/sessions: the member's signed-in devices, newest activity first. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['auth', 'sessions'] as const,
    queryFn: () => http.get<SessionInfo[]>('/auth/sessions'),
    // "Last seen" moves with every request the other devices make.
    staleTime: 0,
  });

/** DELETE /auth/sessions/:id: that device is signed out at its next request. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete(`/auth/sessions/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      queryClient.setQueryData(sessionsQuery().queryKey, (list) => list?.filter((s) => s.id !== id));
    },
  });
}

/** GET /auth/sign-ins: the member's own last ten sign-ins, successes and failures, newest first. */
export const signInsQuery = () =>
  queryOptions({
    queryKey: ['auth', 'sign-ins'] as const,
    queryFn: () => http.get<SignInEvent[]>('/auth/sign-ins'),
    staleTime: 0,
  });
