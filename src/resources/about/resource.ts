import { msg } from '@lingui/core/macro';
import type { ResourceScreen } from '../../components/resource/types';
import { aboutApi } from './api';
import { type AboutFormValues, toAboutFormValues } from './model';
import { type About, aboutUpdateSchema } from './schema';

/**
 * About us described for the shared form machinery. Not a list (no columns, no delete): the one
 * company record always exists (version 0 before anyone saves it), so every save is an update.
 */
export const aboutScreen: ResourceScreen<About, AboutFormValues> & {
  form: NonNullable<ResourceScreen<About, AboutFormValues>['form']>;
} = {
  api: aboutApi,
  labels: { create: msg`Company`, edit: msg`Company`, delete: msg`Company` },
  recordTitle: (c) => c.name ?? '',
  columns: [],
  deleteMode: false,
  exportable: false,
  form: {
    // Always open on its page: the schema is part of it.
    schemas: { create: aboutUpdateSchema, update: aboutUpdateSchema },
    toValues: toAboutFormValues,
    fields: [
      { name: 'name', label: msg`Company name`, kind: 'text' },
      { name: 'phone', label: msg`Phone`, kind: 'text' },
      { name: 'email', label: msg`Email`, kind: 'text', placeholder: msg`contact@example.com` },
      { name: 'address', label: msg`Address`, kind: 'text' },
      { name: 'logoUrl', label: msg`Logo URL`, kind: 'url', span: 2, placeholder: msg`https://… or /prod-api/files/…` },
      { name: 'intro', label: msg`Introduction`, kind: 'textarea' },
    ],
  },
};
