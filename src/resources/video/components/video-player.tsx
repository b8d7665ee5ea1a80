import { Trans, useLingui } from '@lingui/react/macro';
import { AspectRatio, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { imageSources } from '../../../contract/image-variants';
import type { VideoRecord } from '../model';
import { pickRendition, playInfoQuery, vodCredentialQuery } from '../playback';
import classes from './video-player.module.css';
import { useFailReason } from './video-status';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * hls.js (its light build: no subtitles, alternate audio or DRM, which the service does not make)
 * in a chunk of its own, fetched only when someone means to play: the record page stays within a
 * screen's budget, and a browser that plays HLS itself never downloads it.
 */
const loadHls = () => import('hls.js/light').then((m) => m.default);

type Phase = 'idle' | 'loading' | 'playing' | 'error';

/**
 * A video's player on its record page. Until the video is `Normal` it says what processing is
 * doing; then the cover with a Play button, and on Play the HLS rendition from GetPlayInfo in the
 * browser's own player (native HLS where the browser has it, hls.js elsewhere).
 */
export function VideoPlayer({ video }: { video: VideoRecord }) {
  const { t } = useLingui();
  const reasonOf = useFailReason();
  const ready = video.status === 'Normal';
  const credential = useQuery({ ...vodCredentialQuery(), enabled: ready });
  const play = useQuery({ ...playInfoQuery(video.videoId, credential.data), enabled: ready && !!credential.data });
  const ref = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  // The screen's width in device pixels: the smallest rendition that fills it.
  const rendition = play.data ? pickRendition(play.data, window.innerWidth * window.devicePixelRatio) : undefined;
  const url = rendition?.PlayURL;
  const hls = useRef<{ destroy(): void } | null>(null);

  // A different address (another video, a new rendition) or leaving the page ends what was attached.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each new address
  useEffect(
    () => () => {
      hls.current?.destroy();
      hls.current = null;
      setPhase('idle');
    },
    [url],
  );

  const prefetch = () => {
    if (ref.current && !ref.current.canPlayType(HLS_TYPE)) void loadHls();
  };

  const start = async () => {
    const el = ref.current;
    if (!el || !url) return;
    setPhase('loading');
    try {
      if (el.canPlayType(HLS_TYPE)) {
        el.src = url;
      } else {
        const Hls = await loadHls();
        if (!Hls.isSupported()) throw new Error('no MSE');
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
      // A play() refused by the browser (no gesture left) still leaves the controls to press.
      if (!(e instanceof DOMException && e.name === 'NotAllowedError')) setPhase('error');
    }
  };

  const poster = video.coverUrl ? imageSources(video.coverUrl, 1024).src : undefined;
  const title = video.title;
  const label = t`Video: ${title}`;

  if (!ready) {
    const failed = video.status === 'TranscodeFail';
    return (
      <AspectRatio ratio={16 / 9} className={classes.frame} data-testid="video-player">
        <Center p="md">
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
      </AspectRatio>
    );
  }

  return (
    <AspectRatio ratio={16 / 9} className={classes.frame} data-testid="video-player">
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
          {phase === 'error' ? (
            <Text c="gray.2" size="sm" role="alert" p="md" ta="center">
              <Trans>The video could not be played.</Trans>
            </Text>
          ) : play.isError || credential.isError ? (
            <Text c="gray.2" size="sm" role="alert" p="md" ta="center">
              <Trans>The video service did not give an address to play.</Trans>
            </Text>
          ) : (
            <Button
              size="lg"
              radius="xl"
              leftSection={<IconPlayerPlayFilled size={20} aria-hidden />}
              loading={phase === 'loading' || !url}
              disabled={!url}
              // The player's code starts loading when a pointer or the focus reaches the button.
              onPointerEnter={prefetch}
              onFocus={prefetch}
              onClick={() => void start()}
              aria-label={t`Play ${title}`}
              data-testid="video-play"
            >
              <Trans>Play</Trans>
            </Button>
          )}
        </Center>
      )}
    </AspectRatio>
  );
}
