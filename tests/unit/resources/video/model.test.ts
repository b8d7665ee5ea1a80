import { describe, expect, it } from 'vitest';
import { processingStep } from '../../../../src/features/video-upload/processing';
import { videoUpdateBody } from '../../../../src/resources/video/api';
import {
  FAIL_REASONS,
  formatResolution,
  formatVideoDuration,
  resolutionName,
  settled,
  toVideoFormValues,
  VIDEO_STATUS_OPTIONS,
  type VideoRecord,
  videoStatusOption,
} from '../../../../src/resources/video/model';
import { pickRendition } from '../../../../src/resources/video/playback';
import {
  VIDEO_FAIL_REASONS,
  VIDEO_STATUSES,
  videoPageSchema,
  videoUpdateSchema,
} from '../../../../src/resources/video/schema';

const video: VideoRecord = {
  id: 7,
  version: 3,
  createdAt: '2026-11-28T02:00:00.000Z',
  updatedAt: '2026-11-28T02:00:00.000Z',
  title: 'Reading hour',
  description: null,
  cateId: null,
  tags: 'kids,story',
  coverUrl: null,
  videoId: 'a1b2c3',
  fileName: 'reading-hour.mp4',
  fileSize: 1234,
  status: 'Normal',
  duration: 65.4,
  width: 1280,
  height: 720,
  failReason: null,
  snapshots: ['/vod/snap/a1b2c3/1.jpg'],
};

describe('video formats', () => {
  it.each([
    [0, '0:00'],
    [4.6, '0:05'],
    [65.4, '1:05'],
    [3599.6, '1:00:00'],
    [3723, '1:02:03'],
  ])('a duration of %s s reads %s', (seconds, text) => {
    expect(formatVideoDuration(seconds)).toBe(text);
  });

  it('says nothing of a duration not probed yet', () => {
    expect(formatVideoDuration(null)).toBeNull();
    expect(formatVideoDuration(Number.NaN)).toBeNull();
    expect(formatVideoDuration(-1)).toBeNull();
  });

  it('gives the resolution in pixels and by its lines, a portrait clip by its width', () => {
    expect(formatResolution(1280, 720)).toBe('1280×720');
    expect(resolutionName(1280, 720)).toBe('720p');
    expect(resolutionName(1080, 1920)).toBe('1080p');
    expect(formatResolution(null, 720)).toBeNull();
    expect(resolutionName(1280, null)).toBeNull();
  });
});

describe('video statuses', () => {
  it('has a label for each of the contract statuses, and a translation for each failure reason', () => {
    expect(VIDEO_STATUS_OPTIONS.map((o) => o.value).sort()).toEqual([...VIDEO_STATUSES].sort());
    expect(Object.keys(FAIL_REASONS).sort()).toEqual([...VIDEO_FAIL_REASONS].sort());
    expect(videoStatusOption('Transcoding')?.color).toBe('yellow');
  });

  it('counts playable and failed as settled, and the queue says processing until then', () => {
    expect(VIDEO_STATUSES.filter(settled)).toEqual(['TranscodeFail', 'Normal']);
    expect(VIDEO_STATUSES.map(processingStep)).toEqual(['processing', 'processing', 'processing', 'failed', 'ready']);
  });

  it('filters the list by every status the contract has', () => {
    for (const status of VIDEO_STATUSES) {
      expect(videoPageSchema.safeParse({ pageNum: 1, pageSize: 10, status }).success).toBe(true);
    }
  });
});

describe('video edits', () => {
  it('sends a new cover with the record as it is, which the update contract accepts', () => {
    const body = videoUpdateBody(video, { coverUrl: video.snapshots[0] });
    expect(body).toMatchObject({ id: 7, version: 3, title: 'Reading hour', tags: 'kids,story' });
    const parsed = videoUpdateSchema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('round-trips the form of a record through the update contract', () => {
    const values = toVideoFormValues(video);
    expect(values).toEqual({ title: 'Reading hour', description: '', cateId: null, tags: 'kids,story', coverUrl: '' });
    expect(videoUpdateSchema.safeParse({ ...values, id: video.id, version: video.version }).success).toBe(true);
  });
});

describe('pickRendition', () => {
  const list = [
    { Format: 'm3u8', PlayURL: '/hd.m3u8', Width: 1280, Height: 720 },
    { Format: 'm3u8', PlayURL: '/ld.m3u8', Width: 640, Height: 360 },
    { Format: 'm3u8', PlayURL: '/fhd.m3u8', Width: 1920, Height: 1080 },
  ];
  it('plays the smallest rendition that fills the screen, else the largest', () => {
    expect(pickRendition(list, 600)?.PlayURL).toBe('/ld.m3u8');
    expect(pickRendition(list, 1170)?.PlayURL).toBe('/hd.m3u8');
    expect(pickRendition(list, 2732)?.PlayURL).toBe('/fhd.m3u8');
    expect(pickRendition([], 600)).toBeUndefined();
  });
});
