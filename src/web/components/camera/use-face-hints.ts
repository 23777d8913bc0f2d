import { type RefObject, useEffect, useState } from 'react';
import { loadFaceDetector } from './face-detector';
import { type FaceBox, type FaceHint, countedFaces, faceHint, meanLuma } from './face-hints';

/** 2–4 looks a second: the next look starts this long after the previous one ends. */
export const HINT_INTERVAL_MS = 300;

export type HintState =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'ready'; hint: FaceHint; faces: FaceBox[]; width: number; height: number };

/** The mean brightness of the face in the current frame (a 24 × 24 copy of its box). */
function faceLuma(video: HTMLVideoElement, face: FaceBox, ctx: CanvasRenderingContext2D): number {
  ctx.drawImage(video, face.x, face.y, face.w, face.h, 0, 0, 24, 24);
  return meanLuma(ctx.getImageData(0, 0, 24, 24).data);
}

/** Live hints about the face in a playing video, while `active`; the detector loads on first use. */
export function useFaceHints(video: RefObject<HTMLVideoElement | null>, active: boolean): HintState {
  const [state, setState] = useState<HintState>({ status: 'loading' });
  useEffect(() => {
    if (!active) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const small = document.createElement('canvas');
    small.width = 24;
    small.height = 24;
    const ctx = small.getContext('2d', { willReadFrequently: true });
    loadFaceDetector().then(
      (detector) => {
        const look = async () => {
          const v = video.current;
          if (!live) return;
          if (v && v.readyState >= 2 && v.videoWidth > 0) {
            const width = v.videoWidth;
            const height = v.videoHeight;
            const faces = await detector.detect(v, width, height).catch(() => null);
            if (!live) return;
            if (faces) {
              const main = countedFaces(faces);
              const luma = main.length === 1 && ctx ? faceLuma(v, main[0], ctx) : undefined;
              setState({ status: 'ready', hint: faceHint({ width, height, faces, luma }), faces, width, height });
            }
          }
          timer = setTimeout(look, HINT_INTERVAL_MS);
        };
        void look();
      },
      () => {
        if (live) setState({ status: 'unavailable' });
      },
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [video, active]);
  return state;
}
