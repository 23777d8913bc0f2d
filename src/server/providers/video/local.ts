import { renderTalkingVideo } from '../../../media/render';
import type { RenderInput, RenderResult } from '../../../media/render';

/**
 * The offline default: the media engine renders on this machine, synchronously
 * inside the render job (progress comes from ffmpeg), no account anywhere.
 */
export interface LocalVideoProvider {
  readonly name: 'local';
  render(input: RenderInput): Promise<RenderResult>;
}

export function createLocalVideoProvider(): LocalVideoProvider {
  return { name: 'local', render: (input) => renderTalkingVideo(input) };
}
