import type { Db } from '../../server/db/client';
import { createdIn, type Scope } from '../../server/scope';
import { newId } from '../../shared/ids';
import { distributions } from './tables';
import type { ScriptSplit } from './variables';

/**
 * A distribution of the video's own with no deliveries, only renders: a share link's fallback render
 * (decision 130) and a recipient's render before sending (decision 224). Cut as `split` says, so the
 * personalise-video job makes its renders as a send would. Answers its id.
 */
export async function insertRenderOnlyDistribution(tx: Db, scope: Scope, o: { videoId: string; split: ScriptSplit; message: string }) {
  const id = newId();
  await tx.insert(distributions).values({
    id,
    ...createdIn(scope),
    videoId: o.videoId,
    campaignId: null,
    platforms: [],
    message: o.message,
    personalizeVideo: true,
    headScript: o.split.head,
    tailScript: o.split.tail,
    scriptParts: o.split.parts,
    baseUrl: '',
  });
  return id;
}
