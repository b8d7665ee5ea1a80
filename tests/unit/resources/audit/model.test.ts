import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as ja } from '../../../../src/locales/ja/messages.po';
import {
  type AuditRow,
  actorName,
  auditEntryTitle,
  auditRecordName,
  auditSearchSchema,
  changeLines,
  showValue,
} from '../../../../src/resources/audit/model';

describe('changeLines', () => {
  it('lists fields before bookkeeping, and secrets without values', () => {
    expect(
      changeLines({
        version: { from: 1, to: 2 },
        name: { from: 'A', to: 'B' },
        password: '(changed)',
        roles: { from: ['operator'], to: ['operator', 'admin'] },
      }),
    ).toEqual([
      { field: 'name', secret: false, from: 'A', to: 'B' },
      { field: 'password', secret: true, from: '', to: '' },
      { field: 'roles', secret: false, from: '["operator"]', to: '["operator","admin"]' },
      { field: 'version', secret: false, from: '1', to: '2' },
    ]);
  });
});

describe('showValue', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['x', 'x'],
    [0, '0'],
    [false, 'false'],
    [{ a: 1 }, '{"a":1}'],
  ])('%j → %j', (v, expected) => {
    expect(showValue(v)).toBe(expected);
  });
});

describe('auditSearchSchema', () => {
  it('keeps valid filters and drops broken ones', () => {
    expect(
      auditSearchSchema.read({ actor: '3', action: 'delete', resource: 'book', from: '2024-01-01', to: 'yesterday' }),
    ).toEqual({ pageNum: 1, pageSize: 10, actor: 3, action: 'delete', resource: 'book', from: '2024-01-01' });
  });
});

describe('an entry in the user language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
  const entry: AuditRow = {
    id: 1,
    at: '2026-11-25T10:00:00.000Z',
    actorId: null,
    actorName: 'system',
    action: 'update',
    resource: 'video',
    recordId: 1,
    changes: { status: { from: 'Uploading', to: 'Normal' } },
    recordTitle: 'clip',
    address: null,
    userAgent: null,
    reason: null,
    version: 0,
    createdAt: '',
    updatedAt: '',
  };

  it("names what was done to which record in the user's words, not the server's event text", () => {
    i18n.loadAndActivate({ locale: 'ja', messages: ja });
    expect(auditEntryTitle(entry, i18n)).toBe('変更 · 動画 #1 clip');
    expect(auditRecordName({ ...entry, recordTitle: null }, i18n)).toBe('動画 #1');
    // A noun the console does not know (an entry of an older server) keeps its own name.
    expect(auditRecordName({ ...entry, resource: 'shelf' }, i18n)).toBe('shelf #1 clip');
  });

  it("says the server's own work was done by the System, translated; a staff account by its name", () => {
    i18n.loadAndActivate({ locale: 'ja', messages: ja });
    expect(actorName(entry, i18n)).toBe('システム');
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    expect(actorName(entry, i18n)).toBe('System');
    // A member who chose the user name "system" is still that member.
    expect(actorName({ actorId: 7, actorName: 'system' }, i18n)).toBe('system');
    expect(actorName({ actorId: 3, actorName: 'admin' }, i18n)).toBe('admin');
  });
});
