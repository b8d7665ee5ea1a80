import { describe, expect, it } from 'vitest';
import { Code } from '../../../src/contract/envelope';
import type { PendingWrite } from '../../../src/sw/protocol/pending-records';
import { classifyAnswer, planReplay, REPLAY_CODES, refusedRecord } from '../../../src/sw/protocol/writes-plan';

const write = (id: string, over: Partial<PendingWrite> = {}): PendingWrite => ({
  id,
  user: 'ann',
  path: 'apply',
  method: 'PUT',
  body: { id: 1 },
  recordId: Number(id.replace(/\D/g, '')) || undefined,
  values: {},
  title: id,
  draftKey: '',
  kind: 'desk',
  createdAt: 1000,
  state: 'pending',
  ...over,
});

const summary = (steps: ReturnType<typeof planReplay>) =>
  steps.map((s) => `${s.action}:${s.action === 'drop' ? s.writeId : s.write.id}`);

describe('the order the worker replays queued writes in', () => {
  it('sends in the order the writes were made, not the order they reached the queue', () => {
    const records = [write('w1', { createdAt: 30 }), write('w2', { createdAt: 10 }), write('w3', { createdAt: 20 })];
    const queued = ['w1', 'w2', 'w3'].map((writeId) => ({ writeId, user: 'ann' }));
    expect(summary(planReplay(queued, records, 'ann'))).toEqual(['send:w2', 'send:w3', 'send:w1']);
  });

  it('drops entries the page sent, discarded or dropped at sign-out, and ones already refused', () => {
    const records = [write('w2', { state: 'failed' }), write('w3')];
    const queued = ['w1', 'w2', 'w3'].map((writeId) => ({ writeId, user: 'ann' }));
    expect(summary(planReplay(queued, records, 'ann'))).toEqual(['drop:w1', 'drop:w2', 'send:w3']);
  });

  it('adds pending writes of the member signed in now that the queue lacks, in their turn', () => {
    const records = [write('w1', { createdAt: 5 }), write('w2', { createdAt: 9 }), write('b1', { user: 'bob' })];
    const steps = planReplay([{ writeId: 'w2', user: 'ann' }], records, 'ann');
    expect(summary(steps)).toEqual(['send:w1', 'send:w2']);
    expect(steps[0]?.queued).toBeUndefined();
    expect(steps[1]).toMatchObject({ queued: 0 });
  });

  it("never sends one member's write while another is signed in: held, and never added", () => {
    const records = [write('w1'), write('b1', { user: 'bob', recordId: 7 })];
    const queued = [
      { writeId: 'w1', user: 'ann' },
      { writeId: 'b1', user: 'bob' },
    ];
    expect(summary(planReplay(queued, records, 'bob'))).toEqual(['hold:w1', 'send:b1']);
  });

  it('holds a write made on top of one the server refused (same record), not the others', () => {
    const records = [
      write('a1', { recordId: 4, createdAt: 1, state: 'conflict' }),
      write('a2', { recordId: 4, createdAt: 2 }),
      write('a3', { recordId: 5, createdAt: 3 }),
    ];
    const queued = [
      { writeId: 'a2', user: 'ann' },
      { writeId: 'a3', user: 'ann' },
    ];
    expect(summary(planReplay(queued, records, 'ann'))).toEqual(['hold:a2', 'send:a3']);
  });

  it('sends a write handed over twice (a form saved again) once, as its last Request', () => {
    const queued = [
      { writeId: 'w1', user: 'ann' },
      { writeId: 'w1', user: 'ann' },
    ];
    const steps = planReplay(queued, [write('w1')], 'ann');
    expect(summary(steps)).toEqual(['drop:w1', 'send:w1']);
    expect(steps[1]).toMatchObject({ queued: 1 });
  });

  it('drops an entry whose user is not the record’s (a forged or mixed-up entry)', () => {
    expect(summary(planReplay([{ writeId: 'w1', user: 'bob' }], [write('w1')], undefined))).toEqual(['drop:w1']);
  });
});

describe("what the server's answer means for a replayed write", () => {
  it('uses the contract’s codes', () => {
    expect(REPLAY_CODES).toEqual({
      Ok: Code.Ok,
      OkAlt: Code.OkAlt,
      Conflict: Code.Conflict,
      TooManyRequests: Code.TooManyRequests,
      Internal: Code.Internal,
    });
  });

  it('success (a replay answered from the idempotency record too) sends', () => {
    expect(classifyAnswer(200, { code: 20000, msg: 'ok', data: { id: 1 } })).toEqual({ kind: 'sent', data: { id: 1 } });
  });

  it('a rule refusal (no copies left) is kept as failed, with its reason for translation', () => {
    const data = { reason: { code: 'no_copies', params: { title: 'Dune' } } };
    const out = classifyAnswer(409, { code: 40900, msg: 'No copies of "Dune" are left to lend', data });
    expect(out).toEqual({ kind: 'failed', message: 'No copies of "Dune" are left to lend', code: 40900, data });
    const record = refusedRecord(write('w1'), out as Extract<ReturnType<typeof classifyAnswer>, { kind: 'failed' }>);
    expect(record).toMatchObject({ state: 'failed', errorCode: 40900, errorData: data });
  });

  it('a stale version with the current record is a conflict', () => {
    const out = classifyAnswer(409, { code: 40900, msg: 'changed', data: { current: { id: 1, version: 3 } } });
    expect(out).toMatchObject({ kind: 'conflict', current: { id: 1, version: 3 } });
    expect(refusedRecord(write('w1'), out as never)).toMatchObject({ state: 'conflict', current: { version: 3 } });
  });

  it('validation keeps its field errors; a session that is gone (401) is a refusal, not retried', () => {
    const errors = [{ path: 'reply', message: 'Too long', code: 'max_length', params: { max: 2000 } }];
    expect(classifyAnswer(400, { code: 40000, msg: 'Invalid', data: { errors } })).toMatchObject({
      kind: 'failed',
      fieldErrors: { reply: errors[0] },
    });
    expect(classifyAnswer(401, { code: 50008, msg: 'Not signed in', data: null })).toMatchObject({
      kind: 'failed',
      code: 50008,
    });
  });

  it('no answer about the write (server error, overloaded, a proxy page) waits and is tried again', () => {
    expect(classifyAnswer(500, { code: 50000, msg: 'boom', data: null })).toEqual({ kind: 'retry' });
    expect(classifyAnswer(429, { code: 42900, msg: 'slow down', data: null })).toEqual({ kind: 'retry' });
    expect(classifyAnswer(502, undefined)).toEqual({ kind: 'retry' });
    expect(classifyAnswer(404, undefined)).toMatchObject({ kind: 'failed', code: 404 });
  });
});
