import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { imageSources } from '../../../contract/image-variants';
import type { VideoRecord } from '../model';
import classes from './video-player.module.css';
import { useFailReason } from './video-status';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * hls.js (its light build: no subtitles, alternate audio or DRM, which the service does not make)
 * in a chunk of its own, fetched only when someone means to play: the record page stays within a
 * screen's budget, and a browser that plays HLS itself never downloads it.
 */
const loadHls = () => import('hls.js/light').then((m) => m.default);
const loadPlayback = () => import('../playback');

type Phase = 'idle' | 'loading' | 'playing' | 'unavailable' | 'error';

/**
 * A video's player on its record page. Until the video is `Normal` it says what processing is
 * doing; then the cover with a Play button, and on Play the HLS rendition from GetPlayInfo in the
 * browser's own player (native HLS where the browser has it, hls.js elsewhere). What playing needs
 * (the signed call, hls.js) starts loading when a pointer or the focus reaches Play.
 */
export function VideoPlayer({ video }: { video: VideoRecord }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const reasonOf = useFailReason();
  const ready = video.status === 'Normal';
  const ref = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const hls = useRef<{ destroy(): void } | null>(null);
  // The code playing needs, loading since the first sign of intent.
  const code = useRef<Promise<unknown> | null>(null);

  // Another video, or leaving the page, ends what was attached.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each video
  useEffect(
    () => () => {
      hls.current?.destroy();
      hls.current = null;
      setPhase('idle');
    },
    [video.videoId],
  );

  const native = () => Boolean(ref.current?.canPlayType(HLS_TYPE));
  const prefetch = () => {
    code.current ??= Promise.all([loadPlayback(), native() ? null : loadHls()]).catch(() => {
      code.current = null;
    });
  };

  const start = async () => {
    const el = ref.current;
    if (!el) return;
    setPhase('loading');
    prefetch();
    let url: string;
    try {
      const { playUrl } = await loadPlayback();
      // The screen's width in device pixels: the smallest rendition that fills it.
      url = await playUrl(queryClient, video.videoId, window.innerWidth * window.devicePixelRatio);
    } catch {
      setPhase('unavailable');
      return;
    }
    try {
      if (native()) {
        el.src = url;
      } else {
        const Hls = await loadHls();
        if (!Hls.isSupported()) throw new Error('no Media Source Extensions');
        hls.current?.destroy();
        const player = new Hls();
        hls.current = player;
        player.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setPhase('error');
        });
        player.loadSource(url);
        player.attachMedia(el);
      }
      setPhase('playing');
      await el.play();
    } catch (e) {
      // A play() the browser refused (the click's permission ran out) leaves the controls to press.
      if (!(e instanceof DOMException && e.name === 'NotAllowedError')) setPhase('error');
    }
  };

  const poster = video.coverUrl ? imageSources(video.coverUrl, 1024).src : undefined;
  const title = video.title;
  const label = t`Video: ${title}`;

  if (!ready) {
    const failed = video.status === 'TranscodeFail';
    return (
      <div className={classes.frame} data-testid="video-player">
        <Center p="md" h="100%">
          <Stack gap="xs" align="center" ta="center">
            {!failed && <Loader size="sm" color="gray.4" aria-hidden />}
            <Text c="gray.3" size="sm">
              {failed ? (
                (reasonOf(video.failReason) ?? t`Processing failed.`)
              ) : (
                <Trans>The video can be played once it has been processed.</Trans>
              )}
            </Text>
          </Stack>
        </Center>
      </div>
    );
  }

  return (
    <div className={classes.frame} data-testid="video-player">
      {/* biome-ignore lint/a11y/useMediaCaption: the service makes no captions */}
      <video
        ref={ref}
        className={classes.video}
        aria-label={label}
        poster={poster}
        controls={phase === 'playing'}
        playsInline
        preload="none"
        data-testid="video-element"
        onError={() => phase === 'playing' && setPhase('error')}
      />
      {phase !== 'playing' && (
        <Center className={classes.overlay}>
          <Stack gap="sm" align="center" p="md">
            {(phase === 'error' || phase === 'unavailable') && (
              <Text c="gray.1" size="sm" role="alert" ta="center" className={classes.message}>
                {phase === 'error' ? (
                  <Trans>The video could not be played.</Trans>
                ) : (
                  <Trans>The video service did not give an address to play.</Trans>
                )}
              </Text>
            )}
            <Button
              size="lg"
              radius="xl"
              leftSection={<IconPlayerPlayFilled size={20} aria-hidden />}
              loading={phase === 'loading'}
              // What playing needs starts loading when a pointer or the focus reaches the button.
              onPointerEnter={prefetch}
              onFocus={prefetch}
              onClick={() => void start()}
              aria-label={t`Play ${title}`}
              data-testid="video-play"
            >
              <Trans>Play</Trans>
            </Button>
          </Stack>
        </Center>
      )}
    </div>
  );
}
