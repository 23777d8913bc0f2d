import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { VideoPlayer } from './video-player-dialog';

describe('VideoPlayer', () => {
  test("the file with the browser's controls, inline on phones, its poster when it has one", () => {
    const out = renderToStaticMarkup(<VideoPlayer url="/f/a.mp4" poster="/f/a.jpg" className="w-full" testId="v" />);
    expect(out).toBe('<video src="/f/a.mp4" poster="/f/a.jpg" controls="" playsInline="" class="w-full" data-testid="v"></video>');
  });

  test('no poster attribute for a null poster; autoPlay when asked', () => {
    const out = renderToStaticMarkup(<VideoPlayer url="/f/b.mp4" poster={null} autoPlay className="w-full" testId="v" />);
    expect(out).not.toContain('poster');
    expect(out).toContain('autoPlay=""');
  });
});
