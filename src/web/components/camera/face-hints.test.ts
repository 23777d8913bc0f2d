import { describe, expect, test } from 'bun:test';
import { countedFaces, faceHint, MIN_FACE_LUMA, meanLuma, type FaceBox } from './face-hints';

// A 1280 × 720 camera frame; a face 300 px wide, centred, bright enough is the good case.
const frame = { width: 1280, height: 720 };
const face = (x: number, y: number, w: number, h = w): FaceBox => ({ x, y, w, h, score: 0.9 });
const centred = (w: number, h = w) => face(640 - w / 2, 360 - h / 2, w, h);

describe('live hints', () => {
  test('one centred face, large and light enough: looks good', () => {
    expect(faceHint({ ...frame, faces: [centred(300)], luma: 140 })).toBe('good');
    // Brightness unknown (not measured yet): the other rules still decide.
    expect(faceHint({ ...frame, faces: [centred(300)] })).toBe('good');
  });

  test('no face, or a second face at least half as wide as the first', () => {
    expect(faceHint({ ...frame, faces: [], luma: 140 })).toBe('none');
    expect(faceHint({ ...frame, faces: [centred(300), face(50, 50, 160)], luma: 140 })).toBe('several');
    // A stranger far behind does not count, as on the server.
    expect(faceHint({ ...frame, faces: [centred(300), face(50, 50, 100)], luma: 140 })).toBe('good');
    expect(countedFaces([face(50, 50, 100), centred(300)]).map((f) => f.w)).toEqual([300]);
  });

  test('off centre by more than 15 % of the frame, sideways or up and down', () => {
    expect(faceHint({ ...frame, faces: [face(640 - 150 + 0.16 * 1280, 210, 300)], luma: 140 })).toBe('centre');
    expect(faceHint({ ...frame, faces: [face(640 - 150 + 0.14 * 1280, 210, 300)], luma: 140 })).toBe('good');
    expect(faceHint({ ...frame, faces: [face(490, 360 - 150 - 0.16 * 720, 300)], luma: 140 })).toBe('centre');
  });

  test('too far: under 200 px wide, or under a quarter of the frame height', () => {
    expect(faceHint({ ...frame, faces: [centred(199, 250)], luma: 140 })).toBe('closer');
    expect(faceHint({ ...frame, faces: [centred(200, 250)], luma: 140 })).toBe('good');
    // 250 px wide but only 170 px high in a 720 px frame (under 25 %).
    expect(faceHint({ ...frame, faces: [centred(250, 170)], luma: 140 })).toBe('closer');
    // A 640 × 480 camera: 200 px is most of what counts.
    expect(faceHint({ width: 640, height: 480, faces: [face(220, 140, 200, 200)], luma: 140 })).toBe('good');
  });

  test('too dark', () => {
    expect(faceHint({ ...frame, faces: [centred(300)], luma: MIN_FACE_LUMA - 1 })).toBe('light');
    expect(faceHint({ ...frame, faces: [centred(300)], luma: MIN_FACE_LUMA })).toBe('good');
  });

  test('the first problem a person fixes comes first', () => {
    // Two small dark faces: "several" before "closer" or "light".
    expect(faceHint({ ...frame, faces: [face(0, 0, 100), face(900, 0, 90)], luma: 10 })).toBe('several');
    // Off centre and small: "centre" first.
    expect(faceHint({ ...frame, faces: [face(0, 0, 100)], luma: 10 })).toBe('centre');
    // Small and dark: "closer" first.
    expect(faceHint({ ...frame, faces: [centred(100)], luma: 10 })).toBe('closer');
  });
});

test('mean luma of RGBA pixels (Rec. 601)', () => {
  expect(meanLuma(new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255]))).toBeCloseTo(127.5, 5);
  expect(meanLuma(new Uint8ClampedArray([255, 0, 0, 255]))).toBeCloseTo(76.245, 3);
  expect(meanLuma(new Uint8ClampedArray([]))).toBe(0);
});
