import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconBulb, IconBulbOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { usePhone } from '../../components/resource/use-phone';
import { type CameraError, cameraErrorOf, startCamera, stopCamera, torchOf } from './camera';
import { type DecoderKind, type Detector, loadDetector } from './decoder';
import classes from './scanner.module.css';

/** How often a frame is read: a few times a second finds a code at once and leaves a phone cool. */
const SCAN_EVERY_MS = 250;

type Failure = CameraError | 'reader';

interface Props {
  /**
   * What a decoded EAN-13 is worth: the book's ISBN, or undefined for another code (a product's).
   * Given by the opener (scan-button.tsx), so the check travels with the list, not with this dialog.
   */
  read: (code: string) => string | undefined;
  onClose: () => void;
  /** A book's ISBN was read: the camera is already off. */
  onIsbn: (isbn: string) => void;
}

/**
 * The camera's picture with a frame to hold the barcode in, read a few times a second until an
 * ISBN shows. The camera stops when this closes, whichever way.
 */
export default function ScannerModal({ read, onClose, onIsbn }: Props) {
  const { t } = useLingui();
  const phone = usePhone();
  const video = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'starting' | 'scanning'>('starting');
  const [failure, setFailure] = useState<Failure>();
  const [notIsbn, setNotIsbn] = useState<string>();
  const [decoder, setDecoder] = useState<DecoderKind>();
  const [torch, setTorch] = useState<{ set: (on: boolean) => Promise<void>; on: boolean }>();
  const done = useRef({ read, onIsbn });
  done.current = { read, onIsbn };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the camera (Try again)
  useEffect(() => {
    let live = true;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      live = false;
      clearTimeout(timer);
      stopCamera(stream);
      stream = undefined;
    };
    const scan = async (detector: Detector) => {
      const el = video.current;
      if (!live || !el) return;
      if (el.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && el.videoWidth > 0) {
        const codes = await detector.detect(el).catch(() => []);
        if (!live) return;
        for (const code of codes) {
          const isbn = done.current.read(code.rawValue);
          if (isbn) {
            stop();
            done.current.onIsbn(isbn);
            return;
          }
          setNotIsbn(code.rawValue);
        }
      }
      timer = setTimeout(() => void scan(detector), SCAN_EVERY_MS);
    };
    setState('starting');
    setFailure(undefined);
    const reader = loadDetector();
    void startCamera()
      .then(async (s) => {
        stream = s;
        if (!live) return stopCamera(s);
        const el = video.current;
        if (el) {
          el.srcObject = s;
          await el.play().catch(() => undefined);
        }
        const light = torchOf(s);
        if (light) setTorch({ set: light, on: false });
        let detector: Detector;
        try {
          const loaded = await reader;
          detector = loaded.detector;
          setDecoder(loaded.kind);
        } catch {
          if (live) setFailure('reader');
          return stop();
        }
        if (!live) return;
        setState('scanning');
        void scan(detector);
      })
      .catch((e: unknown) => {
        if (live) setFailure(cameraErrorOf(e));
      });
    return stop;
  }, [attempt]);

  const failureText: Record<Failure, string> = {
    denied: t`The camera is blocked for this site. Allow it in the browser's site settings, then try again.`,
    'no-camera': t`No camera was found on this device.`,
    'in-use': t`The camera could not start: another app may be using it.`,
    unsupported: t`This browser cannot open the camera here.`,
    reader: t`The barcode reader could not be loaded. Check the connection and try again.`,
  };

  return (
    <Dialog opened onClose={onClose} title={t`Scan a barcode`} fullScreen={phone} size="lg">
      <Stack gap="sm" data-testid="scan-dialog" data-decoder={decoder}>
        {failure ? (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
            data-testid="scan-error"
            data-error={failure}
          >
            {failureText[failure]}
          </Alert>
        ) : (
          <div className={classes.viewport}>
            {/* The picture says nothing a screen reader needs: the status below does. */}
            <video ref={video} className={classes.video} muted playsInline aria-hidden data-testid="scan-video" />
            <div className={classes.guide} aria-hidden />
          </div>
        )}
        {!failure && (
          <Text size="sm" role="status" data-testid="scan-status" data-state={state}>
            {state === 'starting' ? (
              <Trans>Starting the camera…</Trans>
            ) : (
              <Trans>Hold the barcode on the back of the book inside the frame.</Trans>
            )}
          </Text>
        )}
        {notIsbn && !failure && (
          <Alert color="yellow" role="alert" data-testid="scan-not-isbn">
            <Trans>
              {notIsbn} is not an ISBN. Scan the barcode that starts with 978 or 979, usually on the back cover.
            </Trans>
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          <Trans>No camera? Type the ISBN in the search box, or use a USB scanner there, and press Enter.</Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          {torch && !failure && (
            <Button
              variant="default"
              leftSection={torch.on ? <IconBulbOff size={16} aria-hidden /> : <IconBulb size={16} aria-hidden />}
              aria-pressed={torch.on}
              onClick={() => void torch.set(!torch.on).then(() => setTorch({ ...torch, on: !torch.on }))}
              data-testid="scan-torch"
            >
              <Trans context="the camera's flashlight">Light</Trans>
            </Button>
          )}
          {failure && failure !== 'no-camera' && (
            <Button variant="default" onClick={() => setAttempt((n) => n + 1)} data-testid="scan-retry">
              <Trans>Try again</Trans>
            </Button>
          )}
          <Button onClick={onClose} data-testid="scan-close" data-autofocus>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
