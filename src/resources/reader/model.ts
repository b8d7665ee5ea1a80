import { msg } from '@lingui/core/macro';
import { formValuesFrom } from '../../components/resource/form/form-values';
import { searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Option } from '../../components/resource/types';
import type { Gender, ReaderStatus } from './schema';
import { readerSpec } from './spec';

export const READER_STATUS_OPTIONS: Option<ReaderStatus>[] = [
  { value: 'active', label: msg`Active`, color: 'green' },
  { value: 'disabled', label: msg`Disabled`, color: 'gray' },
];

export const GENDER_OPTIONS: Option<Gender>[] = [
  { value: 'male', label: msg`Male`, color: 'blue' },
  { value: 'female', label: msg`Female`, color: 'pink' },
  { value: 'other', label: msg`Other`, color: 'grape' },
];

/** /users/user?pageNum&pageSize&keyword&sort&order&status&gender */
export const readerSearchSchema = searchSchemaOf(readerSpec);

export const toReaderFormValues = formValuesFrom({
  nickName: '',
  phone: '',
  email: '',
  gender: null as Gender | null,
  status: 'active' as ReaderStatus,
  avatarUrl: '',
});
export type ReaderFormValues = ReturnType<typeof toReaderFormValues>;
