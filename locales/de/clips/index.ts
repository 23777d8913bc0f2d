import en_clips from '../../en/clips';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceClipsTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const de_clips = namespaceWithFallback<NamespaceClipsTranslation>(en_clips, {});

export default de_clips;
