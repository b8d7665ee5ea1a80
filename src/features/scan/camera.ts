/**
 * The back camera for scanning: started on the user's press, stopped on close or success (the
 * light next to the lens goes off). Errors are sorted into what the user can act on.
 */
export type CameraError = 'denied' | 'no-camera' | 'in-use' | 'unsupported';

export function cameraErrorOf(e: unknown): CameraError {
  const name = (e as { name?: string } | null)?.name;
  // Denied now or before (a site setting), or refused by a permissions policy.
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return 'no-camera';
  }
  // Another app holds the camera, or the hardware failed to start.
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'in-use';
  return 'unsupported';
}

export async function startCamera(): Promise<MediaStream> {
  // No mediaDevices: an insecure page (http on another host than localhost) or an old browser.
  if (!navigator.mediaDevices?.getUserMedia)
    throw Object.assign(new Error('no getUserMedia'), { name: 'NotFoundError' });
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    // The back camera where there is one (a laptop's front camera otherwise); enough pixels for
    // the bars of an EAN-13 at arm's length, not so many that each frame is slow to read.
    video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
  });
}

export function stopCamera(stream: MediaStream | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

type TorchCapable = MediaTrackCapabilities & { torch?: boolean };

/** The camera's light, where the device lets a page switch it (Chrome on Android). */
export function torchOf(stream: MediaStream): ((on: boolean) => Promise<void>) | undefined {
  const track = stream.getVideoTracks()[0];
  const caps = track?.getCapabilities?.() as TorchCapable | undefined;
  if (!track || !caps?.torch) return undefined;
  return (on) => track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
}
