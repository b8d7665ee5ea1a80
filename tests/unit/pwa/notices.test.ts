import { describe, expect, it } from 'vitest';
import { uploadEnds } from '../../../src/features/video-upload/use-upload-notices';
import { FALLBACK_TEXTS, fillText, noticeText, videoTag, waitingCount } from '../../../src/sw/protocol/notices';

describe('the app badge', () => {
  it('adds what the member may see waiting; unknown or absent counts add nothing', () => {
    expect(waitingCount({ pendingApplications: 3, unreadMessages: 2 })).toBe(5);
    // The server leaves out the badges a member's roles may not see.
    expect(waitingCount({ unreadMessages: 4 })).toBe(4);
    // Overdue loans are the desk's own count (its menu badge), not work waiting on the icon.
    expect(waitingCount({ pendingApplications: 1, unreadMessages: 1, overdueLoans: 7 })).toBe(2);
    expect(waitingCount({})).toBe(0);
    expect(waitingCount(null)).toBe(0);
    expect(waitingCount({ pendingApplications: -1, unreadMessages: Number.NaN })).toBe(0);
  });
});

describe('video notices', () => {
  it('are one per video, in the language written for the session, else English', () => {
    expect(videoTag('abc')).toBe(videoTag('abc'));
    expect(videoTag('abc')).not.toBe(videoTag('abd'));
    const settings = {
      enabled: true,
      texts: { ja: { ...FALLBACK_TEXTS, videoReady: '再生できます：{title}' } },
    };
    expect(fillText(noticeText(settings, 'ja', 'videoReady'), '朝の読書')).toBe('再生できます：朝の読書');
    expect(fillText(noticeText(settings, 'es', 'videoReady'), 'Hora')).toBe('Ready to play: Hora');
    expect(fillText('{title} / {title}', 'a$&b')).toBe('a$&b / a$&b');
  });

  it('are asked for when an upload turns Success or Failure, once', () => {
    const before = new Map([
      ['a', 'Uploading' as const],
      ['b', 'Success' as const],
      ['c', 'Uploading' as const],
    ]);
    const items = [
      { id: 'a', state: 'Success' as const },
      { id: 'b', state: 'Success' as const },
      { id: 'c', state: 'Failure' as const },
      { id: 'd', state: 'Ready' as const },
    ];
    expect(uploadEnds(before, items)).toEqual([
      { id: 'a', state: 'Success' },
      { id: 'c', state: 'Failure' },
    ]);
  });
});
