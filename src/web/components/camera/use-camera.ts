import { useEffect, useState } from 'react';

export type CameraFailure = 'missing' | 'denied' | 'busy' | 'insecure' | 'other';
export type CameraState = { status: 'starting' } | { status: 'live'; stream: MediaStream } | { status: 'failed'; reason: CameraFailure; name: string };

/** A webcam's best picture for an avatar: 720p, the user-facing camera; no sound (a clip's sound is not used). */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
  audio: false,
};

/** Why getUserMedia failed, in the words the panel uses (its errors are DOMExceptions named by the spec). */
export function cameraFailure(error: unknown): { reason: CameraFailure; name: string } {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : 'Error';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return { reason: 'missing', name };
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') return { reason: 'denied', name };
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return { reason: 'busy', name };
  return { reason: 'other', name };
}

const stopAll = (stream: MediaStream) => {
  for (const track of stream.getTracks()) track.stop();
};

/** Opens the camera while the component is mounted; the light goes off when it unmounts. */
export function useCamera(): CameraState {
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  useEffect(() => {
    // Browsers offer the camera only to secure pages (https, localhost).
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ status: 'failed', reason: 'insecure', name: 'NotSupportedError' });
      return;
    }
    let live = true;
    let opened: MediaStream | null = null;
    navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS).then(
      (stream) => {
        if (!live) return stopAll(stream);
        opened = stream;
        setState({ status: 'live', stream });
      },
      (e: unknown) => {
        if (live) setState({ status: 'failed', ...cameraFailure(e) });
      },
    );
    return () => {
      live = false;
      if (opened) stopAll(opened);
    };
  }, []);
  return state;
}
