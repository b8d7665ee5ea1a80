import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListSearch } from '../../components/resource/list/list-search';
import { resourceApiOf } from '../../components/resource/resource-api';
import { http } from '../../lib/api';
import type { Reminder, ReminderRun } from './schema';
import { reminderSpec } from './spec';

/** `/reminder`: the outbox, read only. Keys: ['reminder', 'page', body]. */
export const reminderApi = resourceApiOf<Reminder>('reminder', reminderSpec);

export const remindersQuery = (search: Partial<ListSearch>) => reminderApi.pageQuery(search);

/**
 * `POST /reminder/run` (admin): the daily job queued now. Its notices arrive as live changes; the
 * list is refreshed once more a few seconds later for a console without the live stream.
 */
export function useRunReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<ReminderRun>('/reminder/run', {}),
    onSuccess: () => {
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: reminderApi.key }), 3000);
    },
  });
}
