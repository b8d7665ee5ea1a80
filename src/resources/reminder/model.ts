import { msg } from '@lingui/core/macro';
import { searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Option } from '../../components/resource/types';
import type { ReminderKind, ReminderState } from './schema';
import { reminderSpec } from './spec';

export const REMINDER_KIND_OPTIONS: Option<ReminderKind>[] = [
  { value: 'due_soon', label: msg`Due soon`, color: 'blue' },
  { value: 'overdue', label: msg`Overdue`, color: 'red' },
  { value: 'ready', label: msg`Ready for pickup`, color: 'teal' },
];

export const REMINDER_STATE_OPTIONS: Option<ReminderState>[] = [
  { value: 'queued', label: msg`Waiting to send`, color: 'gray' },
  { value: 'sending', label: msg`Sending`, color: 'blue' },
  { value: 'sent', label: msg`Sent`, color: 'green' },
  { value: 'failed', label: msg`Failed`, color: 'red' },
  { value: 'no_address', label: msg`No address`, color: 'orange' },
  { value: 'mail_off', label: msg`Not sent: mail is off`, color: 'yellow' },
];

/** /users/reminder?pageNum&pageSize&keyword&sort&order&kind&state&createdFrom&createdTo */
export const reminderSearchSchema = searchSchemaOf(reminderSpec);
