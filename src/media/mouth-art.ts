import type { MouthPose } from './visemes.ts';

// Mouths drawn in the avataaars style: the collection's own mouths are a dark interior at 70 %
// opacity, white upper teeth and a #FF4F6D tongue, inside the group `translate(78 134)` whose
// centre line is x = 54 with the lips meeting at y ≈ 16. The collection has no F/V, TH, rounded or
// pressed mouth, so every shape is drawn here from the pose, in those same colours.

const CX = 54;
const LIPS_Y = 17;
const INTERIOR = 'fill="#000" fill-opacity=".7"';

function f(n: number): string {
  return (Math.round(n * 100) / 100).toString();
}

/** SVG content (no wrapping group) of the mouth for a pose, in the mouth group's coordinates. */
export function mouthSvg(pose: MouthPose, id = 'm'): string {
  const round = Math.max(0, -pose.wide);
  const spread = Math.max(0, pose.wide);
  const hw = 13 * (1 - 0.5 * round) + 7 * spread;
  if (pose.press > 0.5) {
    // M, B, P: lips pressed flat and a little narrower, with the corners dimpled.
    const w = hw * 0.9;
    return `<rect x="${f(CX - w)}" y="${LIPS_Y - 2}" width="${f(2 * w)}" height="4" rx="2" ${INTERIOR}/><path d="M${f(CX - w - 2)} ${LIPS_Y - 3}q2 3 0 6M${f(CX + w + 2)} ${LIPS_Y - 3}q-2 3 0 6" stroke="#000" stroke-opacity=".35" stroke-width="1.5" stroke-linecap="round"/>`;
  }
  if (pose.open < 0.06 && pose.fv < 0.5 && pose.th < 0.5) {
    // Rest: the closed, slightly smiling line of `default`/`serious`.
    return `<path d="M${f(CX - hw)} ${LIPS_Y}q${f(hw)} ${f(3 + 2 * spread)} ${f(2 * hw)} 0" stroke="#000" stroke-opacity=".7" stroke-width="3.5" stroke-linecap="round" fill="none"/>`;
  }
  const h = pose.fv > 0.5 ? 5 : pose.th > 0.5 ? 7 : 3 + 26 * pose.open;
  // Upper edge rises for rounded mouths (an "o"), stays flat-ish for spread ones (a smile-like "ee").
  const top = LIPS_Y - h * (0.18 + 0.45 * round);
  const bottom = LIPS_Y + h * (0.85 - 0.3 * round);
  const outline = `M${f(CX - hw)} ${LIPS_Y}C${f(CX - hw * 0.7)} ${f(top)} ${f(CX + hw * 0.7)} ${f(top)} ${f(CX + hw)} ${LIPS_Y}C${f(CX + hw * 0.85)} ${f(bottom + h * 0.2)} ${f(CX - hw * 0.85)} ${f(bottom + h * 0.2)} ${f(CX - hw)} ${LIPS_Y}Z`;
  const parts = [`<clipPath id="${id}"><path d="${outline}"/></clipPath>`, `<path d="${outline}" ${INTERIOR}/>`];
  const inner: string[] = [];
  if (pose.teeth > 0.5 || pose.fv > 0.5 || pose.th > 0.5) {
    const teethH = Math.min(6, 2 + h * 0.3);
    inner.push(`<rect x="${f(CX - hw)}" y="${f(top - 2)}" width="${f(2 * hw)}" height="${f(LIPS_Y - top + teethH)}" fill="#fff"/>`);
  }
  if (pose.tongue > 0.5 && pose.th < 0.5) {
    inner.push(`<ellipse cx="${CX}" cy="${f(bottom + h * 0.05)}" rx="${f(hw * 0.62)}" ry="${f(Math.max(2, h * 0.38))}" fill="#FF4F6D"/>`);
  }
  parts.push(`<g clip-path="url(#${id})">${inner.join('')}</g>`);
  if (pose.fv > 0.5) {
    // F, V: the lower lip tucked under the upper teeth.
    parts.push(
      `<path d="M${f(CX - hw * 0.8)} ${f(LIPS_Y + 4)}q${f(hw * 0.8)} 4 ${f(hw * 1.6)} 0" stroke="#000" stroke-opacity=".45" stroke-width="2.5" stroke-linecap="round" fill="none"/>`,
    );
  }
  if (pose.th > 0.5) {
    // TH: the tongue tip shows between the teeth.
    parts.push(`<ellipse cx="${CX}" cy="${f(LIPS_Y + 4.5)}" rx="6.5" ry="3.5" fill="#FF4F6D"/>`);
  }
  return parts.join('');
}
