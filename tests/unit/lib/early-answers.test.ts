import { describe, expect, it } from 'vitest';
import {
  dropEarlyAnswers,
  EARLY_ANSWER_MAX_AGE_MS,
  type EarlyAnswers,
  earlyKey,
  takeEarlyAnswer,
} from '../../../src/lib/early-answers';

const BASE = 'https://lectern.test/web/book';
const answer = (text: string) => Promise.resolve(new Response(text));

describe('early answers (started by the boot script before the entry arrived)', () => {
  it('spells the same request one way whatever the URL looked like', () => {
    expect(earlyKey('get', '/prod-api/auth/info?token=a%2Bb', BASE)).toBe(
      earlyKey('GET', 'https://lectern.test/prod-api/auth/info?token=a+b'.replace('+', '%2B'), BASE),
    );
    expect(earlyKey('GET', '/prod-api/auth/info?token=a', BASE)).not.toBe(
      earlyKey('GET', '/prod-api/auth/info?token=b', BASE),
    );
    expect(earlyKey('GET', '/x', BASE)).not.toBe(earlyKey('POST', '/x', BASE));
  });

  it('hands an answer out once, to the same method and URL', async () => {
    const answers = { 'GET /prod-api/auth/info?token=t1': answer('info') };
    expect(takeEarlyAnswer('POST', '/prod-api/auth/info?token=t1', answers, 10, BASE)).toBeUndefined();
    expect(takeEarlyAnswer('GET', '/prod-api/auth/info?token=other', answers, 10, BASE)).toBeUndefined();
    const taken = takeEarlyAnswer('GET', 'https://lectern.test/prod-api/auth/info?token=t1', answers, 10, BASE);
    expect(await (await taken)?.text()).toBe('info');
    // A second request (a refetch later) goes to the network.
    expect(takeEarlyAnswer('GET', '/prod-api/auth/info?token=t1', answers, 20, BASE)).toBeUndefined();
  });

  it('is for the start-up only: after that the network answers', () => {
    const answers = { 'GET /prod-api/auth/info?token=t1': answer('info') };
    expect(
      takeEarlyAnswer('GET', '/prod-api/auth/info?token=t1', answers, EARLY_ANSWER_MAX_AGE_MS + 1, BASE),
    ).toBeUndefined();
    expect(takeEarlyAnswer('GET', '/prod-api/auth/info?token=t1', undefined, 10, BASE)).toBeUndefined();
  });

  it("matches a request's body too (a list's first page)", async () => {
    const body = '{"pageNum":1,"pageSize":10}';
    const answers = { [`POST /prod-api/book/page ${body}`]: answer('page') };
    expect(
      takeEarlyAnswer('POST', '/prod-api/book/page', answers, 10, BASE, '{"pageNum":2,"pageSize":10}'),
    ).toBeUndefined();
    expect(takeEarlyAnswer('POST', '/prod-api/book/page', answers, 10, BASE)).toBeUndefined();
    const taken = takeEarlyAnswer('POST', '/prod-api/book/page', answers, 10, BASE, body);
    expect(await (await taken)?.text()).toBe('page');
  });

  it('drops every answer not taken yet (the session changed, or the console went elsewhere)', () => {
    const body = '{"pageNum":1,"pageSize":10}';
    const answers: EarlyAnswers = {
      [`POST /prod-api/book/page ${body}`]: answer('refused'),
      'GET /prod-api/views?list=book': answer('refused'),
    };
    dropEarlyAnswers(answers);
    expect(takeEarlyAnswer('POST', '/prod-api/book/page', answers, 10, BASE, body)).toBeUndefined();
    expect(Object.keys(answers)).toEqual([]);
  });
});
